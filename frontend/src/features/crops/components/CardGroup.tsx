import { useState } from 'react';
import { ProductCard } from '@/components/ProductCard';
import { PRODUCT_GRID } from '@/components/InfiniteList';
import { useT } from '@/lib/i18n';
import type { ProductCard as ProductCardData } from '@/types/api';

interface CardGroupProps {
  products: readonly ProductCardData[];
  /** The list's accessible name. */
  label: string;
  /** How many cards from the top of the page load their photos at once. */
  eager: number;
  /**
   * How many cards show until the shopper asks for the rest. A crop's page lists dozens of
   * products: drawing only the first of each group keeps the page short on a phone and quick for
   * the server to draw.
   */
  first: number;
}

/** A crop's products for one need or one problem, in the listings' card grid. */
export function CardGroup({ products, label, eager, first }: CardGroupProps) {
  const t = useT();
  const [all, setAll] = useState(false);
  const shown = all ? products : products.slice(0, first);
  const hidden = products.length - shown.length;
  return (
    <>
      {shown.length > 0 ? (
        <ul className={PRODUCT_GRID} aria-label={label}>
          {shown.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} eager={index < eager} />
            </li>
          ))}
        </ul>
      ) : null}
      {hidden > 0 ? (
        <button type="button" className="btn-secondary mt-3" aria-expanded={false} onClick={() => setAll(true)}>
          {first === 0 ? t('crop.showProducts', { count: products.length }) : t('crop.showAll', { count: products.length })}
        </button>
      ) : null}
    </>
  );
}
