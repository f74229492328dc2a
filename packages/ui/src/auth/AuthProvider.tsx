import {
  type AuthResponse,
  MESSAGES,
  type RegisterRequest,
  ROLES,
  type Silence,
  STORAGE_KEYS,
  type User,
} from '@mentora/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiContext } from '../api/ApiContext';
import { errorMessage, errorStatus, ResponseFormatError } from '../api/errors';
import { FullScreenSpinner } from '../components/Spinner';
import { lazyToast as toast } from '../layout/lazyToast';
import { useAfterPageLoad } from '../layout/useAfterPageLoad';
import { usePlatform } from '../platform/PlatformContext';
import { AuthContext, type AuthState, type AuthStatus, type LogoutOptions } from './AuthContext';
import { SIGNING_OUT } from './guards';
import { loadSchemas } from './loadSchemas';
import { homeFor } from './roles';
import { createSessionApi, SESSION_CHECK_KEY, type SessionApi, sessionCheckOptions } from './sessionCheck';
import { silenceIn } from './silence';

interface Session {
  status: AuthStatus;
  user: User | null;
}

/**
 * Enough of a user to render the signed-in shell with and route by: an object with an id and one of the
 * contract's roles. The start-up session check signs in on this, so that zod need not arrive
 * before a signed-in page's first paint; the whole answer is checked against the contract's schema
 * once the page has loaded (see AuthProvider).
 */
function looksLikeUser(data: unknown): data is User {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const { _id, role } = data as Record<string, unknown>;
  return typeof _id === 'string' && ROLES.some((known) => known === role);
}

/** A login or registration answer as the contract has it, or 'Invalid response format' (SPEC.md section 5). */
async function parseAuthResponse(data: unknown): Promise<AuthResponse> {
  const { authResponseSchema } = await loadSchemas();
  const parsed = authResponseSchema.safeParse(data);
  if (!parsed.success) throw new ResponseFormatError(MESSAGES.authResponse.invalid);
  return parsed.data;
}

/**
 * The auth states of SPEC.md section 4 (loading, then signed in or signed out) and the api client, whose
 * 401 rule needs to end the session here. While the start-up check runs, the whole app is a spinner.
 */
export function AuthProvider({ children, session: given }: { children: ReactNode; session?: SessionApi }) {
  const platform = usePlatform();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session>({ status: 'loading', user: null });

  const endSessionLocally = useCallback(() => {
    platform.storage.remove(STORAGE_KEYS.token);
    setSession({ status: 'signedOut', user: null });
    queryClient.clear();
  }, [platform, queryClient]);

  // Signs out once the browser is at `path`: the router may first load the page's code there, and the
  // guard of the page being left would otherwise see "signed out" and send the browser to /login
  // instead. A transition, as React Router renders its navigations.
  const endSessionAndGo = useCallback(
    (path: string) => {
      // Marked as a sign-out: the page it goes to (/) must not send the still signed-in person home.
      void Promise.resolve(navigate(path, { replace: true, state: SIGNING_OUT })).then(() =>
        startTransition(endSessionLocally),
      );
    },
    [endSessionLocally, navigate],
  );

  // The app's api client (the route loaders share it; one of its own where none is given), which reaches
  // the latest 401 handler through its ref.
  const [{ client: api, onUnauthorized }] = useState(() => given ?? createSessionApi(platform));
  useEffect(() => {
    onUnauthorized.current = () => endSessionAndGo('/login');
  }, [endSessionAndGo, onUnauthorized]);

  const [silence, setSilence] = useState<Silence | null>(null);

  const fetchProfile = useCallback(async (): Promise<User> => {
    // Both at once: the schemas' chunk downloads while the profile is on its way, not after it (one
    // round trip less before a signed-in page can show anything).
    const [response, { ownProfileSchema }] = await Promise.all([api.get<unknown>('/auth/profile'), loadSchemas()]);
    const parsed = ownProfileSchema.safeParse(response.data);
    if (!parsed.success) throw new ResponseFormatError(MESSAGES.authResponse.invalid);
    const { silence: own, ...user } = parsed.data;
    setSilence(own);
    return user;
  }, [api]);

  const sessionCheckFailed = useCallback(
    (error: unknown) => {
      // A 401 just means the stored session has ended; anything else is worth a line in the console.
      if (errorStatus(error) !== 401) console.error('Checking the stored session failed', error);
      platform.storage.remove(STORAGE_KEYS.token);
      setSession({ status: 'signedOut', user: null });
    },
    [platform],
  );

  // Start-up, once: no stored token means signed out; otherwise the profile decides, asked by the root
  // route's loader as the page opens (or here, if it did not). It signs in as soon as it looks like a
  // user; the contract's schema checks it once the page has loaded (below).
  const started = useRef(false);
  const [unchecked, setUnchecked] = useState<User | null>(null);
  const sessionUser = useRef<User | null>(null);
  useEffect(() => {
    sessionUser.current = session.user;
  }, [session.user]);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!platform.storage.get(STORAGE_KEYS.token)) {
      setSession({ status: 'signedOut', user: null });
      return;
    }
    queryClient
      .ensureQueryData(sessionCheckOptions(api))
      .then((check) => {
        // Taken once: a later sign-in has a session check of its own.
        queryClient.removeQueries({ queryKey: SESSION_CHECK_KEY });
        if (!check.ok) throw check.error;
        const { data } = check;
        if (!looksLikeUser(data)) throw new ResponseFormatError(MESSAGES.authResponse.invalid);
        setUnchecked(data);
        setSilence(silenceIn(data));
        // A transition: the first signed-in render (layout and page) is the largest of all, and React
        // renders a transition in slices, keeping the main thread free to answer input meanwhile.
        startTransition(() => setSession({ status: 'signedIn', user: data }));
      })
      .catch(sessionCheckFailed);
  }, [api, platform, queryClient, sessionCheckFailed]);

  // The start-up profile against the contract's schema, once the page's content is on screen: a profile
  // the schema rejects ends the session (as a failed check does; the guards then send to /login), if it
  // is still the session's user by then.
  const pageLoaded = useAfterPageLoad(unchecked !== null);
  useEffect(() => {
    if (!pageLoaded || unchecked === null) return;
    let current = true;
    loadSchemas().then(
      ({ userSchema }) => {
        if (!current) return;
        setUnchecked(null);
        if (userSchema.safeParse(unchecked).success || sessionUser.current !== unchecked) return;
        console.error('Checking the stored session failed', new ResponseFormatError(MESSAGES.authResponse.invalid));
        endSessionLocally();
      },
      (error: unknown) => {
        // The schemas' chunk did not arrive: the server did answer with a user, who stays signed in.
        if (current) console.error('Checking the stored session failed', error);
      },
    );
    return () => {
      current = false;
    };
  }, [pageLoaded, unchecked, endSessionLocally]);

  const signIn = useCallback(
    async (data: unknown) => {
      const auth = await parseAuthResponse(data);
      platform.storage.set(STORAGE_KEYS.token, auth.token);
      const { userSchema } = await loadSchemas();
      const user = userSchema.parse(auth);
      setSilence(auth.silence);
      setSession({ status: 'signedIn', user });
      return user;
    },
    [platform],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      try {
        const response = await api.post<unknown>('/auth/login', { email, password });
        const user = await signIn(response.data);
        toast.success(MESSAGES.login.success);
        navigate(homeFor(user.role), { replace: true });
      } catch (error) {
        toast.error(errorMessage(error, MESSAGES.login.failedToast));
        throw error;
      }
    },
    [api, navigate, signIn],
  );

  const register = useCallback(
    async (input: RegisterRequest) => {
      try {
        const response = await api.post<unknown>('/auth/register', input);
        // DESIGN.md: registration stores the token like login does, so a reload keeps the person signed in.
        const user = await signIn(response.data);
        toast.success(MESSAGES.register.success);
        navigate(homeFor(user.role), { replace: true });
      } catch (error) {
        toast.error(errorMessage(error, MESSAGES.register.failed));
        throw error;
      }
    },
    [api, navigate, signIn],
  );

  const logout = useCallback(
    async ({ endedOnServer = false, to = '/', message = MESSAGES.logout.success }: LogoutOptions = {}) => {
      if (!endedOnServer) {
        try {
          await api.post('/auth/logout');
        } catch (error) {
          // A 401 means the session had already ended: logging out has nothing left to do on the server.
          if (errorStatus(error) !== 401) {
            toast.error(errorMessage(error, MESSAGES.logout.failed));
            return;
          }
        }
      }
      endSessionAndGo(to);
      toast.success(message);
    },
    [api, endSessionAndGo],
  );

  const refreshProfile = useCallback(
    async (latest?: User) => {
      if (latest) {
        setSession((current) => (current.status === 'signedIn' ? { status: 'signedIn', user: latest } : current));
        return;
      }
      try {
        const user = await fetchProfile();
        setSession((current) => (current.status === 'signedIn' ? { status: 'signedIn', user } : current));
      } catch (error) {
        if (errorStatus(error) === 401) endSessionLocally();
        else console.error('Refreshing the profile failed', error);
      }
    },
    [endSessionLocally, fetchProfile],
  );

  const value = useMemo<AuthState>(
    () => ({ status: session.status, user: session.user, silence, login, register, logout, refreshProfile }),
    [session, silence, login, register, logout, refreshProfile],
  );

  return (
    <ApiContext.Provider value={api}>
      <AuthContext.Provider value={value}>
        {session.status === 'loading' ? <FullScreenSpinner /> : children}
      </AuthContext.Provider>
    </ApiContext.Provider>
  );
}
