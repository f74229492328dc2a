import { type ClassItem, type ClassMaterial, MESSAGES } from '@mentora/contract';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/errors';
import { useAuth } from '../../../auth/AuthContext';
import { isAdmin } from '../../../auth/roles';
import { ErrorAlert } from '../../../components/Alert';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { card } from '../../../components/styles';
import { hiddenView } from '../../../moderation/hiddenView';
import { MaterialDropZone, useFileDrop } from './MaterialDropZone';
import { MaterialRow } from './MaterialRow';
import { MaterialUploadRow } from './MaterialUploadRow';
import { useClassMaterials, useDeleteMaterial } from './queries';
import { RenameMaterialDialog } from './RenameMaterialDialog';
import { StorageMeter } from './StorageMeter';
import { useMaterialDownload } from './useMaterialDownload';
import { useMaterialUpload } from './useMaterialUpload';

// The icon a file gets is drawn by its row; the card's public face still names it, as before the split.
export { materialIcon } from './MaterialRow';

// A class's files (issue #26): its members list and download them; its mentor drops or picks several at
// once (each upload with its progress and a Cancel), renames and deletes them, and sees the class's
// storage used out of its quota.

const M = MESSAGES.materials;

export function ClassMaterialsCard({
  cls,
  isMember,
  isOwner,
}: {
  cls: ClassItem;
  /** Enrolled, its mentor or an admin: who may see and download the files. */
  isMember: boolean;
  /** Its mentor: who adds, renames and deletes them. */
  isOwner: boolean;
}) {
  const { user } = useAuth();
  const canDelete = isOwner || (user !== null && isAdmin(user.role));
  const materials = useClassMaterials(cls._id, isMember);
  const { uploads, start, cancel, dismiss } = useMaterialUpload(cls._id);
  const { dragging, dropProps } = useFileDrop(isOwner, start);
  const download = useMaterialDownload();
  const remove = useDeleteMaterial(cls._id);
  const [renaming, setRenaming] = useState<ClassMaterial | null>(null);
  const [deleting, setDeleting] = useState<ClassMaterial | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  if (!isMember) return null;

  // Newest first, as the server lists them.
  const list = materials.data?.materials ?? [];

  return (
    <section
      aria-labelledby="materials-heading"
      className={`${card} space-y-4 p-5 sm:p-6`}
      data-testid="materials-card"
      {...dropProps}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2
          ref={heading}
          id="materials-heading"
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 outline-none dark:text-white"
        >
          {M.heading}
        </h2>
        {isOwner && materials.data && (
          <StorageMeter used={materials.data.usedBytes} quota={materials.data.quotaBytes} />
        )}
      </div>

      {cls.materials.trim() !== '' && (
        <p
          data-testid="materials-note"
          className="text-sm leading-6 break-words whitespace-pre-line text-slate-700 dark:text-slate-300"
        >
          {cls.materials}
        </p>
      )}

      {isOwner && <MaterialDropZone dragging={dragging} onFiles={start} />}

      {uploads.length > 0 && (
        <ul className="space-y-3" aria-label={M.uploads}>
          {uploads.map((u) => (
            <MaterialUploadRow key={u.key} upload={u} onCancel={() => cancel(u)} onDismiss={() => dismiss(u)} />
          ))}
        </ul>
      )}

      {materials.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner className="size-4" /> {M.loading}
        </p>
      ) : materials.isError ? (
        <ErrorAlert>{errorMessage(materials.error, M.loadFailed)}</ErrorAlert>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{isOwner ? M.noneMentor : M.none}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((m) => (
            <MaterialRow
              key={m._id}
              material={m}
              view={hiddenView(m, cls.mentor._id, user)}
              mentor={cls.mentor}
              isOwner={isOwner}
              canDelete={canDelete}
              download={download}
              onRename={() => setRenaming(m)}
              onDelete={() => {
                remove.reset();
                setDeleting(m);
              }}
            />
          ))}
        </ul>
      )}

      {isOwner && renaming && (
        <RenameMaterialDialog classId={cls._id} material={renaming} onClose={() => setRenaming(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={M.deleteTitle}
        message={deleting ? M.deleteMessage(deleting.name) : ''}
        confirmLabel={M.delete}
        busyLabel={M.deleteBusy}
        destructive
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, M.deleteFailed) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(M.deleted);
              // The button that opened the dialog went with its file: keyboard users resume at the card.
              setTimeout(() => heading.current?.focus(), 0);
            },
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
