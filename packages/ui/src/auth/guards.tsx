import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './AuthContext';
import { homeFor, isAdmin } from './roles';

/**
 * Why a guard turned a signed-in person away, carried in the navigation's state to the page they land
 * on, which shows it (layout/RefusedNotice.tsx): nobody is moved without being told why.
 */
export interface RefusedState {
  refused: string;
}
export const REFUSALS = {
  admin: 'That page is for administrators only, so you were brought to your home page.',
  mentor: 'Creating a class from here is for mentor accounts, so you were brought to the classes.',
} as const;

const refused = (reason: string): RefusedState => ({ refused: reason });

/** The navigation state of a sign-out (AuthProvider): the session ends just after it arrives. */
export const SIGNING_OUT = { signingOut: true } as const;

// The guards of SPEC.md section 6. They show 'Loading...' while the session is still being checked
// (the AuthProvider normally covers that moment with its full-screen spinner).

function Pending() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-600 dark:text-slate-300">
      Loading...
    </div>
  );
}

/** Signed in, any role; otherwise /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <Pending />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return children;
}

/** Role exactly mentor (so `both` is turned away to /classes); signed out goes to /login. */
export function RequireMentor({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <Pending />;
  if (status === 'signedOut' || !user) return <Navigate to="/login" replace />;
  if (user.role !== 'mentor') return <Navigate to="/classes" replace state={refused(REFUSALS.mentor)} />;
  return children;
}

/** Administrators only; signed-out visitors go to /, anyone else signed in to their home, told why. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <Pending />;
  if (status === 'signedIn' && user && !isAdmin(user.role)) {
    return <Navigate to={homeFor(user.role)} replace state={refused(REFUSALS.admin)} />;
  }
  if (!isAdmin(user?.role)) return <Navigate to="/" replace />;
  return children;
}

/**
 * For /, /login and /register: someone already signed in goes to their home instead (the landing
 * page's "Explore Interface" is a sign-up).
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const signingOut = (useLocation().state as { signingOut?: boolean } | null)?.signingOut === true;
  if (status === 'signedIn' && user && !signingOut) return <Navigate to={homeFor(user.role)} replace />;
  return children;
}
