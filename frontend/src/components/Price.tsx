import { discountPercent, formatDiscount, formatRupees, formatWholeDiscount, toPaise } from '@/lib/money';
import { useT } from '@/lib/i18n';

interface PriceProps {
  /** Selling price in rupees, as the API sends it. */
  retail: number;
  /** Maximum retail price in rupees, or null. */
  mrp: number | null | undefined;
  size?: 'sm' | 'lg';
  /**
   * The badge as the spec writes it (`12.50% off`, the product page) or to a whole percent
   * (`13% off`, cards, where the decimals crowd a phone's narrow column).
   */
  badge?: 'exact' | 'whole';
  className?: string;
}

/**
 * The price, and when the MRP is higher the discount badge (2 decimals, spec section 5; a whole
 * percent on cards) and the MRP struck through. An MRP below the price is a data slip, never a
 * negative discount: no badge. An amount never wraps inside its digits (Malayalam and Tamil pages
 * let long words break anywhere).
 */
export function Price({ retail, mrp, size = 'sm', badge = 'exact', className = '' }: PriceProps) {
  const t = useT();
  const retailPaise = toPaise(retail);
  const mrpPaise = mrp === null || mrp === undefined ? null : toPaise(mrp);
  const percent = discountPercent(mrpPaise, retailPaise);
  const badgeText = percent === null || percent <= 0 ? null : badge === 'whole' ? formatWholeDiscount(percent) : formatDiscount(percent);
  const showDiscount = badgeText !== null && mrpPaise !== null;
  return (
    <div className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${className}`}>
      <span className={`whitespace-nowrap ${size === 'lg' ? 'text-2xl font-bold text-stone-900' : 'text-base font-semibold text-stone-900'}`}>
        {formatRupees(retailPaise)}
      </span>
      {showDiscount ? (
        <>
          <span className={`text-stone-600 ${size === 'lg' ? 'text-base' : 'text-sm'}`}>
            {t('price.mrp')} <s className="whitespace-nowrap">{formatRupees(mrpPaise)}</s>
          </span>
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold whitespace-nowrap text-amber-900">
            {t('price.off', { percent: badgeText })}
          </span>
        </>
      ) : null}
    </div>
  );
}
