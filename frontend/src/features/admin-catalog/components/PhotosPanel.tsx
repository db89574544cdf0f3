// A product's photos at the desk: add several (or take one with a phone's camera), each with its
// own progress and error; put them in order with arrows (the first is the shop's main image);
// describe each for those who cannot see it; remove one after a question.
import { useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Panel } from '@/components/admin/AdminPage';
import { ConfirmDialog } from '@/components/admin/ConfirmDialog';
import { controlClass } from '@/components/form/FieldFrame';
import { FormAlert } from '@/components/form/FormAlert';
import { isApiError } from '@/lib/api-client';
import { refreshAfterWrite } from '@/features/admin-catalog/api/desk-client';
import { photosPath, uploadFile, useDescribePhoto, usePhotos, useRemovePhoto, useReorderPhotos } from '@/features/admin-catalog/api/photos';
import { shrinkPhoto } from '@/features/admin-catalog/photo-shrink';
import type { StaffPhoto } from '@/types/desk';

export const ACCEPTED = 'image/jpeg,image/png,image/webp';

interface Upload {
  key: string;
  name: string;
  /** 0 to 1 while sending; 1 while the server turns it into WebP. */
  progress: number;
  error?: string;
  done?: boolean;
}

/** What went wrong with one file, in the server's words where it gave them. */
export function uploadError(error: unknown): string {
  if (isApiError(error)) {
    const named = Object.values(error.errors)[0]?.[0];
    return named ?? error.message;
  }
  return 'The upload failed. Try again.';
}

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export function PhotosPanel({ productId, productName }: { productId: number; productName: string }) {
  const queryClient = useQueryClient();
  const photos = usePhotos(productId);
  const reorder = useReorderPhotos(productId);
  const remove = useRemovePhoto(productId);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [removing, setRemoving] = useState<StaffPhoto | null>(null);
  const list = photos.data ?? [];

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const started = files.map((file, index) => ({ file, key: `${Date.now()}-${index}-${file.name}` }));
    setUploads((current) => [...current.filter((u) => !u.done), ...started.map(({ file, key }) => ({ key, name: file.name, progress: 0 }))]);
    // One at a time: the server works on one photo at a time anyway, and each shows its own state.
    for (const { file, key } of started) {
      try {
        await uploadFile(photosPath(productId), await shrinkPhoto(file), (progress) => patch(key, { progress }));
        patch(key, { progress: 1, done: true });
        await refreshAfterWrite(queryClient);
      } catch (error) {
        patch(key, { error: uploadError(error) });
      }
    }
  }

  const move = (from: number, to: number) => reorder.mutate(moved(list, from, to).map((photo) => photo.id));

  return (
    <Panel title="Photos">
      <p className="text-sm text-stone-600">JPEG, PNG or WebP. A large camera photo is made smaller before it is sent. The first photo is the one the shop shows first.</p>
      <label className="btn-secondary mt-3 inline-flex cursor-pointer">
        Add photos
        <input type="file" accept={ACCEPTED} multiple className="sr-only" onChange={(event) => void choose(event)} />
      </label>
      {uploads.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label="Uploads">
          {uploads.map((upload) => (
            <li key={upload.key} className="text-sm">
              <div className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate">{upload.name}</span>
                <span className={upload.error ? 'text-red-700' : 'text-stone-600'}>
                  {upload.error ? 'Refused' : upload.done ? 'Added' : upload.progress < 1 ? `${Math.round(upload.progress * 100)}%` : 'Processing…'}
                </span>
              </div>
              {upload.error ? (
                <p role="alert" className="text-red-700">
                  {upload.error}
                </p>
              ) : (
                <progress className="h-1 w-full" max={1} value={upload.progress} aria-label={`Uploading ${upload.name}`} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {reorder.error || remove.error ? <FormAlert>{uploadError(reorder.error ?? remove.error)}</FormAlert> : null}
      {photos.isError ? <FormAlert>The photos could not be loaded.</FormAlert> : null}
      {list.length === 0 && photos.isSuccess ? <p className="mt-3 text-stone-600">No photos yet.</p> : null}
      <ol className="mt-4 grid gap-3 sm:grid-cols-2" aria-label="Photos in the shop's order">
        {list.map((photo, index) => (
          <PhotoCard
            key={photo.id}
            photo={photo}
            productId={productId}
            index={index}
            count={list.length}
            busy={reorder.isPending}
            onMove={move}
            onRemove={() => setRemoving(photo)}
          />
        ))}
      </ol>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this photo?"
        message={`It leaves ${productName}'s page in the shop.`}
        confirmLabel="Remove photo"
        destructive
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      />
    </Panel>
  );
}

interface PhotoCardProps {
  photo: StaffPhoto;
  productId: number;
  index: number;
  count: number;
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

function PhotoCard({ photo, productId, index, count, busy, onMove, onRemove }: PhotoCardProps) {
  const describe = useDescribePhoto(productId);
  const [alt, setAlt] = useState(photo.alt);
  const label = `Photo ${index + 1}`;
  return (
    <li className="flex gap-3 rounded-lg border border-stone-200 p-3">
      <img
        src={photo.url}
        srcSet={photo.srcset ?? undefined}
        sizes="96px"
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        className="size-24 shrink-0 rounded bg-stone-100 object-contain"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <form
          className="flex flex-col gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            describe.mutate({ id: photo.id, alt });
          }}
        >
          <label className="text-sm font-medium text-stone-800" htmlFor={`alt-${photo.id}`}>
            {label}: what it shows
          </label>
          <div className="flex gap-2">
            <input id={`alt-${photo.id}`} className={`${controlClass()} min-h-11 min-w-0 flex-1`} value={alt} maxLength={200} onChange={(event) => setAlt(event.target.value)} />
            <button type="submit" className="btn-secondary" disabled={describe.isPending || alt === photo.alt}>
              Save
            </button>
          </div>
          {describe.error ? <p className="text-sm text-red-700">{uploadError(describe.error)}</p> : null}
        </form>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" aria-label={`Move ${label} earlier`} disabled={busy || index === 0} onClick={() => onMove(index, index - 1)}>
            ↑
          </button>
          <button type="button" className="btn-secondary" aria-label={`Move ${label} later`} disabled={busy || index === count - 1} onClick={() => onMove(index, index + 1)}>
            ↓
          </button>
          <button type="button" className="btn-secondary text-red-700" onClick={onRemove}>
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
