import type { RegisterRequest, User } from '@mentora/contract';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Signs in, stores the token and goes to /admin or /dashboard. Rejects (after a toast) on failure. */
  login(email: string, password: string): Promise<void>;
  /** Creates the account, signs in like login does. Rejects (after a toast) on failure. */
  register(input: RegisterRequest): Promise<void>;
  /** Ends the session on the server and here, then goes to /. */
  logout(): Promise<void>;
  /** Fetches the profile again (the dashboard's verification re-check). */
  refreshProfile(): Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside the AuthProvider');
  return auth;
}
