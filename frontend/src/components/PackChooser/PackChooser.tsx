// Add to cart from a product card of a product sold in several pack sizes: a small dialog lists
// them with their prices (a sheet from the bottom on a phone, a popover by the button on wider
// screens), the shopper picks one and adds it. Loaded on first use (see CardAddToCart).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import '@/components/PackChooser/messages';
import { Dialog } from '@/components/Dialog';
import { Icon } from '@/components/Icon';
import { Price } from '@/components/Price';
import { popoverPlacement } from '@/components/PackChooser/placement';
import { useT } from '@/lib/i18n';
import { productQuery } from '@/lib/queries/product';

interface PackChooserProps {
  slug: string;
  name: string;
  /** Where the button that opened it stands. */
  anchor: DOMRect;
  /** Called once the dialog has closed (focus is back on the button): the pack chosen, or null. */
  onDone: (variantId: number | null) => void;
}

/** Starts fetching a product's pack sizes before the chooser opens (on pointing at its button). */
export const warmUp = (queryClient: QueryClient, slug: string) => void queryClient.prefetchQuery(productQuery(slug));

/** Stops a press inside the dialog from reaching a carousel around the card (embla drags on it). */
function useContainedPresses() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const stop = (event: Event) => event.stopPropagation();
    node.addEventListener('mousedown', stop);
    node.addEventListener('touchstart', stop, { passive: true });
    return () => {
      node.removeEventListener('mousedown', stop);
      node.removeEventListener('touchstart', stop);
    };
  }, []);
  return ref;
}

export default function PackChooser({ slug, name, anchor, onDone }: PackChooserProps) {
  const t = useT();
  const titleId = useId();
  const [open, setOpen] = useState(true);
  const chosen = useRef<number | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const query = useQuery(productQuery(slug));
  const contained = useContainedPresses();
  const firstPack = useRef<HTMLInputElement>(null);
  const [placement] = useState(() => popoverPlacement(anchor, { width: window.innerWidth, height: window.innerHeight }));

  const product = query.data;
  const variants = product?.variants ?? [];
  // A product whose sizes were merged into one since its card was drawn sells its default pack.
  const only = product && variants.length === 0 && product.stock_state !== 'out_of_stock' ? product.default_variant_id : null;
  const selected = picked ?? variants.find((variant) => variant.stock_state !== 'out_of_stock')?.id ?? only;

  // Once the sizes are in, the chosen one takes focus from the close button (if nothing moved it).
  const loaded = product !== undefined;
  useEffect(() => {
    if (loaded && document.activeElement?.closest('[data-pack-close]')) firstPack.current?.focus();
  }, [loaded]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (selected === null) return;
    chosen.current = selected;
    setOpen(false);
  };

  return (
    <Dialog open={open} onClose={() => onDone(chosen.current)} labelledBy={titleId} className="dialog-sheet" style={placement}>
      <div ref={contained} className="flex flex-col">
        <div className="flex items-start justify-between gap-3 border-b border-stone-200 py-2 pr-2 pl-4">
          <div className="min-w-0 py-1">
            <h2 id={titleId} className="font-bold text-stone-900">
              {t('product.chooseVariant')}
            </h2>
            <p className="line-clamp-2 text-sm text-stone-700">{name}</p>
          </div>
          <button type="button" className="icon-btn" data-pack-close onClick={() => setOpen(false)} aria-label={t('packs.close')}>
            <Icon name="x-mark" />
          </button>
        </div>
        <div className="p-4">
          {query.isError ? (
            <div role="alert" className="flex flex-col items-start gap-3">
              <p className="text-stone-800">{t('packs.loadError')}</p>
              <button type="button" className="btn-secondary" onClick={() => void query.refetch()}>
                {t('list.retry')}
              </button>
            </div>
          ) : !product ? (
            <p className="py-4 text-stone-700" role="status">
              {t('list.loading')}
            </p>
          ) : (
            <form onSubmit={add}>
              {variants.length === 0 ? <Price retail={product.retail_price} mrp={product.MRP} /> : null}
              <fieldset hidden={variants.length === 0}>
                <legend className="sr-only">{t('product.chooseVariant')}</legend>
                <div className="flex flex-col gap-2">
                  {variants.map((variant) => {
                    const soldOut = variant.stock_state === 'out_of_stock';
                    return (
                      <label
                        key={variant.id}
                        className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border-2 border-stone-300 bg-white px-3 py-2 has-checked:border-green-700 has-checked:bg-green-50 has-disabled:cursor-not-allowed has-disabled:bg-stone-50"
                      >
                        <input
                          ref={variant.id === selected ? firstPack : undefined}
                          type="radio"
                          name={titleId}
                          value={variant.id}
                          checked={variant.id === selected}
                          disabled={soldOut}
                          onChange={() => setPicked(variant.id)}
                          className="size-5 shrink-0 accent-green-700"
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block font-semibold text-stone-900">{variant.variant_name}</span>
                          {soldOut ? <span className="block text-sm text-red-800">{t('stock.outOfStock')}</span> : <Price retail={variant.retail_price} mrp={variant.MRP} />}
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
              {/* Always in sight, even when the sizes scroll in a short window. */}
              <div className="sticky bottom-0 -mx-4 -mb-4 bg-white p-4">
                <button type="submit" className="btn-primary w-full" disabled={selected === null}>
                  {t('product.addToCart')}
                </button>
              </div>
            </form>
          )}
        </div>
      </div>
    </Dialog>
  );
}
