import { type ClassMaterial, LIMITS, MESSAGES, renameMaterialRequestSchema } from '@mentora/contract';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/errors';
import { ErrorAlert } from '../../../components/Alert';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { buttonPrimary, buttonSecondary, fieldLabel, inputField } from '../../../components/styles';
import { useRenameMaterial } from './queries';

const M = MESSAGES.materials;

/** A file's display name: the list, the download's name and what learners read. */
export function RenameMaterialDialog({
  classId,
  material,
  onClose,
}: {
  classId: string;
  material: ClassMaterial;
  onClose: () => void;
}) {
  const rename = useRenameMaterial(classId);
  const [name, setName] = useState(material.name);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = renameMaterialRequestSchema.safeParse({ name });
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? M.renameFailed);
    setProblem(null);
    rename.mutate(
      { id: material._id, name: checked.data.name },
      {
        onSuccess: () => {
          toast.success(M.renamed);
          onClose();
        },
      },
    );
  };

  const error = problem ?? (rename.isError ? errorMessage(rename.error, M.renameFailed) : null);
  return (
    <Dialog open onClose={onClose} title={M.renameTitle} dismissible={!rename.isPending} size="sm">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <div>
          <label htmlFor="material-name" className={fieldLabel}>
            {M.renameLabel}
          </label>
          <input
            id="material-name"
            className={inputField}
            value={name}
            maxLength={LIMITS.title.max}
            required
            aria-invalid={problem ? true : undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={buttonSecondary} disabled={rename.isPending} onClick={onClose}>
            {M.cancel}
          </button>
          <button
            type="submit"
            className={buttonPrimary}
            disabled={rename.isPending}
            aria-busy={rename.isPending || undefined}
          >
            {rename.isPending && <Spinner className="size-4" />}
            {M.renameSave}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
