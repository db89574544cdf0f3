import { ProductCard } from '@/components/ProductCard';
import { PRODUCT_GRID } from '@/components/InfiniteList';
import type { ProductCard as ProductCardData } from '@/types/api';

interface CardGroupProps {
  products: readonly ProductCardData[];
  /** The list's accessible name. */
  label: string;
  /** How many cards from the top of the page load their photos at once. */
  eager: number;
}

/** A crop's products for one need or one problem, in the listings' card grid. */
export function CardGroup({ products, label, eager }: CardGroupProps) {
  return (
    <ul className={PRODUCT_GRID} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < eager} />
        </li>
      ))}
    </ul>
  );
}
