import { type ClassMaterial, downloadName, MESSAGES } from '@mentora/contract';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/errors';
import { downloadFile } from '../../../components/download';
import { usePlatform } from '../../../platform/PlatformContext';
import type { PlatformDownloads } from '../../../platform/platform';
import { useDownloadMaterial } from './queries';

const M = MESSAGES.materials;

/**
 * A member's downloads of the card's files: each fetched through the API client and saved under its
 * name; on the desktop, a file once saved can be opened with the system's viewer.
 */
export type MaterialDownloads = ReturnType<typeof useMaterialDownload>;

export function useMaterialDownload() {
  const download = useDownloadMaterial();
  const { downloads } = usePlatform();
  const { saved, handedOver } = useSavedDownloads(downloads);
  return {
    start: (material: ClassMaterial) =>
      download.mutate(material, {
        onSuccess: (blob) =>
          handedOver(downloadFile(downloadName(material.name, material.type), blob, material.type), material._id),
        onError: (error) => toast.error(errorMessage(error, M.downloadFailed)),
      }),
    isDownloading: (materialId: string) => download.isPending && download.variables?._id === materialId,
    /** The desktop app's id for this file's saved download, once it is saved. */
    savedAs: (materialId: string) => saved.get(materialId),
    open: (downloadId: string) =>
      downloads
        ?.open(downloadId)
        .catch((error: unknown) => toast.error(M.openFailed(error instanceof Error ? error.message : String(error)))),
  };
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
