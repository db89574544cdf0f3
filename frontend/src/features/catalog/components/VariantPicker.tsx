import { useWhatTheShopperLeft } from '@/lib/before-the-app';
import { useT } from '@/lib/i18n';
import type { Variant } from '@/types/api';

interface VariantPickerProps {
  variants: readonly Variant[];
  selectedId: number;
  onSelect: (id: number) => void;
}

/**
 * The sellable units of a product (pack sizes), as a group of radio buttons. A pack tapped on the
 * server's page before the app came is the one chosen once the app has it.
 */
export function VariantPicker({ variants, selectedId, onSelect }: VariantPickerProps) {
  const t = useT();
  const group = useWhatTheShopperLeft<HTMLFieldSetElement>((fieldset) => {
    const tapped = Number(fieldset.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value);
    if (tapped !== selectedId && variants.some((variant) => variant.id === tapped)) onSelect(tapped);
  });
  return (
    <fieldset ref={group}>
      <legend className="mb-2 text-sm font-semibold text-stone-900">{t('product.chooseVariant')}</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((variant) => (
          <label
            key={variant.id}
            className="relative inline-flex min-h-11 cursor-pointer items-center rounded-lg border-2 border-stone-300 bg-white px-3 text-sm font-medium text-stone-900 has-checked:border-green-700 has-checked:bg-green-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-green-700"
          >
            <input
              type="radio"
              name="variant"
              value={variant.id}
              checked={variant.id === selectedId}
              onChange={() => onSelect(variant.id)}
              className="sr-only"
            />
            {variant.variant_name}
            {variant.stock_state === 'out_of_stock' ? <span className="ml-1 text-xs text-stone-600">({t('stock.outOfStock')})</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
