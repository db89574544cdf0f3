import { useState } from 'react';
import { TextField } from '@/components/form/TextField';
import { usePackSearch } from '@/features/admin-stock/api/stock';

export interface Pack {
  variant_id: number;
  sku: string;
  label: string;
}

/** Finds a pack size by words of its name or its SKU; shows the chosen one with a way to change it. */
export function PackPicker({ id, pack, onPick, error }: { id: string; pack: Pack | null; onPick: (pack: Pack | null) => void; error?: string }) {
  const [search, setSearch] = useState('');
  const found = usePackSearch(search);
  if (pack) {
    return (
      <div>
        <span className="block font-medium text-stone-900">Pack size</span>
        <div className="mt-1 flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2">
          <span className="min-w-0 break-words">
            <span className="font-semibold text-stone-900">{pack.label}</span> <span className="text-sm text-stone-600">{pack.sku}</span>
          </span>
          <button type="button" className="font-medium text-green-800 underline" onClick={() => onPick(null)} aria-label={`Change the pack size ${pack.sku}`}>
            Change
          </button>
        </div>
        {error ? (
          <p className="mt-1 text-sm font-medium text-red-800" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  const results = found.data?.data.slice(0, 6) ?? [];
  return (
    <div>
      <TextField
        id={id}
        label="Pack size"
        hint="Type part of the name or the SKU"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        error={error}
        autoComplete="off"
      />
      {search.trim().length >= 2 ? (
        <ul className="mt-1 divide-y divide-stone-200 rounded-lg border border-stone-200" aria-label="Pack sizes found">
          {results.length === 0 ? (
            <li className="px-3 py-2 text-stone-600">{found.isFetching ? 'Searching…' : 'No pack size matches.'}</li>
          ) : (
            results.map((item) => {
              const label = item.variant_name ? `${item.product_name} ${item.variant_name}` : item.product_name;
              return (
                <li key={item.variant_id}>
                  <button
                    type="button"
                    className="flex min-h-11 w-full items-center justify-between gap-2 px-3 py-2 text-left hover:bg-stone-50"
                    onClick={() => {
                      onPick({ variant_id: item.variant_id, sku: item.sku, label });
                      setSearch('');
                    }}
                  >
                    <span className="min-w-0 break-words text-stone-900">{label}</span>
                    <span className="shrink-0 text-sm text-stone-600">{item.sku}</span>
                  </button>
                </li>
              );
            })
          )}
        </ul>
      ) : null}
    </div>
  );
}
