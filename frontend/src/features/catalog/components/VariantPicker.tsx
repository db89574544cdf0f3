import { useId } from 'react';
import { useT } from '@/lib/i18n';
import { PACK_PARAMETER, packSlug } from '@/lib/pack';
import type { Variant } from '@/types/api';

interface VariantPickerProps {
  variants: readonly Variant[];
  selectedId: number;
  onSelect: (id: number) => void;
}

/**
 * The sellable units of a product (pack sizes), as a group of radio buttons. Each is a link to the
 * page with that pack (`?pack=25-kg`): on a drawn page before the app's code has come, a tap asks
 * the server for the page with that pack's price and stock; once the app has the page, a tap
 * chooses the pack in place.
 */
export function VariantPicker({ variants, selectedId, onSelect }: VariantPickerProps) {
  const t = useT();
  const legendId = useId();
  return (
    <div>
      <p id={legendId} className="mb-2 text-sm font-semibold text-stone-900">
        {t('product.chooseVariant')}
      </p>
      <div role="radiogroup" aria-labelledby={legendId} className="flex flex-wrap gap-2">
        {variants.map((variant) => {
          const chosen = variant.id === selectedId;
          return (
            <a
              key={variant.id}
              href={`?${PACK_PARAMETER}=${packSlug(variant, variants)}`}
              role="radio"
              aria-checked={chosen}
              // One stop in the tab order for the group, as radio buttons have.
              tabIndex={chosen ? 0 : -1}
              rel="nofollow"
              onClick={(event) => {
                event.preventDefault();
                onSelect(variant.id);
              }}
              onKeyDown={(event) => {
                const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
                if (event.key === ' ') {
                  event.preventDefault();
                  onSelect(variant.id);
                }
                if (step === 0) return;
                event.preventDefault();
                const index = variants.findIndex((v) => v.id === variant.id);
                const nextIndex = (index + step + variants.length) % variants.length;
                const next = variants[nextIndex];
                if (!next) return;
                onSelect(next.id);
                event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="radio"]')[nextIndex]?.focus();
              }}
              className="relative inline-flex min-h-11 cursor-pointer items-center rounded-lg border-2 border-stone-300 bg-white px-3 text-sm font-medium text-stone-900 no-underline aria-checked:border-green-700 aria-checked:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
            >
              {variant.variant_name}
              {variant.stock_state === 'out_of_stock' ? <span className="ml-1 text-xs text-stone-600">({t('stock.outOfStock')})</span> : null}
            </a>
          );
        })}
      </div>
    </div>
  );
}
