// A product's photos at the desk, and uploads with progress (fetch cannot report an upload's
// progress; XMLHttpRequest can).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiUrl, xsrfHeader, type FieldErrors } from '@/lib/api-client';
import { DESK, deskGet, deskKeys, useDeskWrite } from '@/features/admin-catalog/api/desk-client';
import type { DataList, StaffPhoto } from '@/types/desk';

export const photosPath = (productId: number) => `/products/${productId}/photos`;

export const photosQuery = (productId: number) =>
  queryOptions({
    queryKey: deskKeys.photos(productId),
    queryFn: ({ signal }) => deskGet<DataList<StaffPhoto>>(photosPath(productId), signal).then((list) => list.data),
  });

export const usePhotos = (productId: number) => useQuery(photosQuery(productId));

export const useReorderPhotos = (productId: number) =>
  useDeskWrite<number[]>('PUT', () => `${photosPath(productId)}/order`, (ids) => ({ ids }));

export const useDescribePhoto = (productId: number) =>
  useDeskWrite<{ id: number; alt: string }>('PUT', ({ id }) => `${photosPath(productId)}/${id}`, ({ alt }) => ({ alt }));

export const useRemovePhoto = (productId: number) => useDeskWrite<number>('DELETE', (id) => `${photosPath(productId)}/${id}`);

/** Sends one file as `multipart/form-data` to a desk path; `onProgress` gets 0 to 1. */
export async function uploadFile<T>(path: string, file: File, onProgress: (fraction: number) => void, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const headers = await xsrfHeader();
  const form = new FormData();
  form.append('files', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, apiUrl(`${DESK}${path}`));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: { message?: string; errors?: FieldErrors } & Record<string, unknown> = {};
      try {
        body = request.responseText ? (JSON.parse(request.responseText) as typeof body) : {};
      } catch {
        // Not JSON: a proxy's error page.
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(new ApiError(request.status, body.message ?? (request.statusText || 'The upload failed.'), body.errors ?? {}, body));
    };
    request.onerror = () => reject(new ApiError(0, 'The shop could not be reached. Try again.'));
    request.send(form);
  });
}
