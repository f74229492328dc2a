import { MESSAGES, type User } from '@mentora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CircleDashed, Clock, GraduationCap, Inbox, ShieldCheck, UserX } from 'lucide-react';
import toast from 'react-hot-toast';
import { useApi } from '../../api/ApiContext';
import { errorMessage } from '../../api/errors';
import { Spinner } from '../../components/Spinner';
import { DataTable } from './DataTable';
import { emailColumn, personTable, roleColumn, usernameColumn } from './people';
import { adminKeys, useMentors } from './queries';
import { Badge, DateCell, Empty, FetchFailed, Loading, PanelHeader, smallButtonSuccess } from './ui';
import { useAdminDelete } from './useAdminDelete';
import { useRoleChange } from './useRoleChange';
import { useSanctions } from './useSanctions';

export type MentorStatus = 'verified' | 'pending' | 'unverified';

/** SPEC.md section 4: unverified, pending once the mentor asked, verified once an admin said so. */
export function mentorStatus(user: Pick<User, 'verified' | 'verificationRequested'>): MentorStatus {
  if (user.verified) return 'verified';
  return user.verificationRequested ? 'pending' : 'unverified';
}

function StatusBadge({ status }: { status: MentorStatus }) {
  if (status === 'verified') {
    return (
      <Badge tone="green" icon={BadgeCheck}>
        Verified
      </Badge>
    );
  }
  if (status === 'pending') {
    return (
      <Badge tone="amber" icon={Clock}>
        Pending
      </Badge>
    );
  }
  return (
    <Badge tone="slate" icon={CircleDashed}>
      Unverified
    </Badge>
  );
}

/** Pending requests, oldest first: the queue an admin works through. */
function byRequestDate(a: User, b: User): number {
  return (a.verificationRequestDate ?? '').localeCompare(b.verificationRequestDate ?? '');
}

export function MentorsPanel() {
  const api = useApi();
  const queryClient = useQueryClient();
  const mentors = useMentors();
  const { deleteButton, dialog, deletingId } = useAdminDelete();
  const roles = useRoleChange();
  const sanctions = useSanctions();

  const verify = useMutation({
    mutationFn: (user: User) => api.put(`/admin/verify-mentor/${encodeURIComponent(user._id)}`),
    onSuccess: () => {
      toast.success(MESSAGES.admin.verified);
    },
    onError: (error) => {
      toast.error(errorMessage(error, MESSAGES.admin.verifyFailed));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.mentors }),
  });

  if (mentors.isPending) return <Loading what="mentors" />;
  if (mentors.isError) return <FetchFailed error={mentors.error} onRetry={() => void mentors.refetch()} />;

  const all = mentors.data;
  const pending = all.filter((user) => mentorStatus(user) === 'pending').sort(byRequestDate);
  const others = all.filter((user) => mentorStatus(user) !== 'pending');
  const busy = (user: User) =>
    deletingId === user._id ||
    roles.changingId === user._id ||
    (verify.isPending && verify.variables?._id === user._id);

  const table = personTable(
    [
      usernameColumn,
      emailColumn,
      roleColumn(roles),
      { header: 'Status', cell: (user) => <StatusBadge status={mentorStatus(user)} /> },
      { header: 'Requested', cell: (user) => <DateCell iso={user.verificationRequestDate} /> },
    ],
    roles.selfId,
  );

  const verifyButton = (user: User) => (
    <button
      type="button"
      className={smallButtonSuccess}
      disabled={busy(user)}
      aria-label={`Verify ${user.name}`}
      onClick={() => verify.mutate(user)}
    >
      {verify.isPending && verify.variables?._id === user._id ? (
        <Spinner className="size-3.5" />
      ) : (
        <ShieldCheck aria-hidden="true" className="size-3.5" />
      )}
      Verify
    </button>
  );

  return (
    <div className="space-y-10">
      <section aria-labelledby="pending-heading">
        <PanelHeader
          id="pending-heading"
          title="Pending verification"
          count={String(pending.length)}
          description="Mentors who asked to be verified, oldest request first. Verify them to let them create classes; rejecting a request deletes the mentor."
        />
        {pending.length === 0 ? (
          <Empty icon={Inbox}>No verification requests are waiting.</Empty>
        ) : (
          <DataTable
            caption="Pending verification requests"
            rows={pending}
            {...table}
            actions={(user) => (
              <>
                {verifyButton(user)}
                {deleteButton({
                  kind: 'mentor',
                  id: user._id,
                  name: user.name,
                  label: 'Reject',
                  icon: UserX,
                  busy: busy(user),
                  title: 'Reject this verification request?',
                  message: (
                    <>
                      Rejecting <strong className="font-semibold">{user.name}</strong> deletes their mentor account,
                      with their classes and everything in them. This cannot be undone.
                    </>
                  ),
                  confirmLabel: 'Reject and delete',
                })}
              </>
            )}
          />
        )}
      </section>

      <section aria-labelledby="mentors-heading">
        <PanelHeader
          id="mentors-heading"
          title="All mentors"
          count={String(others.length)}
          description="Verified mentors and those who have not asked for verification yet."
        />
        {others.length === 0 ? (
          <Empty icon={GraduationCap}>No other mentors yet.</Empty>
        ) : (
          <DataTable
            caption="Mentors"
            rows={others}
            {...table}
            actions={(user) => (
              <>
                {mentorStatus(user) === 'unverified' && verifyButton(user)}
                {sanctions.buttons(user, busy(user))}
                {deleteButton({
                  kind: 'mentor',
                  id: user._id,
                  name: user.name,
                  busy: busy(user),
                  title: 'Delete this mentor?',
                  message: (
                    <>
                      <strong className="font-semibold">{user.name}</strong>'s account will be deleted with everything
                      it owns: their classes (with the enrolments, discussions and reviews in them), their posts and
                      their replies. This cannot be undone.
                    </>
                  ),
                  confirmLabel: 'Delete mentor',
                })}
              </>
            )}
          />
        )}
      </section>
      {dialog}
      {roles.dialog}
      {sanctions.dialogs}
    </div>
  );
}
