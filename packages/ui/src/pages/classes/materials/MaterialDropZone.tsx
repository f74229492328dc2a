import { MESSAGES } from '@mentora/contract';
import { CloudUpload } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { buttonSecondary } from '../../../components/styles';

const M = MESSAGES.materials;

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Files dropped anywhere on the element that spreads `dropProps` (the whole card, a bigger target than
 * the zone); `dragging` while files are held over it. Without `enabled` it takes no drops at all.
 */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const dropProps = enabled
    ? {
        onDragOver: (event: DragEvent<HTMLElement>) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        },
        onDragLeave: (event: DragEvent<HTMLElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (event: DragEvent<HTMLElement>) => {
          event.preventDefault();
          setDragging(false);
          onFiles(Array.from(event.dataTransfer.files));
        },
      }
    : {};
  return { dragging, dropProps };
}

/** The mentor's way in: drop files on the card, or pick several with the system's chooser. */
export function MaterialDropZone({ dragging, onFiles }: { dragging: boolean; onFiles: (files: File[]) => void }) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <div
      className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-5 text-center transition-colors sm:flex-row sm:justify-center sm:text-left ${
        dragging
          ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-500/10'
          : 'border-slate-300 dark:border-slate-700'
      }`}
      data-testid="materials-dropzone"
    >
      <CloudUpload aria-hidden="true" className="size-7 shrink-0 text-indigo-600 dark:text-indigo-400" />
      <div className="min-w-0 text-sm text-slate-600 dark:text-slate-400">
        <p className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
          <span>{M.dropHint}</span>
          <button type="button" className={buttonSecondary} onClick={() => picker.current?.click()}>
            {M.pick}
          </button>
        </p>
        <p className="mt-1 text-xs">{M.accepted}</p>
      </div>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-testid="materials-input"
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          // The same file picked again after a failure is a new choice.
          event.target.value = '';
        }}
      />
    </div>
  );
}
