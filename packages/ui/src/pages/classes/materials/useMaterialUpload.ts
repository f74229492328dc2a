import { MESSAGES } from '@mentora/contract';
import { useQueryClient } from '@tanstack/react-query';
import { isCancel } from 'axios';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useApi } from '../../../api/ApiContext';
import { errorMessage } from '../../../api/errors';
import { materialKeys, uploadMaterial } from './queries';

const M = MESSAGES.materials;

/** One upload under way (or failed, until dismissed). */
export interface MaterialUpload {
  key: number;
  file: File;
  progress: number;
  controller: AbortController;
  error: string | null;
}

/** The mentor's uploads: each file its own request, all at once, each with its progress and abort. */
export function useMaterialUpload(classId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<MaterialUpload[]>([]);
  const nextKey = useRef(0);
  const change = (key: number, patch: Partial<MaterialUpload>) =>
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
      const upload: MaterialUpload = {
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
  const cancel = (upload: MaterialUpload) => {
    upload.controller.abort();
    drop(upload.key);
  };
  return { uploads, start, cancel, dismiss: (upload: MaterialUpload) => drop(upload.key) };
}
