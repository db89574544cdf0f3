import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/admin/ConfirmDialog';
import { FormAlert } from '@/components/form/FormAlert';
import { isApiError } from '@/lib/api-client';

interface OrderedListProps<T extends { id: number }> {
  items: T[];
  /** What the item is called in buttons and questions ("brand"). */
  noun: string;
  label: (item: T) => string;
  detail?: (item: T) => ReactNode;
  /** The item's editor, shown in its place; `close` hides it again. */
  editor: (item: T, close: () => void) => ReactNode;
  /** Puts the list in this order (the moved item and its neighbour swap places). */
  onReorder: (ordered: T[]) => void;
  reordering: boolean;
  onRemove: (item: T, done: () => void, failed: (message: string) => void) => void;
  removing: boolean;
  /** Nested content under an item (a category's sub-categories). */
  below?: (item: T) => ReactNode;
  /** Called as an editor opens (to clear an earlier failure). */
  onEdit?: () => void;
}

/** Items in the shop's order: move up or down, edit in place, remove after asking. */
export function OrderedList<T extends { id: number }>({ items, noun, label, detail, editor, onReorder, reordering, onRemove, removing, below, onEdit }: OrderedListProps<T>) {
  const [editing, setEditing] = useState<number | null>(null);
  const [removal, setRemoval] = useState<T | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const move = (index: number, by: -1 | 1) => {
    const ordered = [...items];
    const [item] = ordered.splice(index, 1);
    if (!item) return;
    ordered.splice(index + by, 0, item);
    onReorder(ordered);
  };

  return (
    <>
      {problem ? (
        <div className="mb-3">
          <FormAlert>{problem}</FormAlert>
        </div>
      ) : null}
      <ol className="space-y-2">
        {items.map((item, index) => (
          <li key={item.id}>
            {editing === item.id ? (
              editor(item, () => setEditing(null))
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-stone-200 bg-white p-3">
                <div className="w-full min-w-0 sm:w-auto sm:flex-1">
                  <p className="font-semibold break-words text-stone-900">{label(item)}</p>
                  {detail ? <div className="text-sm text-stone-600">{detail(item)}</div> : null}
                </div>
                <div className="flex flex-wrap gap-1">
                  <button type="button" className="icon-btn border border-stone-300" aria-label={`Move ${label(item)} up`} disabled={index === 0 || reordering} onClick={() => move(index, -1)}>
                    ↑
                  </button>
                  <button
                    type="button"
                    className="icon-btn border border-stone-300"
                    aria-label={`Move ${label(item)} down`}
                    disabled={index === items.length - 1 || reordering}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button type="button" className="btn-secondary min-h-11 px-3" onClick={() => {
                      onEdit?.();
                      setEditing(item.id);
                    }}>
                    Edit
                  </button>
                  <button type="button" className="btn min-h-11 border border-red-700 bg-white px-3 text-red-800 hover:bg-red-50" onClick={() => setRemoval(item)}>
                    Remove
                  </button>
                </div>
              </div>
            )}
            {below ? below(item) : null}
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={removal !== null}
        title={removal ? `Remove ${label(removal)}?` : ''}
        message={`The ${noun} leaves the shop. A ${noun} that something still depends on is kept, and you are told what.`}
        confirmLabel={`Remove ${noun}`}
        destructive
        pending={removing}
        onCancel={() => setRemoval(null)}
        onConfirm={() => {
          if (!removal) return;
          setProblem(null);
          onRemove(
            removal,
            () => setRemoval(null),
            (message) => {
              setRemoval(null);
              setProblem(message);
            },
          );
        }}
      />
    </>
  );
}

/** The message a failed removal shows (a 409 says what depends on it). */
export const removalProblem = (error: unknown) => (isApiError(error) ? error.message : 'The shop could not be reached. Try again.');
