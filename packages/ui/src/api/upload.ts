import type { AxiosInstance } from 'axios';

export interface UploadOptions {
  signal?: AbortSignal;
  /** How much has been sent, 0 to 1, as the browser reports it. */
  onProgress?: (fraction: number) => void;
}

/**
 * Sends one file as multipart (field `file`) through the app's own client, so it goes with the same
 * token, cookie and base URL as every other call (the desktop app talks to another origin with a token).
 * The client's default JSON Content-Type would make axios turn the FormData into JSON: naming multipart
 * lets axios hand the FormData over as it is, and the browser write the boundary.
 */
export async function uploadFile<T>(
  api: AxiosInstance,
  method: 'post' | 'put',
  path: string,
  file: File,
  { signal, onProgress }: UploadOptions = {},
): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await api.request<T>({
    method,
    url: path,
    data: form,
    headers: { 'Content-Type': 'multipart/form-data' },
    signal,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (total > 0) onProgress?.(Math.min(1, event.loaded / total));
    },
  });
  return data;
}
