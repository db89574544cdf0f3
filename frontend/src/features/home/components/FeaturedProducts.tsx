import { Link } from 'react-router';
import { CardAddToCart } from '@/components/CardAddToCart';
import { Carousel } from '@/components/Carousel';
import { ErrorBox } from '@/components/ErrorBox';
import { Price } from '@/components/Price';
import { ProductImage } from '@/components/ProductImage';
import { VariantNames } from '@/components/VariantNames';
import { useT } from '@/lib/i18n';
import type { FeaturedProduct } from '@/types/api';
import { paths } from '@/lib/paths';

/** 2 slides below 768 px, 3 at 768 px, 5 at 1024 px. */
const SLIDES = 'basis-1/2 md:basis-1/3 lg:basis-1/5';

/** The price a featured card shows: its first variant's, else the product's own. */
export const featuredPrice = (product: FeaturedProduct) => product.variants[0] ?? product;

export function FeaturedCard({ product }: { product: FeaturedProduct }) {
  const price = featuredPrice(product);
  return (
    <article className="relative flex h-full flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3 focus-within:ring-2 focus-within:ring-green-700 hover:shadow-md">
      <ProductImage src={product.first_image?.url} srcSet={product.first_image?.srcset} alt="" width={product.first_image?.width} height={product.first_image?.height} />
      <p className="truncate text-xs font-medium tracking-wide text-green-800 uppercase">{product.brand.name}</p>
      <h3 className="line-clamp-3 min-h-10 text-sm font-semibold text-stone-900">
        <Link to={paths.product.getHref(product.brand.slug, product.slug)} className="after:absolute after:inset-0 focus:outline-none">
          {product.name}
        </Link>
      </h3>
      <VariantNames names={product.variants.flatMap((variant) => variant.variant_name ?? [])} />
      <Price retail={price.retail_price} mrp={price.MRP} badge="whole" className="mt-auto" />
      <CardAddToCart product={product} severalPacks={product.variants.length > 1} />
    </article>
  );
}

interface FeaturedProductsProps {
  products: readonly FeaturedProduct[] | undefined;
  isError: boolean;
  onRetry: () => void;
}

export function FeaturedProducts({ products, isError, onRetry }: FeaturedProductsProps) {
  const t = useT();
  const heading = (
    <h2 id="featured-title" className="section-title">
      {t('home.featuredTitle')}
    </h2>
  );
  if (isError) {
    return (
      <div>
        <div className="mb-4">{heading}</div>
        <ErrorBox onRetry={onRetry}>
          {t('home.featuredError')}
        </ErrorBox>
      </div>
    );
  }
  if (!products) {
    return (
      <div aria-busy="true">
        <div className="mb-4">{heading}</div>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className={`h-80 animate-pulse rounded-xl bg-stone-200 motion-reduce:animate-none ${i >= 2 ? 'hidden md:block' : ''} ${i >= 3 ? 'md:hidden lg:block' : ''}`} />
          ))}
        </div>
      </div>
    );
  }
  // Nothing at all when nothing is featured (spec section 2): no heading over an empty box.
  if (products.length === 0) return null;
  return (
    <Carousel label={t('home.featuredTitle')} header={heading} slideClassName={SLIDES}>
      {products.map((product) => (
        <FeaturedCard key={product.id} product={product} />
      ))}
    </Carousel>
  );
}
