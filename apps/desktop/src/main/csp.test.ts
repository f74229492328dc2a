import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('runs only the app’s own scripts and connects only to the saved server', () => {
    const policy = directives(contentSecurityPolicy('https://mentora.example.com/school'));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://mentora.example.com']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('connects nowhere else before a server is chosen', () => {
    expect(directives(contentSecurityPolicy(null)).get('connect-src')).toEqual(["'self'"]);
  });

  it('allows the dev server’s inline preamble and HMR socket in development only', () => {
    const dev = directives(
      contentSecurityPolicy('http://localhost:3000', { devServerOrigin: 'http://localhost:5173' }),
    );
    expect(dev.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(dev.get('connect-src')).toEqual([
      "'self'",
      'http://localhost:3000',
      'http://localhost:5173',
      'ws://localhost:5173',
    ]);
  });
});
