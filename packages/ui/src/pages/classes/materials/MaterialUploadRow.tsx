import { MESSAGES } from '@mentora/contract';
import { X } from 'lucide-react';
import { formatBytes } from '../../../components/formatters';
import { ProgressBar } from '../../../components/ProgressBar';
import { focusRing } from '../../../components/styles';
import type { MaterialUpload } from './useMaterialUpload';

const M = MESSAGES.materials;

/** A file on its way up: its progress and a Cancel, or the server's reason and a Dismiss. */
export function MaterialUploadRow({
  upload,
  onCancel,
  onDismiss,
}: {
  upload: MaterialUpload;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const name = upload.file.name;
  return (
    <li className="rounded-xl border border-slate-200 p-3 dark:border-slate-700" data-testid="upload-item">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
            <span className="font-medium break-all text-slate-900 dark:text-white">{name}</span>
            {!upload.error && (
              <span className="text-slate-600 tabular-nums dark:text-slate-400">
                {formatBytes(upload.file.size * upload.progress)} / {formatBytes(upload.file.size)}
              </span>
            )}
          </p>
          {upload.error ? (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {upload.error}
            </p>
          ) : (
            <ProgressBar value={upload.progress} label={M.uploading(name)} className="mt-2" />
          )}
        </div>
        <button
          type="button"
          className={`inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`}
          aria-label={upload.error ? M.dismiss(name) : M.cancelUpload(name)}
          title={upload.error ? undefined : M.cancel}
          onClick={upload.error ? onDismiss : onCancel}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}
