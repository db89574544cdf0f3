import { Link } from 'react-router';
import { Price } from '@/components/Price';
import { ProductImage } from '@/components/ProductImage';
import { QuantityInput } from '@/components/QuantityInput/QuantityInput';
import { formatRupees, toPaise } from '@/lib/money';
import { useT } from '@/lib/i18n';
import type { CartLine } from '@/types/api';

interface CartLineItemProps {
  line: CartLine;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  /** Called when the shopper follows the product link (the panel closes). */
  onLeave: () => void;
}

/** One line of the cart: picture, name, brand, unit price, quantity (stepped or typed), Remove. */
export function CartLineItem({ line, onQuantity, onRemove, onLeave }: CartLineItemProps) {
  const t = useT();
  const name = line.variant_name ? `${line.product.name}, ${line.variant_name}` : line.product.name;
  const short = line.quantity > line.available;
  return (
    <li className="flex gap-3 py-4">
      <ProductImage src={line.product.first_image_url} srcSet={line.product.first_image_srcset} sizes="80px" alt="" width={80} height={80} className="size-20 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-3">
          <Link to={line.href} onClick={onLeave} className="line-clamp-3 font-semibold text-stone-900 hover:underline">
            {line.product.name}
          </Link>
          <p className="shrink-0 font-semibold whitespace-nowrap text-stone-900">
            <span className="sr-only">{t('cart.lineTotal')} </span>
            {formatRupees(toPaise(line.price) * line.quantity)}
          </p>
        </div>
        <p className="text-sm text-stone-700">
          {line.product.brand.name}
          {line.variant_name ? ` · ${line.variant_name}` : ''}
        </p>
        <div className="flex items-baseline gap-1 text-sm text-stone-700">
          <Price retail={line.price} mrp={null} className="[&>span]:text-sm" />
          <span>{t('cart.each')}</span>
        </div>
        <div className="mt-1">
          <QuantityInput value={line.quantity} onChange={onQuantity} available={line.available} label={t('cart.quantityOf', { name })}>
            {() => (
              <button type="button" className="-mr-2 ml-auto inline-flex min-h-11 items-center rounded-md px-2 text-sm font-semibold text-red-800 hover:bg-red-50 hover:underline" onClick={onRemove} aria-label={t('cart.removeNamed', { name })}>
                {t('cart.remove')}
              </button>
            )}
          </QuantityInput>
        </div>
        {short ? (
          <p className="text-sm font-medium text-red-800">
            {line.available > 0 ? t('cart.onlyAvailable', { count: line.available }) : t('cart.outOfStock')}
          </p>
        ) : null}
      </div>
    </li>
  );
}
