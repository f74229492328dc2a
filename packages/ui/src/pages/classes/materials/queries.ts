import { type ClassMaterial, type ClassMaterialsResponse, MESSAGES } from '@mentora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { useApi } from '../../../api/ApiContext';
import { ResponseFormatError } from '../../../api/errors';
import { uploadFile } from '../../../api/upload';

// A class's materials (issue #26): the list with the storage it takes, and what its mentor does to them.

export const materialKeys = {
  list: (classId: string) => ['classes', 'materials', classId] as const,
};

const materialPath = (id: string) => `/materials/${encodeURIComponent(id)}`;
const listPath = (classId: string) => `/classes/${encodeURIComponent(classId)}/materials`;

/** GET /classes/{id}/materials: newest first (its members only: pass enabled). */
export function useClassMaterials(classId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: materialKeys.list(classId),
    enabled,
    queryFn: async ({ signal }) => {
      const { data } = await api.get<ClassMaterialsResponse>(listPath(classId), { signal });
      if (!Array.isArray(data?.materials)) throw new ResponseFormatError(MESSAGES.materials.loadFailed);
      return data;
    },
  });
}

/** POST /classes/{id}/materials: one file, with its progress, cancelled by `signal`. */
export async function uploadMaterial(
  api: AxiosInstance,
  classId: string,
  file: File,
  options: { signal: AbortSignal; onProgress: (fraction: number) => void },
): Promise<ClassMaterial> {
  return (await uploadFile<{ material: ClassMaterial }>(api, 'post', listPath(classId), file, options)).material;
}

/** PATCH /materials/{id}: its display name; the list is read again after. */
export function useRenameMaterial(classId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) =>
      (await api.patch<{ material: ClassMaterial }>(materialPath(id), { name })).data.material,
    onSettled: () => queryClient.invalidateQueries({ queryKey: materialKeys.list(classId) }),
  });
}

/** DELETE /materials/{id}; the list (and the storage used) is read again after. */
export function useDeleteMaterial(classId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete(materialPath(id))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: materialKeys.list(classId) }),
  });
}

/** GET the file's bytes with the caller's credentials (as any API call), to save them as a file. */
export function useDownloadMaterial() {
  const api = useApi();
  return useMutation({
    mutationFn: async (material: ClassMaterial) =>
      (await api.get<Blob>(`${materialPath(material._id)}/download`, { responseType: 'blob' })).data,
  });
}
