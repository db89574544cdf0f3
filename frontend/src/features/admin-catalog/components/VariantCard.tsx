import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormAlert } from '@/components/form/FormAlert';
import { useUnsavedChanges } from '@/components/admin/unsaved-changes';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { formatRupees, toPaise } from '@/lib/money';
import { useAddVariant, useUpdateVariant } from '@/features/admin-catalog/api/products';
import { deskKeys } from '@/features/admin-catalog/api/desk-client';
import { StaleSave, staleFields } from '@/features/admin-catalog/components/StaleSave';
import { StockPanel } from '@/features/admin-catalog/components/StockPanel';
import { VariantFieldsGrid } from '@/features/admin-catalog/components/VariantFieldsGrid';
import { differs, emptyVariant, variantBody, variantFields, type Problems, type VariantFields } from '@/features/admin-catalog/product-form';
import { wordsErrors } from '@/features/admin-catalog/words';
import type { StaffVariant } from '@/types/desk';

const UNREACHABLE = 'The shop could not be reached. Try again.';
const VARIANT_FIELDS = ['variant_name', 'sku', 'MRP', 'retail_price', 'weight', 'weight_grams', 'net_quantity', 'uqc', 'uqc_quantity', 'stock', 'low_stock_threshold', 'position', 'is_active', ...wordsErrors(['variant_name'])];

function VariantEditor({ variant, onDone }: { variant: StaffVariant; onDone: () => void }) {
  const toast = useToast();
  const saved = variantFields(variant);
  const [fields, setFields] = useState<VariantFields>(saved);
  const [problems, setProblems] = useState<Problems>({});
  const update = useUpdateVariant(variant.id);
  useUnsavedChanges(differs(fields, saved));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, problems: found } = variantBody(fields);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    update.mutate({ ...body, version: variant.version }, {
      onSuccess: (answer) => {
        toast.success('Variant saved', answer.sku);
        onDone();
      },
    });
  };
  const queryClient = useQueryClient();
  const alert = staleFields(update.error) ? undefined : formError(update.error, VARIANT_FIELDS, UNREACHABLE);
  // The product's fresh copy brings this variant's saved fields; the editor closes to show them.
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: deskKeys.product(variant.product_id) });
    onDone();
  };
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4 border-t border-stone-200 pt-4">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <StaleSave error={update.error} what="variant" onReload={reload} />
      <VariantFieldsGrid idPrefix={`variant-${variant.id}`} fields={fields} onChange={setFields} problems={{ ...fieldErrors(update.error), ...problems }} askStock={false} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save variant'}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One variant: what the shop sells it at, its stock; edit it or adjust its stock in place. */
export function VariantCard({ variant }: { variant: StaffVariant }) {
  const [open, setOpen] = useState<'edit' | 'stock' | null>(null);
  const low = variant.stock <= variant.low_stock_threshold;
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-stone-900">
            {variant.variant_name ?? 'Single variant'} {variant.is_active ? null : <span className="ml-1 rounded bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">Not on sale</span>}
          </p>
          <p className="text-sm text-stone-600">SKU {variant.sku}</p>
          <p className="mt-1 tabular-nums">
            {formatRupees(toPaise(variant.retail_price))}
            {variant.MRP !== null ? <span className="ml-2 text-sm text-stone-600">MRP {formatRupees(toPaise(variant.MRP))}</span> : null}
          </p>
          <p className={`text-sm tabular-nums ${low ? 'font-semibold text-red-800' : 'text-stone-700'}`}>
            {variant.stock} in stock{low ? ' · low' : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" aria-expanded={open === 'edit'} onClick={() => setOpen(open === 'edit' ? null : 'edit')}>
            Edit
          </button>
          <button type="button" className="btn-secondary" aria-expanded={open === 'stock'} onClick={() => setOpen(open === 'stock' ? null : 'stock')}>
            Stock
          </button>
        </div>
      </div>
      {open === 'edit' ? <VariantEditor variant={variant} onDone={() => setOpen(null)} /> : null}
      {open === 'stock' ? (
        <div className="mt-4 border-t border-stone-200 pt-4">
          <StockPanel variant={variant} />
        </div>
      ) : null}
    </li>
  );
}

/** A further variant of a saved product (another pack size, say). */
export function NewVariantForm({ productId, position, onDone }: { productId: number; position: number; onDone: () => void }) {
  const toast = useToast();
  const blank = emptyVariant(position);
  const [fields, setFields] = useState<VariantFields>(blank);
  const [problems, setProblems] = useState<Problems>({});
  const add = useAddVariant(productId);
  useUnsavedChanges(differs(fields, blank));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, problems: found } = variantBody(fields, '', true);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(body, {
      onSuccess: (answer) => {
        toast.success('Variant added', answer.sku);
        onDone();
      },
    });
  };
  const alert = formError(add.error, VARIANT_FIELDS, UNREACHABLE);
  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-xl border border-green-700 bg-white p-4" aria-label="New variant">
      <h3 className="font-semibold text-stone-900">New variant</h3>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <VariantFieldsGrid idPrefix="new-variant" fields={fields} onChange={setFields} problems={{ ...fieldErrors(add.error), ...problems }} askStock />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add variant'}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
