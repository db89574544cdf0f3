import '@/features/catalog/messages';
import { Link } from 'react-router';
import { Breadcrumb } from '@/components/Breadcrumb';
import { ErrorBox } from '@/components/ErrorBox';
import { NotFound } from '@/components/NotFound';
import { PageLoading } from '@/components/PageLoading';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useCategory } from '@/features/catalog/api/get-category';
import { useProductList } from '@/features/catalog/api/get-product-list';
import { CatalogHeader } from '@/features/catalog/components/CatalogHeader';
import { ProductListing } from '@/features/catalog/components/ProductListing';
import { ListFilters } from '@/components/ListFilters/ListFilters';
import { useListChoice } from '@/components/ListFilters/use-list-choice';
import { filterCount } from '@/lib/list-filters';
import { categoryHref, paths } from '@/lib/paths';

interface CategoryScreenProps {
  slug: string;
  /** Set on a sub-category page: /category/{parentSlug}/{slug}. */
  parentSlug?: string;
}

export function CategoryScreen({ slug, parentSlug }: CategoryScreenProps) {
  const t = useT();
  const category = useCategory(slug);
  const { choice, hrefFor, choose } = useListChoice();
  const products = useProductList('categories', slug, choice);
  const data = category.data;
  useDocumentTitle(data?.name);
  if (isApiError(category.error, 404)) return <NotFound />;
  // Both requests run together; the page appears once both have answered, so nothing moves.
  if (category.isPending || products.isPending) return <PageLoading />;

  const crumbs = [{ name: t('nav.home'), href: paths.home.getHref() }];
  if (data?.parent) crumbs.push({ name: data.parent.name, href: paths.category.getHref(data.parent.slug) });
  if (data) crumbs.push({ name: data.name, href: categoryHref(slug, parentSlug) });

  return (
    <div className="container-page py-4">
      <Breadcrumb items={crumbs} />
      <CatalogHeader eyebrow={data?.parent?.name ?? t('catalog.category')} title={data?.name} description={data?.description}>
        {data && data.sub_categories.length > 0 ? (
          <nav aria-label={t('catalog.subCategories')} className="mt-4">
            <ul className="flex flex-wrap gap-2">
              {data.sub_categories.map((sub) => (
                <li key={sub.id}>
                  <Link to={paths.subCategory.getHref(data.slug, sub.slug)} className="chip">
                    {sub.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </CatalogHeader>
      {category.isError ? (
        <div className="mb-6">
          <ErrorBox onRetry={() => void category.refetch()}>
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
      >
        <ProductListing
          query={products}
          label={data ? t('catalog.productsIn', { name: data.name }) : t('catalog.products')}
          hrefFor={(product) => paths.categoryProduct.getHref({ parent: parentSlug, category: slug, product: product.slug })}
          emptyText={filterCount(choice) > 0 ? t('filters.none') : undefined}
        />
      </ListFilters>
    </div>
  );
}
