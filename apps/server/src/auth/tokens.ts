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
  try {
    const payload = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}
