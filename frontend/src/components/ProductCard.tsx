import { Link } from 'react-router';
import { CardAddToCart } from '@/components/CardAddToCart';
import { Price } from '@/components/Price';
import { ProductImage } from '@/components/ProductImage';
import { VariantNames } from '@/components/VariantNames';
import type { ProductCard as ProductCardData } from '@/types/api';
import { paths } from '@/lib/paths';

export const productHref = (product: Pick<ProductCardData, 'brandSlug' | 'slug'>) => paths.product.getHref(product.brandSlug, product.slug);

interface ProductCardProps {
  product: ProductCardData;
  /** Where the card leads; the brand's product route by default. */
  href?: string;
  /** One of the first cards, on the first screen: its photo loads at once and it is drawn at once
   * (later cards are laid out and painted only as they come near). */
  eager?: boolean;
}

export function ProductCard({ product, href = productHref(product), eager }: ProductCardProps) {
  return (
    <article className={`${eager ? '' : 'below-fold-card '}relative flex h-full flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3 shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-green-700`}>
      <ProductImage src={product.image_url} srcSet={product.image_srcset} alt="" width={product.image_width} height={product.image_height} eager={eager} />
      <p className="text-xs font-medium tracking-wide text-green-800 uppercase">{product.brand_name}</p>
      <h3 className="line-clamp-3 text-sm font-semibold text-stone-900">
        <Link to={href} className="after:absolute after:inset-0 focus:outline-none">
          {product.name}
        </Link>
      </h3>
      <VariantNames names={product.variant_names} />
      <Price retail={product.retail_price} mrp={product.MRP} badge="whole" className="mt-auto" />
      <CardAddToCart product={product} severalPacks={product.variant_names.length > 1} />
    </article>
  );
}
