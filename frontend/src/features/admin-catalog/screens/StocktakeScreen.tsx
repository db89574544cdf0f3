// A stocktake: the pack sizes of a shelf (a category, or found by name) listed with their stock;
// the owner types what was counted, and saving sets each to its count in one go, recording each
// difference as a stocktake movement. Pack sizes left blank are not counted.
import { useState, type FormEvent } from 'react';
import { AdminPage } from '@/components/admin/AdminPage';
import { useUnsavedChanges } from '@/components/admin/unsaved-changes';
import { controlClass } from '@/components/form/FieldFrame';
import { FormAlert } from '@/components/form/FormAlert';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { useDebouncedValue } from '@/lib/hooks';
import { formError } from '@/lib/form-errors';
import { CategoryOptions } from '@/features/admin-catalog/components/CategoryOptions';
import { useCountList, useSetCounted } from '@/features/admin-catalog/api/products';
import { useDeskCategories } from '@/features/admin-catalog/api/taxonomy';
import type { CountedStock, LowStockItem } from '@/types/desk';

const COUNTED = /^\d{1,8}$/;

function CountRow({ item, value, onChange, problem }: { item: LowStockItem; value: string; onChange: (value: string) => void; problem?: string }) {
  const id = `count-${item.variant_id}`;
  const counted = COUNTED.test(value.trim()) ? Number(value.trim()) : null;
  const difference = counted === null ? null : counted - item.stock;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <label htmlFor={id} className="min-w-0 flex-1">
        <span className="block font-semibold break-words text-stone-900">{item.product_name}</span>
        <span className="block text-sm text-stone-600">
          {item.variant_name ?? 'Single variant'} · SKU {item.sku} · in stock {item.stock}
        </span>
      </label>
      <span className="flex shrink-0 items-center gap-2">
        {difference !== null && difference !== 0 ? (
          <span className={`text-sm font-semibold tabular-nums ${difference < 0 ? 'text-red-800' : 'text-green-800'}`}>{difference > 0 ? `+${difference}` : difference}</span>
        ) : null}
        <input
          id={id}
          inputMode="numeric"
          aria-label={`Counted ${item.product_name} ${item.variant_name ?? ''}`.trim()}
          aria-invalid={problem ? true : undefined}
          placeholder="Count"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${controlClass(problem)} !mt-0 min-h-11 !w-20 text-right tabular-nums`}
        />
      </span>
      {problem ? <p className="w-full text-sm font-medium text-red-800">{problem}</p> : null}
    </li>
  );
}

function Saved({ counted }: { counted: CountedStock[] }) {
  const moved = counted.filter((line) => line.difference !== 0);
  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-4 text-green-950">
      <p className="font-semibold">
        {counted.length} counted; {moved.length === 0 ? 'every count matched the stock.' : `${moved.length} set to the counted quantity:`}
      </p>
      {moved.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm">
          {moved.map((line) => (
            <li key={line.variant_id}>
              {line.product_name} {line.variant_name ?? ''}: {line.before} → {line.counted} ({line.difference > 0 ? '+' : ''}
              {line.difference})
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default function StocktakeScreen() {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [saved, setSaved] = useState<CountedStock[] | null>(null);
  const words = useDebouncedValue(search.trim(), 300);
  const params = new URLSearchParams();
  if (words) params.set('search', words);
  if (category) params.set('category', category);
  const list = useCountList(params);
  const categories = useDeskCategories();
  const setCounted = useSetCounted();
  const entered = Object.entries(counts).filter(([, value]) => value.trim() !== '');
  useUnsavedChanges(entered.length > 0 && !setCounted.isPending);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items = new Map((list.data?.data ?? []).map((item) => [item.variant_id, item]));
    const wrong: Record<number, string> = {};
    for (const [id, value] of entered) if (!COUNTED.test(value.trim())) wrong[Number(id)] = 'Enter the units counted: 0 or more.';
    setProblems(wrong);
    if (Object.keys(wrong).length > 0 || entered.length === 0) return;
    const body = {
      counts: entered.map(([id, value]) => ({ variant_id: Number(id), counted: Number(value.trim()), stock_seen: items.get(Number(id))?.stock ?? null })),
      note: note.trim() || null,
    };
    setCounted.mutate(body, {
      onSuccess: (answer) => {
        setSaved(answer.data);
        setCounts({});
        toast.success('Stocktake saved', `${answer.data.length} ${answer.data.length === 1 ? 'pack size' : 'pack sizes'} counted.`);
      },
    });
  };

  const alert = formError(setCounted.error, [], 'The shop could not be reached. Nothing was saved; try again.');
  return (
    <AdminPage title="Stocktake" intro="Count a shelf and set each pack size to the counted quantity. Pack sizes left blank are not changed.">
      <div className="space-y-4">
        <div className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2">
          <div>
            <label htmlFor="count-search" className="block text-sm font-medium text-stone-800">
              Find by name or SKU
            </label>
            <input id="count-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={`${controlClass()} min-h-11`} />
          </div>
          <div>
            <label htmlFor="count-category" className="block text-sm font-medium text-stone-800">
              Category
            </label>
            <select id="count-category" value={category} onChange={(event) => setCategory(event.target.value)} className={`${controlClass()} min-h-11`}>
              <option value="">All categories</option>
              {categories.data ? <CategoryOptions categories={categories.data} /> : null}
            </select>
          </div>
        </div>
        {saved ? <Saved counted={saved} /> : null}
        {list.isError ? (
          <ErrorBox onRetry={() => void list.refetch()}>The counting list could not be loaded.</ErrorBox>
        ) : !list.data ? (
          <PageLoading />
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4" aria-label="Counted quantities">
            {alert ? <FormAlert>{alert}</FormAlert> : null}
            {list.data.data.length === 0 ? (
              <p className="rounded-xl border border-stone-200 bg-white p-6 text-center text-stone-700">No pack size on sale matches.</p>
            ) : (
              <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
                {list.data.data.map((item) => (
                  <CountRow
                    key={item.variant_id}
                    item={item}
                    value={counts[item.variant_id] ?? ''}
                    problem={problems[item.variant_id]}
                    onChange={(value) => setCounts((current) => ({ ...current, [item.variant_id]: value }))}
                  />
                ))}
              </ul>
            )}
            <div>
              <label htmlFor="count-note" className="block font-medium text-stone-900">
                Note <span className="font-normal text-stone-600">(optional)</span>
              </label>
              <input id="count-note" value={note} onChange={(event) => setNote(event.target.value)} placeholder="Monthly count, godown 2" className={`${controlClass()} min-h-11`} />
            </div>
            <div className="sticky bottom-0 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3">
              <button type="submit" className="btn-primary w-full sm:w-auto" disabled={setCounted.isPending || entered.length === 0}>
                {setCounted.isPending ? 'Saving…' : entered.length === 0 ? 'Type a count to save' : `Set ${entered.length} to the counted quantity`}
              </button>
            </div>
          </form>
        )}
      </div>
    </AdminPage>
  );
}
