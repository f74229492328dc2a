import { describe, expect, it } from 'vitest';
import { capacityLabel, formatPrice, isFull, studentCountLabel } from './format';

describe('class formatting', () => {
  it('shows capacity as "n / max"', () => {
    expect(capacityLabel({ studentCount: 3, maxStudents: 20 })).toBe('3 / 20');
    expect(capacityLabel({ studentCount: 3, maxStudents: null })).toBe('3 / no limit');
  });

  it('knows when a class is full', () => {
    expect(isFull({ studentCount: 20, maxStudents: 20 })).toBe(true);
    expect(isFull({ studentCount: 19, maxStudents: 20 })).toBe(false);
    expect(isFull({ studentCount: 500, maxStudents: null })).toBe(false);
  });

  it('shows free classes as Free and prices in their currency (issue #37.11)', () => {
    expect(formatPrice({ isPaid: false, price: 0, currency: 'USD' })).toBe('Free');
    expect(formatPrice({ isPaid: true, price: 0, currency: 'USD' })).toBe('Free');
    expect(formatPrice({ isPaid: true, price: 19.5, currency: 'USD' })).toMatch(/^(US)?\$19[.,]50$/);
    expect(formatPrice({ isPaid: true, price: 19.5, currency: 'EUR' })).toMatch(/€\s?19[.,]50|19[.,]50\s?€/);
    expect(formatPrice({ isPaid: true, price: 1200, currency: 'JPY' })).toMatch(/[¥￥]\s?1,?200$/);
  });

  it('counts students in words', () => {
    expect(studentCountLabel(1)).toBe('1 student');
    expect(studentCountLabel(0)).toBe('0 students');
  });
});
