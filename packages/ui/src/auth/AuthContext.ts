import type { RegisterRequest, Silence, User } from '@mentora/contract';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface LogoutOptions {
  /**
   * The server has ended the session already (account deleted, logged out everywhere): only forget it
   * here, without asking the server.
   */
  endedOnServer?: boolean;
  /** Where to go afterwards; / by default. */
  to?: string;
  /** The success toast; 'Logged out successfully' by default. */
  message?: string;
}

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /**
   * The silence on the signed-in person's account as the server last said (GET /auth/profile, sign-in),
   * or null; `useSilence()` tells whether it is still in force.
   */
  silence: Silence | null;
  /** Signs in, stores the token and goes to /admin or /dashboard. Rejects (after a toast) on failure. */
  login(email: string, password: string): Promise<void>;
  /** Creates the account, signs in like login does. Rejects (after a toast) on failure. */
  register(input: RegisterRequest): Promise<void>;
  /** Ends the session on the server and here, then goes to / (or where `options` say). */
  logout(options?: LogoutOptions): Promise<void>;
  /**
   * Fetches the profile again (the dashboard's verification re-check), or takes `latest` as it is when
   * the caller already has the fresh copy (the answer of PUT /auth/profile).
   */
  refreshProfile(latest?: User): Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside the AuthProvider');
  return auth;
}
