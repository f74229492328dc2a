import { MESSAGES, unsubscribeResponseSchema } from '@mentora/contract';
import { useMutation } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../../api/ApiContext';
import { errorMessage, errorStatus, ResponseFormatError } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { ErrorAlert, SuccessAlert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, card, textLink } from '../../components/styles';

/**
 * /unsubscribe?token=…: where an email's "Stop these emails" link leads. It asks before it stops them (a
 * link scanner that follows every link must not unsubscribe anyone), needs no sign-in, and points to
 * Settings for finer choices.
 */
export function UnsubscribePage() {
  const api = useApi();
  const { status } = useAuth();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const stop = useMutation({
    mutationFn: async () => {
      const parsed = unsubscribeResponseSchema.safeParse(
        (await api.post<unknown>('/notifications/unsubscribe', { token })).data,
      );
      if (!parsed.success) throw new ResponseFormatError(MESSAGES.notificationPreferences.unsubscribeFailed);
      return parsed.data;
    },
  });
  // The server refused the link itself (forged, spoiled, or its account is gone): trying again cannot help.
  const refused = stop.isError && errorStatus(stop.error) === 400;
  const settingsLink =
    status === 'signedIn' ? (
      <Link to="/settings#notifications" className={textLink}>
        Choose what you get by email in Settings
      </Link>
    ) : (
      <Link to="/login" className={textLink}>
        Sign in to choose what you get by email
      </Link>
    );

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6 sm:py-16">
      <div className={`${card} p-6 sm:p-8`}>
        <span className="inline-flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
          <MailX aria-hidden="true" className="size-5" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          Stop these emails?
        </h1>
        {!token || refused ? (
          <div className="mt-6">
            <ErrorAlert>
              {refused
                ? errorMessage(stop.error, MESSAGES.notificationPreferences.invalidLink)
                : MESSAGES.notificationPreferences.invalidLink}
            </ErrorAlert>
          </div>
        ) : stop.isSuccess ? (
          <div className="mt-6">
            <SuccessAlert>{stop.data.message}</SuccessAlert>
          </div>
        ) : (
          <>
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              You will stop getting the emails this link came with. What you see in the app stays as it is.
            </p>
            {stop.isError && (
              <div className="mt-6">
                <ErrorAlert>{errorMessage(stop.error, MESSAGES.notificationPreferences.unsubscribeFailed)}</ErrorAlert>
              </div>
            )}
            <button
              type="button"
              className={`${buttonPrimary} mt-6 w-full sm:w-auto`}
              disabled={stop.isPending}
              aria-busy={stop.isPending || undefined}
              onClick={() => stop.mutate()}
            >
              {stop.isPending && <Spinner className="size-4" />}
              {stop.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
            </button>
          </>
        )}
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">{settingsLink}</p>
      </div>
    </div>
  );
}
