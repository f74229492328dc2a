import { MESSAGES, type User, userSchema } from '@mentora/contract';
import { Camera, Trash2, X } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useApi } from '../../api/ApiContext';
import { errorMessage } from '../../api/errors';
import { uploadFile } from '../../api/upload';
import { useAuth } from '../../auth/AuthContext';
import { ProgressBar } from '../../components/ProgressBar';
import { buttonGhost, buttonSecondary } from '../../components/styles';

const M = MESSAGES.avatars;
/** What the picker offers; the server decides from the bytes whatever is picked. */
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * A profile picture, changed on its own (not with the profile form): picked, sent with a progress bar
 * that can be cancelled, then shown everywhere once the server has made its square copy. Removing it
 * brings back the initial.
 */
export function AvatarEditor({ user }: { user: User }) {
  const api = useApi();
  const { refreshProfile } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const adopt = async (data: unknown) => {
    const parsed = userSchema.safeParse(data);
    await refreshProfile(parsed.success ? parsed.data : undefined);
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const data = await uploadFile<unknown>(api, 'put', '/auth/profile/picture', file, {
        signal: controller.signal,
        onProgress: setProgress,
      });
      await adopt(data);
      toast.success(M.uploaded);
    } catch (failure) {
      if (!controller.signal.aborted) setError(errorMessage(failure, M.uploadFailed));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const onRemove = async () => {
    setError(null);
    setRemoving(true);
    try {
      await adopt((await api.delete<unknown>('/auth/profile/picture')).data);
      toast.success(M.removed);
    } catch (failure) {
      setError(errorMessage(failure, M.uploadFailed));
    } finally {
      setRemoving(false);
    }
  };

  const busy = progress !== null || removing;
  return (
    <div className="mt-4 flex w-full flex-col items-center gap-2">
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-file"
        onChange={onPick}
      />
      {progress === null ? (
        <div className="flex flex-wrap justify-center gap-2">
          <button type="button" className={buttonSecondary} disabled={busy} onClick={() => input.current?.click()}>
            <Camera aria-hidden="true" className="size-4" />
            {user.profilePicture ? 'Change picture' : 'Upload picture'}
          </button>
          {user.profilePicture && (
            <button type="button" className={buttonGhost} disabled={busy} onClick={onRemove}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove
            </button>
          )}
        </div>
      ) : (
        <div className="flex w-full max-w-56 items-center gap-2">
          <ProgressBar value={progress} label="Uploading picture" className="w-full" />
          <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">{Math.round(progress * 100)}%</span>
          <button
            type="button"
            className={`${buttonGhost} px-2`}
            aria-label="Cancel upload"
            onClick={() => abort.current?.abort()}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-400">PNG, JPEG, GIF or WebP. Shown square.</p>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
