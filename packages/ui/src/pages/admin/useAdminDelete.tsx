import { MESSAGES } from '@mentora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { useApi } from '../../api/ApiContext';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';

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

  return {
    confirm: setRequest,
    dialog,
    /** The id being deleted right now, to disable its row's buttons. */
    deletingId: remove.isPending ? (remove.variables?.id ?? null) : null,
  };
}
