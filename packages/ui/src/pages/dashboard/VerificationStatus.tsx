import { MESSAGES, type User, VERIFICATION_POLL_MS } from '@mentora/contract';
import { useMutation } from '@tanstack/react-query';
import { BadgeCheck, Hourglass, ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useApi } from '../../api/ApiContext';
import { errorMessage } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary } from '../../components/styles';

/**
 * A mentor's verification (SPEC.md section 4): unverified, pending, verified. Until verified, the profile is
 * re-checked every VERIFICATION_POLL_MS, so an admin's approval shows up without a reload.
 */
export function VerificationStatus({ user }: { user: User }) {
  const api = useApi();
  const { refreshProfile } = useAuth();

  useEffect(() => {
    if (user.verified) return;
    const timer = window.setInterval(() => void refreshProfile(), VERIFICATION_POLL_MS);
    return () => window.clearInterval(timer);
  }, [user.verified, refreshProfile]);

  const request = useMutation({
    mutationFn: () => api.post('/users/request-verification'),
    onSuccess: async () => {
      toast.success(MESSAGES.dashboard.verificationSent);
      await refreshProfile();
    },
    onError: (error) => {
      toast.error(errorMessage(error, MESSAGES.dashboard.verificationFailed));
    },
  });

  if (user.verified) {
    return (
      <p className="inline-flex items-center gap-2 rounded-full border border-emerald-200 bg-emerald-50 px-3 py-1.5 text-sm font-medium text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200">
        <BadgeCheck aria-hidden="true" className="size-4" />
        Verified mentor
      </p>
    );
  }

  if (user.verificationRequested) {
    return (
      <div className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
        <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-semibold">Verification pending</p>
          <p className="mt-0.5">An admin is reviewing your request. This page updates as soon as you are verified.</p>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm sm:flex-row sm:items-center dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start gap-3">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
        <div>
          <p className="font-semibold text-slate-900 dark:text-white">Not verified yet</p>
          <p className="mt-0.5 text-slate-600 dark:text-slate-400">Verified mentors can create classes.</p>
        </div>
      </div>
      <button
        type="button"
        className={`${buttonPrimary} shrink-0 sm:ml-auto`}
        disabled={request.isPending}
        onClick={() => request.mutate()}
      >
        {request.isPending && <Spinner className="size-4" />}
        Request verification
      </button>
    </div>
  );
}
