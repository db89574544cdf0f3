import { useState, type ReactNode } from 'react';
import { useHref, useLocation, useSearchParams } from 'react-router';
import { Price } from '@/components/Price';
import { QuantityInput } from '@/components/QuantityInput/QuantityInput';
import { useT } from '@/lib/i18n';
import { PACK_PARAMETER, packNamed } from '@/lib/pack';
import type { AddToCart, ProductDetail } from '@/types/api';
import { DeliveryCheck } from '@/features/catalog/components/DeliveryCheck';
import { StockStatus } from '@/features/catalog/components/StockStatus';
import { VariantPicker } from '@/features/catalog/components/VariantPicker';

/** Where a drawn page's Add to cart form posts. */
const CART_FORM = '/cart/add';

/**
 * Variant, price, stock, quantity and the Add to cart button of the product view; `after` adds
 * what depends on the chosen pack size (the WhatsApp actions).
 */
export function PurchasePanel({ product, onAddToCart, after }: { product: ProductDetail; onAddToCart: AddToCart; after?: (variantId: number) => ReactNode }) {
  const t = useT();
  const [searchParams] = useSearchParams();
  // The pack the address names (a pack link tapped on a drawn page), else the first.
  const [variantId, setVariantId] = useState(
    () => packNamed(searchParams.get(PACK_PARAMETER), product.variants)?.id ?? product.variants[0]?.id ?? product.default_variant_id,
  );
  const location = useLocation();
  const here = useHref({ pathname: location.pathname, search: location.search });
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);

  // A product without named variants sells its default variant at the top-level price.
  const variant = product.variants.find((v) => v.id === variantId);
  const price = variant ?? product;
  const stock = variant ? variant.stock : product.stock;
  const stockState = variant ? variant.stock_state : product.stock_state;
  const soldOut = stockState === 'out_of_stock';

  // A failure has been logged and shown to the shopper (a toast) by the cart.
  const add = async () => {
    setAdding(true);
    await onAddToCart({ product_id: product.id, quantity, variant_id: variantId }).catch(() => undefined);
    setAdding(false);
  };

  return (
    <div className="flex flex-col gap-5">
      {product.variants.length > 0 ? (
        <VariantPicker
          variants={product.variants}
          selectedId={variantId}
          // On a drawn page taken over, a quantity typed there is applied after this (the
          // quantity field comes later in the page), so it is not reset to 1.
          onSelect={(id) => {
            setVariantId(id);
            setQuantity(1);
          }}
        />
      ) : null}
      <div>
        <Price retail={price.retail_price} mrp={price.MRP} size="lg" />
        <p className="mt-1 text-sm text-stone-700">{t('price.inclusiveTaxes')}</p>
      </div>
      {!product.may_sell ? (
        // The shop's licence to sell it is not in force: no add-to-cart until it is renewed.
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-950" data-testid="not-for-sale">
          {t('product.notForSale')}
        </p>
      ) : (
        <>
      <StockStatus state={stockState} stock={stock} />
      {/* Before the app's code has come, a plain form the server answers (crates/server/src/handlers/cart_form.rs);
          once it has, the app adds to the cart itself. */}
      <form
        method="post"
        action={CART_FORM}
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <input type="hidden" name="product_id" value={product.id} />
        {product.variants.length > 0 ? <input type="hidden" name="variant_id" value={variantId} /> : null}
        <input type="hidden" name="back" value={here} />
        <QuantityInput key={variantId} name="quantity" value={quantity} onChange={setQuantity} available={stock} label={t('quantity.label')} disabled={soldOut}>
          {({ invalid }) => (
            <button type="submit" className="btn-primary flex-1 sm:flex-none" disabled={soldOut || adding || invalid}>
              {adding ? t('product.adding') : t('product.addToCart')}
            </button>
          )}
        </QuantityInput>
      </form>
      <DeliveryCheck variantId={variantId} quantity={quantity} />
        </>
      )}
      {after?.(variantId)}
    </div>
  );
}
