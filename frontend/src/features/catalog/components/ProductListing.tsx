import '@/features/catalog/messages';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteList } from '@/components/InfiniteList';
import { ProductCard } from '@/components/ProductCard';
import { useInfiniteListProps, type Page } from '@/lib/paging';
import { useT } from '@/lib/i18n';
import type { ProductCard as ProductCardData } from '@/types/api';

interface ProductListingProps {
  query: UseInfiniteQueryResult<InfiniteData<Page<ProductCardData>>>;
  label: string;
  /** Where a product leads from this list. */
  hrefFor: (product: ProductCardData) => string;
  /** Said when the list is empty (by default: no products here at all). */
  emptyText?: string;
}

export function ProductListing({ query, label, hrefFor, emptyText }: ProductListingProps) {
  const t = useT();
  const list = useInfiniteListProps(query);
  return (
    <InfiniteList
      {...list}
      label={label}
      emptyText={emptyText ?? t('catalog.noProducts')}
      getKey={(product) => product.id}
      renderItem={(product, index) => <ProductCard product={product} href={hrefFor(product)} eager={index < 4} />}
    />
  );
}
