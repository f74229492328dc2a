import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken, verifyToken } from './tokens.js';

const secret = 'a-test-secret-of-at-least-thirty-two-chars';
const claims = { userId: '00000000-0000-4000-8000-000000000001', sessionId: '00000000-0000-4000-8000-000000000002' };

describe('verifyToken', () => {
  afterEach(() => vi.restoreAllMocks());

  it('checks a token’s signature once, then knows it', () => {
    const token = signToken(secret, claims);
    const verify = vi.spyOn(jwt, 'verify');
    expect(verifyToken(secret, token)).toEqual(claims);
    expect(verifyToken(secret, token)).toEqual(claims);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('a token known under one secret is still refused under another', () => {
    const token = signToken(secret, claims);
    expect(verifyToken(secret, token)).toEqual(claims);
    expect(verifyToken('another-secret-of-at-least-thirty-two-chars', token)).toBeNull();
  });

  it('refuses a forged token every time, and never keeps it', () => {
    const token = signToken(secret, claims);
    expect(verifyToken(secret, token)).toEqual(claims);
    const [header, , signature] = token.split('.');
    const body = Buffer.from(JSON.stringify({ sid: claims.sessionId, sub: 'someone-else' })).toString('base64url');
    const forged = `${header}.${body}.${signature}`;
    const verify = vi.spyOn(jwt, 'verify');
    expect(verifyToken(secret, forged)).toBeNull();
    expect(verifyToken(secret, forged)).toBeNull();
    expect(verify).toHaveBeenCalledTimes(2);
    expect(verifyToken(secret, 'not a token')).toBeNull();
  });
});
