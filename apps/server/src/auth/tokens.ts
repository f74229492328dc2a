import jwt from 'jsonwebtoken';

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

/** A token only names a session row; the row is what makes it valid (logout deletes it). */
export function signToken(secret: string, claims: TokenClaims): string {
  return jwt.sign({ sid: claims.sessionId }, secret, { subject: claims.userId, algorithm: 'HS256' });
}

export function verifyToken(secret: string, token: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}
