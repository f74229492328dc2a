import { type ClassMaterial, MESSAGES } from '@mentora/contract';
import {
  Download,
  File,
  FileArchive,
  FileImage,
  FileSpreadsheet,
  FileText,
  FolderOpen,
  type LucideIcon,
  Pencil,
  Presentation,
  Trash2,
} from 'lucide-react';
import { formatBytes, formatDate } from '../../../components/formatters';
import { Spinner } from '../../../components/Spinner';
import { buttonGhost, buttonSecondary } from '../../../components/styles';
import { HiddenMarker } from '../../../moderation/HiddenContent';
import type { HiddenView } from '../../../moderation/hiddenView';
import { ReportMenu } from '../../../moderation/ReportMenu';
import type { MaterialDownloads } from './useMaterialDownload';

const M = MESSAGES.materials;

/** The icon of a file, by the type the server read from its bytes. */
export function materialIcon(type: string): LucideIcon {
  if (type.startsWith('image/')) return FileImage;
  if (type === 'application/zip') return FileArchive;
  if (/spreadsheet|sheet/.test(type)) return FileSpreadsheet;
  if (/presentation/.test(type)) return Presentation;
  if (type === 'application/pdf' || type.startsWith('text/') || /wordprocessing|opendocument\.text/.test(type))
    return FileText;
  return File;
}

const materialTypeLabel = (type: string): string => M.typeLabels[type] ?? M.otherType;

/**
 * One file of the list: what it is, and what the viewer may do with it. `view` is how it reads to them
 * (hidden pending review: others get the notice for its name and may not download it).
 */
export function MaterialRow({
  material: m,
  view,
  mentor,
  isOwner,
  canDelete,
  download,
  onRename,
  onDelete,
}: {
  material: ClassMaterial;
  view: HiddenView;
  mentor: { _id: string; name: string };
  isOwner: boolean;
  canDelete: boolean;
  download: MaterialDownloads;
  onRename: () => void;
  onDelete: () => void;
}) {
  const Icon = materialIcon(m.type);
  const downloading = download.isDownloading(m._id);
  const savedAs = download.savedAs(m._id);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0" data-testid="material-item">
      <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          {view === 'notice' ? (
            <p className="break-words text-slate-600 italic dark:text-slate-400">{m.name}</p>
          ) : (
            <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-900 dark:text-white">
              {m.name}
              {view !== 'shown' && <HiddenMarker />}
            </p>
          )}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {/* Breaks fall between the parts, never inside a date. */}
            <span className="whitespace-nowrap">{materialTypeLabel(m.type)}</span>
            {' · '}
            <span className="whitespace-nowrap">{formatBytes(m.size)}</span>
            {' · '}
            <time className="whitespace-nowrap" dateTime={m.createdAt}>
              {formatDate(m.createdAt)}
            </time>
          </p>
        </div>
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-1">
        {view !== 'notice' && (
          <button
            type="button"
            className={`${buttonSecondary} px-3`}
            disabled={downloading}
            aria-busy={downloading || undefined}
            aria-label={`${M.download} ${m.name}`}
            title={M.download}
            onClick={() => download.start(m)}
          >
            {downloading ? <Spinner className="size-4" /> : <Download aria-hidden="true" className="size-4" />}
            {/* A phone keeps the row to one line with the icon alone; the label names the file either way. */}
            <span aria-hidden="true" className="hidden sm:inline">
              {M.download}
            </span>
          </button>
        )}
        {savedAs !== undefined && (
          <button
            type="button"
            className={`${buttonSecondary} px-3`}
            aria-label={`${M.open} ${m.name}`}
            title={M.openTitle}
            onClick={() => download.open(savedAs)}
          >
            <FolderOpen aria-hidden="true" className="size-4" />
            <span aria-hidden="true" className="hidden sm:inline">
              {M.open}
            </span>
          </button>
        )}
        {isOwner && (
          <button
            type="button"
            className={`${buttonGhost} px-2.5`}
            aria-label={`${M.rename} ${m.name}`}
            title={M.rename}
            onClick={onRename}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
        )}
        {/* An admin removes one file of any class (moderation); renaming stays its mentor's. */}
        {canDelete && (
          <button
            type="button"
            className={`${buttonGhost} px-2.5 hover:text-red-700 dark:hover:text-red-300`}
            aria-label={`${M.delete} ${m.name}`}
            title={M.delete}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        )}
        {/* Reported like any content; the menu shows nothing to its mentor (their own file). */}
        {!isOwner && (
          <ReportMenu
            targetType="material"
            targetId={m._id}
            author={mentor}
            subject={view === 'notice' ? `A file by ${mentor.name}` : `“${m.name}”`}
            label={`More actions for ${m.name}`}
          />
        )}
      </div>
    </li>
  );
}
