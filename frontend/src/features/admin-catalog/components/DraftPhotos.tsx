// Photos chosen while a product is being created: kept with the draft (shown, removable, in
// order) and sent once the product exists. A refused save keeps them for the next try.
import { useEffect, useMemo, type ChangeEvent } from 'react';
import { Panel } from '@/components/admin/AdminPage';
import { ACCEPTED } from '@/features/admin-catalog/components/PhotosPanel';

export function DraftPhotos({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    onChange([...files, ...chosen]);
  };

  return (
    <Panel title="Photos">
      <p className="text-sm text-stone-600">
        JPEG, PNG or WebP. They are sent when the product is created (a large camera photo is made smaller first); the first is the one the shop shows first.
      </p>
      <label className="btn-secondary mt-3 inline-flex cursor-pointer">
        Add photos
        <input type="file" accept={ACCEPTED} multiple className="sr-only" onChange={choose} aria-label="Add photos to the new product" />
      </label>
      {files.length > 0 ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photos to add">
          {files.map((file, index) => (
            <li key={`${index}-${file.name}`} className="rounded-lg border border-stone-200 bg-white p-2">
              <img src={previews[index]} alt="" className="aspect-square w-full rounded object-cover" />
              <p className="mt-1 truncate text-sm text-stone-700">
                {index === 0 ? 'Main · ' : ''}
                {file.name}
              </p>
              <button type="button" className="btn-secondary mt-1 w-full" onClick={() => onChange(files.filter((_, i) => i !== index))} aria-label={`Remove ${file.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
