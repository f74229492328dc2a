import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

// jsonwebtoken turns a string secret into a key on every call, first trying it as a PEM public key and
// catching the failure: a tenth of the CPU of a simple signed-in read. The key is made once per secret.
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** A token only names a session row; the row is what makes it valid (logout deletes it). */
export function signToken(secret: string, claims: TokenClaims): string {
  return jwt.sign({ sid: claims.sessionId }, keyOf(secret), { subject: claims.userId, algorithm: 'HS256' });
}

export function verifyToken(secret: string, token: string): TokenClaims | null {
  const key = keyOf(secret);
  const known = verified.get(key)?.get(token);
  if (known) return known;
  try {
    const payload = jwt.verify(token, key, { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    const claims = { userId: payload.sub, sessionId: payload.sid };
    remember(key, token, claims);
    return claims;
  } catch {
    return null;
  }
}

// Checking a token's signature and decoding it (HMAC, base64, JSON) is work repeated on every signed-in
// request with the same token. A token carries no expiry (its session row decides,
// checked on every request), so a token once verified with a key stays verified with it: each key keeps
// the last tokens it verified. Only tokens that verified are kept, so nobody can fill this with noise.
const MAX_VERIFIED = 10_000;
const verified = new WeakMap<KeyObject, Map<string, TokenClaims>>();

function remember(key: KeyObject, token: string, claims: TokenClaims): void {
  let tokens = verified.get(key);
  if (!tokens) {
    tokens = new Map();
    verified.set(key, tokens);
  }
  // Maps keep insertion order: the first is the oldest.
  if (tokens.size >= MAX_VERIFIED) tokens.delete(tokens.keys().next().value as string);
  tokens.set(token, Object.freeze(claims));
}
