import { useId } from 'react';
import { Link } from 'react-router';
import { Dialog } from '@/components/Dialog';
import { Icon } from '@/components/Icon';
import { ProductImage } from '@/components/ProductImage';
import { formatRupees, toPaise } from '@/lib/money';
import { cartTotals, pricedLine } from '@/lib/pricing';
import { useT } from '@/lib/i18n';
import { useCart } from '@/features/cart/api/get-cart';

/** The Shopping Cart slide-over. Its line editing and checkout come with the cart issue. */
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
  const { data: cart, isPending } = useCart();
  const lines = cart?.products ?? [];
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
        <h2 id={titleId} className="text-lg font-bold text-stone-900">
          {t('cart.title')}
        </h2>
        <button type="button" className="icon-btn" onClick={onClose} aria-label={t('cart.close')}>
          <Icon name="x-mark" />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto px-4 py-4">
        {isPending ? (
          <p className="text-stone-700">{t('list.loading')}</p>
        ) : lines.length === 0 ? (
          <p className="text-stone-800">{t('cart.empty')}</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {lines.map((line) => (
              <li key={`${line.product_id}-${line.variant_id ?? ''}`} className="flex gap-3 py-3">
                <ProductImage src={line.product.first_image_url} alt="" className="size-16 shrink-0" />
                <div className="min-w-0 flex-1">
                  <Link to={line.href} onClick={onClose} className="font-semibold text-stone-900 hover:underline">
                    {line.product.name}
                  </Link>
                  <p className="text-sm text-stone-700">
                    {line.product.brand.name}
                    {line.variant_name ? ` · ${line.variant_name}` : ''}
                  </p>
                  <p className="text-sm text-stone-800">{t('cart.line', { quantity: line.quantity, price: formatRupees(toPaise(line.price)) })}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-stone-200 p-4">
        {lines.length > 0 ? (
          <p className="mb-3 flex justify-between text-base font-semibold text-stone-900">
            <span>{t('cart.total')}</span>
            <span>{formatRupees(cartTotals(lines.map(pricedLine)).total)}</span>
          </p>
        ) : null}
        <button type="button" className="btn-secondary w-full" onClick={onClose}>
          {t('cart.continue')}
        </button>
      </div>
    </div>
  );
}
