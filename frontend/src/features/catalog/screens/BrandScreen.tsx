import '@/features/catalog/messages';
import { Breadcrumb } from '@/components/Breadcrumb';
import { ErrorBox } from '@/components/ErrorBox';
import { NotFound } from '@/components/NotFound';
import { PageLoading } from '@/components/PageLoading';
import { productHref } from '@/components/ProductCard';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useBrand } from '@/features/catalog/api/get-brand';
import { useProductList } from '@/features/catalog/api/get-product-list';
import { CatalogHeader } from '@/features/catalog/components/CatalogHeader';
import { ProductListing } from '@/features/catalog/components/ProductListing';
import { ListFilters } from '@/components/ListFilters/ListFilters';
import { useListChoice } from '@/components/ListFilters/use-list-choice';
import { filterCount } from '@/lib/list-filters';
import { paths } from '@/lib/paths';

export function BrandScreen({ slug }: { slug: string }) {
  const t = useT();
  const brand = useBrand(slug);
  const { choice, hrefFor, choose } = useListChoice();
  const products = useProductList('brands', slug, choice);
  const data = brand.data;
  useDocumentTitle(data?.name);
  if (isApiError(brand.error, 404)) return <NotFound />;
  // Both requests run together; the page appears once both have answered, so nothing moves.
  if (brand.isPending || products.isPending) return <PageLoading />;

  const crumbs = [{ name: t('nav.home'), href: paths.home.getHref() }];
  if (data) crumbs.push({ name: data.name, href: paths.brand.getHref(data.slug) });

  return (
    <div className="container-page py-4">
      <Breadcrumb items={crumbs} />
      <div className="flex items-start gap-4">
        {data?.image_url ? (
          <img src={data.image_url} alt="" width={96} height={96} className="hidden size-24 shrink-0 rounded-lg border border-stone-200 bg-white object-contain p-2 sm:block" />
        ) : null}
        <div className="min-w-0 flex-1">
          <CatalogHeader eyebrow={data?.is_house_brand ? t('catalog.houseBrand') : t('catalog.dealer')} title={data?.name} description={data?.description} />
        </div>
      </div>
      {brand.isError ? (
        <div className="mb-6">
          <ErrorBox onRetry={() => void brand.refetch()}>
            {t('catalog.loadError')}
          </ErrorBox>
        </div>
      ) : null}
      <h2 className="sr-only">{t('catalog.products')}</h2>
      <ListFilters
        facets={products.data?.pages[0]?.facets}
        total={products.data?.pages[0]?.total}
        choice={choice}
        hrefFor={hrefFor}
        choose={choose}
        relevance="name"
        brands={false}
      >
        <ProductListing
          query={products}
          label={data ? t('catalog.productsBy', { name: data.name }) : t('catalog.products')}
          hrefFor={productHref}
          emptyText={filterCount(choice) > 0 ? t('filters.none') : undefined}
        />
      </ListFilters>
    </div>
  );
}
