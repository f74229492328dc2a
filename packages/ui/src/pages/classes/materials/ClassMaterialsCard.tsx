import {
  type ClassItem,
  type ClassMaterial,
  downloadName,
  LIMITS,
  MESSAGES,
  renameMaterialRequestSchema,
} from '@mentora/contract';
import { useQueryClient } from '@tanstack/react-query';
import { isCancel } from 'axios';
import {
  CloudUpload,
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
  X,
} from 'lucide-react';
import { type DragEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useApi } from '../../../api/ApiContext';
import { errorMessage } from '../../../api/errors';
import { useAuth } from '../../../auth/AuthContext';
import { isAdmin } from '../../../auth/roles';
import { ErrorAlert } from '../../../components/Alert';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { downloadFile } from '../../../components/download';
import { formatBytes, formatDate } from '../../../components/formatters';
import { ProgressBar } from '../../../components/ProgressBar';
import { Spinner } from '../../../components/Spinner';
import {
  buttonGhost,
  buttonPrimary,
  buttonSecondary,
  card,
  fieldLabel,
  focusRing,
  inputField,
} from '../../../components/styles';
import { HiddenMarker } from '../../../moderation/HiddenContent';
import { hiddenView } from '../../../moderation/hiddenView';
import { ReportMenu } from '../../../moderation/ReportMenu';
import { usePlatform } from '../../../platform/PlatformContext';
import type { PlatformDownloads } from '../../../platform/platform';
import {
  materialKeys,
  uploadMaterial,
  useClassMaterials,
  useDeleteMaterial,
  useDownloadMaterial,
  useRenameMaterial,
} from './queries';

// A class's files (issue #26): its members list and download them; its mentor drops or picks several at
// once (each upload with its progress and a Cancel), renames and deletes them, and sees the class's
// storage used out of its quota.

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

export const materialTypeLabel = (type: string): string => M.typeLabels[type] ?? M.otherType;

/** One upload under way (or failed, until dismissed). */
interface Upload {
  key: number;
  file: File;
  progress: number;
  controller: AbortController;
  error: string | null;
}

/** The mentor's uploads: each file its own request, all at once, each with its progress and abort. */
function useUploads(classId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextKey = useRef(0);
  const change = (key: number, patch: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...patch } : u)));
  const drop = (key: number) => setUploads((all) => all.filter((u) => u.key !== key));

  // Leaving the page stops the uploads still running: nobody would see how they end.
  const running = useRef(new Set<AbortController>());
  useEffect(() => {
    const all = running.current;
    return () => {
      for (const controller of all) controller.abort();
    };
  }, []);

  const start = (files: readonly File[]) => {
    for (const file of files) {
      const upload: Upload = {
        key: nextKey.current++,
        file,
        progress: 0,
        controller: new AbortController(),
        error: null,
      };
      setUploads((all) => [...all, upload]);
      running.current.add(upload.controller);
      uploadMaterial(api, classId, file, {
        signal: upload.controller.signal,
        onProgress: (progress) => change(upload.key, { progress }),
      })
        .finally(() => running.current.delete(upload.controller))
        .then(
          async () => {
            // Its row leaves once the list holds the file, so it never vanishes from both for a moment.
            await queryClient.invalidateQueries({ queryKey: materialKeys.list(classId) });
            drop(upload.key);
            toast.success(M.uploaded(file.name));
          },
          (error: unknown) => {
            if (isCancel(error)) return drop(upload.key);
            change(upload.key, { error: errorMessage(error, M.uploadFailed(file.name)) });
          },
        );
    }
  };
  const cancel = (upload: Upload) => {
    upload.controller.abort();
    drop(upload.key);
  };
  return { uploads, start, cancel, dismiss: (upload: Upload) => drop(upload.key) };
}

/**
 * The desktop app's saved downloads of this card's files, by material id. A download is known by the
 * blob: URL the card made for it, so another download of the page (a session's .ics) is never taken for
 * a material's. On the web (no `downloads`) nothing is ever saved here.
 */
function useSavedDownloads(downloads: PlatformDownloads | undefined) {
  const handed = useRef(new Map<string, string>());
  const [saved, setSaved] = useState<ReadonlyMap<string, string>>(() => new Map());
  useEffect(
    () =>
      downloads?.onSaved(({ id, url }) => {
        const materialId = handed.current.get(url);
        if (materialId === undefined) return;
        handed.current.delete(url);
        setSaved((all) => new Map(all).set(materialId, id));
      }),
    [downloads],
  );
  return {
    saved,
    // A save dialog the person cancels never reports back: its entry stays, and is never matched.
    handedOver: (url: string, materialId: string) => {
      if (downloads) handed.current.set(url, materialId);
    },
  };
}

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
  const { uploads, start, cancel, dismiss } = useUploads(cls._id);
  const download = useDownloadMaterial();
  const remove = useDeleteMaterial(cls._id);
  const [renaming, setRenaming] = useState<ClassMaterial | null>(null);
  const [deleting, setDeleting] = useState<ClassMaterial | null>(null);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { downloads } = usePlatform();
  const { saved, handedOver } = useSavedDownloads(downloads);
  if (!isMember) return null;

  // Newest first, as the server lists them.
  const list = materials.data?.materials ?? [];

  const onDownload = (material: ClassMaterial) =>
    download.mutate(material, {
      onSuccess: (blob) =>
        handedOver(downloadFile(downloadName(material.name, material.type), blob, material.type), material._id),
      onError: (error) => toast.error(errorMessage(error, M.downloadFailed)),
    });

  const onOpen = (downloadId: string) =>
    downloads
      ?.open(downloadId)
      .catch((error: unknown) => toast.error(M.openFailed(error instanceof Error ? error.message : String(error))));

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
  const dropProps = isOwner
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
          start(Array.from(event.dataTransfer.files));
        },
      }
    : {};

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
        {isOwner && materials.data && <StorageUsed used={materials.data.usedBytes} quota={materials.data.quotaBytes} />}
      </div>

      {isOwner && (
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
              start(Array.from(event.target.files ?? []));
              // The same file picked again after a failure is a new choice.
              event.target.value = '';
            }}
          />
        </div>
      )}

      {uploads.length > 0 && (
        <ul className="space-y-3" aria-label={M.uploads}>
          {uploads.map((u) => (
            <UploadRow key={u.key} upload={u} onCancel={() => cancel(u)} onDismiss={() => dismiss(u)} />
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
          {list.map((m) => {
            const Icon = materialIcon(m.type);
            const downloading = download.isPending && download.variables?._id === m._id;
            const savedAs = saved.get(m._id);
            // Hidden pending review: others get the notice for its name and may not download it.
            const view = hiddenView(m, cls.mentor._id, user);
            return (
              <li
                key={m._id}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0"
                data-testid="material-item"
              >
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
                      onClick={() => onDownload(m)}
                    >
                      {downloading ? (
                        <Spinner className="size-4" />
                      ) : (
                        <Download aria-hidden="true" className="size-4" />
                      )}
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
                      onClick={() => onOpen(savedAs)}
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
                      onClick={() => setRenaming(m)}
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
                      onClick={() => {
                        remove.reset();
                        setDeleting(m);
                      }}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  )}
                  {/* Reported like any content; the menu shows nothing to its mentor (their own file). */}
                  {!isOwner && (
                    <ReportMenu
                      targetType="material"
                      targetId={m._id}
                      author={cls.mentor}
                      subject={view === 'notice' ? `A file by ${cls.mentor.name}` : `“${m.name}”`}
                      label={`More actions for ${m.name}`}
                    />
                  )}
                </div>
              </li>
            );
          })}
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

/** "12 MB of 500 MB used", with a bar: what the class's files take of its storage. */
function StorageUsed({ used, quota }: { used: number; quota: number }) {
  const share = quota > 0 ? Math.min(1, used / quota) : 0;
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" data-testid="materials-storage">
      <div aria-hidden="true" className="h-1.5 w-20 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <div
          className={`h-full rounded-full ${share > 0.9 ? 'bg-amber-500' : 'bg-indigo-600 dark:bg-indigo-400'}`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <span>{M.used(formatBytes(used), formatBytes(quota))}</span>
    </div>
  );
}

function UploadRow({ upload, onCancel, onDismiss }: { upload: Upload; onCancel: () => void; onDismiss: () => void }) {
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

/** A file's display name: the list, the download's name and what learners read. */
function RenameMaterialDialog({
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
