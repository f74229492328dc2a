import { MESSAGES, type Role, type User } from '@mentora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { useApi } from '../../api/ApiContext';
import { errorMessage } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { ROLE_LABELS } from '../../auth/roles';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { adminKeys } from './queries';

interface RoleChange {
  user: User;
  role: Role;
}

/** What changes for the person, in a sentence for the confirmation. */
function consequence(change: RoleChange): string {
  if (change.role === 'admin') {
    return 'They will be able to verify mentors, delete people and content, and change roles, from their next action on.';
  }
  if (change.user.role === 'admin') return 'They will lose access to the admin dashboard.';
  return 'What they can do on Mentora changes from their next action on; their classes, posts and sign-ins stay.';
}

export interface RoleChanges {
  /** Asks to confirm giving `user` the `role` (nothing happens for the role they have, or for your own row). */
  choose: (user: User, role: Role) => void;
  /** The confirmation dialog, to render once in the panel. */
  dialog: ReactNode;
  /** The id whose role is changing right now, to disable its row's controls. */
  changingId: string | null;
  /** The signed-in admin: their own role is not changed from here (another admin does it). */
  selfId: string | null;
}

/**
 * A role change (PUT /admin/users/{id}/role) behind a confirmation. Afterwards the people lists and
 * the audit log are refreshed: the person moves between the Mentors, Learners and Admins lists. The
 * server keeps at least one admin; a refusal shows its message.
 */
export function useRoleChange(): RoleChanges {
  const api = useApi();
  const selfId = useAuth().user?._id ?? null;
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<RoleChange | null>(null);

  const change = useMutation({
    mutationFn: ({ user, role }: RoleChange) => api.put(`/admin/users/${encodeURIComponent(user._id)}/role`, { role }),
    onSuccess: () => {
      toast.success(MESSAGES.admin.roleChanged);
    },
    onError: (error) => {
      toast.error(errorMessage(error, MESSAGES.admin.roleChangeFailed));
    },
    onSettled: async () => {
      setRequest(null);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });

  const dialog = (
    <ConfirmDialog
      open={request !== null}
      title="Change this role?"
      message={
        request ? (
          <>
            <strong className="font-semibold">{request.user.name}</strong> goes from {ROLE_LABELS[request.user.role]} to{' '}
            <strong className="font-semibold">{ROLE_LABELS[request.role]}</strong>. {consequence(request)}
          </>
        ) : (
          ''
        )
      }
      confirmLabel="Change role"
      busyLabel="Changing..."
      busy={change.isPending}
      onConfirm={() => {
        if (request) change.mutate(request);
      }}
      onCancel={() => setRequest(null)}
    />
  );

  return {
    choose: (user, role) => {
      if (role !== user.role && user._id !== selfId) setRequest({ user, role });
    },
    dialog,
    changingId: change.isPending ? (change.variables?.user._id ?? null) : null,
    selfId,
  };
}
