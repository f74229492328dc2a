import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorStatus, fieldErrors, ResponseFormatError } from './errors';

function httpError(status: number, data: unknown): AxiosError {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = { status, statusText: '', data, headers: {}, config } as AxiosResponse;
  return new AxiosError('Request failed', AxiosError.ERR_BAD_REQUEST, config, null, response);
}

describe('errorMessage', () => {
  it("shows the server's message when it sent one", () => {
    expect(errorMessage(httpError(401, { message: 'Invalid email or password' }), 'fallback')).toBe(
      'Invalid email or password',
    );
  });

  it('falls back when the answer has no usable message', () => {
    expect(errorMessage(httpError(500, '<html>oops</html>'), 'Failed to login. Please try again.')).toBe(
      'Failed to login. Please try again.',
    );
    expect(errorMessage(httpError(400, { message: '   ' }), 'fallback')).toBe('fallback');
    expect(errorMessage(httpError(400, { message: 42 }), 'fallback')).toBe('fallback');
    expect(errorMessage(httpError(400, null), 'fallback')).toBe('fallback');
  });

  it('falls back for network failures and unknown throws', () => {
    expect(errorMessage(new AxiosError('Network Error', AxiosError.ERR_NETWORK), 'fallback')).toBe('fallback');
    expect(errorMessage(new Error('internal detail'), 'fallback')).toBe('fallback');
    expect(errorMessage('a string', 'fallback')).toBe('fallback');
  });

  it("keeps the UI's own response-format message", () => {
    expect(errorMessage(new ResponseFormatError('Invalid response format'), 'fallback')).toBe(
      'Invalid response format',
    );
  });
});

describe('errorStatus and fieldErrors', () => {
  it('reads the status when the server answered', () => {
    expect(errorStatus(httpError(403, {}))).toBe(403);
    expect(errorStatus(new AxiosError('Network Error'))).toBeUndefined();
    expect(errorStatus(new Error('x'))).toBeUndefined();
  });

  it('reads well-formed field errors and ignores the rest', () => {
    const error = httpError(400, {
      message: 'Invalid input',
      errors: [{ path: 'email', message: 'Please enter a valid email address' }, { path: 1 }, 'junk'],
    });
    expect(fieldErrors(error)).toEqual([{ path: 'email', message: 'Please enter a valid email address' }]);
    expect(fieldErrors(httpError(400, { message: 'x' }))).toEqual([]);
    expect(fieldErrors(new Error('x'))).toEqual([]);
  });
});
