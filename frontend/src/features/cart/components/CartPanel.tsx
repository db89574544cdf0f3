import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '@/components/Dialog';
import { Icon } from '@/components/Icon';
import { formatRupees, toPaise } from '@/lib/money';
import { useT } from '@/lib/i18n';
import { useCart } from '@/features/cart/api/get-cart';
import { useClearCart } from '@/features/cart/api/clear-cart';
import { useRemoveCartLine } from '@/features/cart/api/remove-cart-line';
import { useUpdateCartLine } from '@/features/cart/api/update-cart-line';
import { lineKey } from '@/features/cart/cart-lines';
import { CartLineItem } from '@/features/cart/components/CartLineItem';
import { paths } from '@/lib/paths';
import { useOnline } from '@/lib/online';

/** The Shopping Cart slide-over (spec section 2, Cart panel). */
export function CartPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} className="dialog-right">
      <CartContent titleId={titleId} onClose={onClose} />
    </Dialog>
  );
}

function CartContent({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { data, isPending } = useCart();
  const update = useUpdateCartLine();
  const remove = useRemoveCartLine();
  const clear = useClearCart();
  const title = useRef<HTMLHeadingElement>(null);
  const online = useOnline();
  // Checkout needs the connection: offline, the button says so instead of opening a form that
  // could not be sent.
  const [checkoutOffline, setCheckoutOffline] = useState(false);
  const lines = data?.products ?? [];
  const empty = lines.length === 0;

  // The button pressed goes away with its line (or with every line): keep focus in the panel.
  const focusTitle = () => title.current?.focus();

  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center justify-between border-b border-stone-200 px-4 py-2">
        <h2 id={titleId} ref={title} tabIndex={-1} className="text-lg font-bold text-stone-900 focus:outline-none">
          {t('cart.title')}
        </h2>
        <button type="button" className="icon-btn -mr-2" onClick={onClose} aria-label={t('cart.close')}>
          <Icon name="x-mark" />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto px-4">
        {isPending ? (
          <p className="py-6 text-stone-700">{t('list.loading')}</p>
        ) : empty ? (
          <div className="flex flex-col items-center gap-3 py-12 text-center">
            <Icon name="shopping-bag" className="size-12 text-stone-400" />
            <p className="text-stone-800">{t('cart.empty')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-stone-200" aria-label={t('cart.items')}>
            {lines.map((line) => (
              <CartLineItem
                key={lineKey(line)}
                line={line}
                onQuantity={(quantity) => update.mutate({ product_id: line.product_id, variant_id: line.variant_id, quantity })}
                onRemove={() => {
                  focusTitle();
                  remove.mutate({ product_id: line.product_id, variant_id: line.variant_id });
                }}
                onLeave={onClose}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-3 border-t border-stone-200 p-4">
        {data && !empty ? (
          <div>
            <p className="flex justify-between text-lg font-bold text-stone-900" data-testid="cart-total">
              <span>{t('cart.total')}</span>
              <span className="whitespace-nowrap">{formatRupees(toPaise(data.cart.total))}</span>
            </p>
            <p className="text-sm text-stone-700">{t('cart.taxIncluded', { tax: formatRupees(toPaise(data.cart.tax)) })}</p>
          </div>
        ) : null}
        {checkoutOffline && !online ? (
          <p role="alert" data-testid="checkout-offline" className="rounded-lg bg-amber-100 p-3 text-sm text-amber-950">
            {t('offline.write')}
          </p>
        ) : null}
        <button
          type="button"
          className="btn-primary w-full"
          disabled={empty}
          onClick={() => {
            if (!navigator.onLine) {
              setCheckoutOffline(true);
              return;
            }
            onClose();
            void navigate(paths.checkout.getHref());
          }}
        >
          {t('cart.checkout')}
        </button>
        <button type="button" className="btn-secondary w-full" onClick={onClose}>
          {t('cart.continue')}
        </button>
        {!empty ? (
          <button
            type="button"
            className="mx-auto inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-red-800 hover:bg-red-50 hover:underline"
            onClick={() => {
              focusTitle();
              clear.mutate();
            }}
          >
            {t('cart.clear')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
