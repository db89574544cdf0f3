// Add to cart on a product card, the same on every card: a product sold in one pack goes straight
// in; one with several opens the pack-size chooser (its own chunk, fetched when the shopper points
// at or focuses the button, so it is there by the click). It sits above the card's stretched link.
import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAddToCartAction } from '@/lib/add-to-cart';
import { messageSectionsLoaded, useT } from '@/lib/i18n';

const loadChooser = () => import('@/components/PackChooser/PackChooser');
// It shows once its words have arrived in the shopper's language too.
const PackChooser = lazy(() => loadChooser().then(async (chooser) => (await messageSectionsLoaded(), chooser)));

interface CardAddToCartProps {
  product: { id: number; slug: string; name: string };
  /** Whether the product comes in several pack sizes, so one must be chosen. */
  severalPacks: boolean;
}

export function CardAddToCart({ product, severalPacks }: CardAddToCartProps) {
  const t = useT();
  const addToCart = useAddToCartAction();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  // Where the button stood when the chooser opened; null while it is shut.
  const [choosing, setChoosing] = useState<DOMRect | null>(null);
  if (!addToCart) return null;

  const add = async (variantId?: number) => {
    setAdding(true);
    // A failure has been logged and shown to the shopper (a toast) by the cart.
    await addToCart({ product_id: product.id, quantity: 1, ...(variantId === undefined ? {} : { variant_id: variantId }) }).catch(() => undefined);
    setAdding(false);
  };
  const warmUp = () => {
    if (severalPacks) void loadChooser().then((chooser) => chooser.warmUp(queryClient, product.slug));
  };

  return (
    <>
      <button
        type="button"
        className="btn-secondary relative z-10 min-h-11 w-full px-3 text-sm aria-disabled:cursor-wait aria-disabled:opacity-60"
        // Not `disabled`: the button keeps focus while the cart answers, and gets it back after.
        aria-disabled={adding || undefined}
        aria-haspopup={severalPacks ? 'dialog' : undefined}
        aria-label={adding ? undefined : t('cart.addProduct', { name: product.name })}
        onPointerEnter={warmUp}
        onFocus={warmUp}
        onClick={(event) => {
          if (adding) return;
          if (severalPacks) setChoosing(event.currentTarget.getBoundingClientRect());
          else void add();
        }}
      >
        {adding ? t('product.adding') : t('product.addToCart')}
      </button>
      {choosing ? (
        <Suspense fallback={null}>
          <PackChooser
            slug={product.slug}
            name={product.name}
            anchor={choosing}
            onDone={(variantId) => {
              setChoosing(null);
              if (variantId !== null) void add(variantId);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
