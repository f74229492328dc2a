import { MESSAGES } from '@mentora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LucideIcon, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { useApi } from '../../api/ApiContext';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { smallButtonDanger } from './ui';

/** What an admin deletes; also the {type} of SPEC.md section 8's messages. */
export type DeletableKind = 'mentor' | 'learner' | 'class' | 'discussion';

const PATHS: Record<DeletableKind, string> = {
  mentor: '/users/mentor',
  learner: '/users/learner',
  class: '/classes',
  discussion: '/discussions',
};

export interface DeleteRequest {
  kind: DeletableKind;
  id: string;
  title: string;
  message: ReactNode;
  confirmLabel: string;
}

/** A row's delete (or reject) button: what it asks to confirm, and how it reads. */
export interface DeleteButton extends DeleteRequest {
  /** What the row is called: the button's accessible name is "{label} {name}". */
  name: string;
  /** The button's word; 'Delete' unless said otherwise (a mentor's request is rejected). */
  label?: string;
  icon?: LucideIcon;
  /** Disabled while something else happens to the row too (it always is while this row is deleted). */
  busy?: boolean;
}

/**
 * Every delete (and a mentor's rejection, which deletes the mentor) behind a confirmation. Afterwards
 * every cached list is refreshed: deleting an account also removes its classes, discussions, reviews
 * and posts, so any screen may have changed.
 */
export function useAdminDelete() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<DeleteRequest | null>(null);

  const remove = useMutation({
    mutationFn: (target: DeleteRequest) => api.delete(`${PATHS[target.kind]}/${encodeURIComponent(target.id)}`),
    onSuccess: (_answer, target) => {
      toast.success(MESSAGES.admin.deleted(target.kind));
    },
    onError: (error, target) => {
      toast.error(errorMessage(error, MESSAGES.admin.deleteFailed(target.kind)));
    },
    onSettled: async () => {
      setRequest(null);
      await queryClient.invalidateQueries();
    },
  });

  const dialog = (
    <ConfirmDialog
      open={request !== null}
      title={request?.title ?? ''}
      message={request?.message ?? ''}
      confirmLabel={request?.confirmLabel ?? 'Delete'}
      busyLabel="Deleting..."
      destructive
      busy={remove.isPending}
      onConfirm={() => {
        if (request) remove.mutate(request);
      }}
      onCancel={() => setRequest(null)}
    />
  );

  const deletingId = remove.isPending ? (remove.variables?.id ?? null) : null;

  return {
    dialog,
    /** The id being deleted right now, to disable its row's other buttons. */
    deletingId,
    /** A row's button that asks to confirm the delete. */
    deleteButton: ({ name, label = 'Delete', icon: Icon = Trash2, busy = false, ...target }: DeleteButton) => (
      <button
        type="button"
        className={smallButtonDanger}
        disabled={busy || deletingId === target.id}
        aria-label={`${label} ${name}`}
        onClick={() => setRequest(target)}
      >
        <Icon aria-hidden="true" className="size-3.5" />
        {label}
      </button>
    ),
  };
}
