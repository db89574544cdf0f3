// One picture of a brand (its logo) or an award, replaced from a file or removed. The file is
// checked and re-encoded by the server like a product photo.
import { useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { refreshAfterWrite, useDeskWrite } from '@/features/admin-catalog/api/desk-client';
import { uploadFile } from '@/features/admin-catalog/api/photos';
import { ACCEPTED } from '@/features/admin-catalog/components/PhotosPanel';
import type { Picture } from '@/types/desk';

export function PictureField({ label, path, alt }: { label: string; path: string; alt: string }) {
  const queryClient = useQueryClient();
  const clear = useDeskWrite<void>('DELETE', () => path);
  const [picture, setPicture] = useState<Picture | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      setPicture(await uploadFile<Picture>(path, file, setProgress, 'PUT'));
      await refreshAfterWrite(queryClient);
    } catch (failure) {
      setError(isApiError(failure) ? (Object.values(failure.errors)[0]?.[0] ?? failure.message) : 'The upload failed. Try again.');
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 p-3">
      {picture ? (
        <img src={picture.url} srcSet={picture.srcset ?? undefined} sizes="96px" width={picture.width ?? 96} height={picture.height ?? 96} alt={alt} className="h-16 w-24 object-contain" />
      ) : null}
      <label className="btn-secondary cursor-pointer">
        {`Upload ${label.toLowerCase()}`}
        <input type="file" accept={ACCEPTED} className="sr-only" onChange={(event) => void choose(event)} />
      </label>
      <button type="button" className="btn-secondary" disabled={clear.isPending} onClick={() => clear.mutate(undefined, { onSuccess: () => setPicture(null) })}>
        {`Remove ${label.toLowerCase()}`}
      </button>
      {progress !== null ? <progress max={1} value={progress} aria-label={`Uploading the ${label.toLowerCase()}`} /> : null}
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
