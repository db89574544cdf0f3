import { Link } from 'react-router';
import { Breadcrumb } from '@/components/Breadcrumb';
import { PageError } from '@/components/ErrorBox';
import { NotFound } from '@/components/NotFound';
import { PageLoading } from '@/components/PageLoading';
import { Paragraphs } from '@/components/Paragraphs';
import { ProductWhatsApp } from '@/components/whatsapp/ProductWhatsApp';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import type { AddToCart } from '@/types/api';
import { useProduct } from '@/lib/queries/product';
import { ProductGallery } from '@/features/catalog/components/ProductGallery';
import { DescriptionBlocks, ProductFacts } from '@/features/catalog/components/ProductFacts';
import { PurchasePanel } from '@/features/catalog/components/PurchasePanel';
import { categoryHref, paths } from '@/lib/paths';

export function ProductScreen({ slug, onAddToCart }: { slug: string; onAddToCart: AddToCart }) {
  const t = useT();
  const query = useProduct(slug);
  const product = query.data;
  useDocumentTitle(product?.name);

  if (isApiError(query.error, 404)) return <NotFound />;
  if (query.isError) {
    return (
      <PageError onRetry={() => void query.refetch()}>{t('product.loadError')}</PageError>
    );
  }
  if (!product) return <PageLoading />;

  const images = product.images.length > 0 ? product.images : product.first_image ? [product.first_image] : [];
  return (
    <div className="container-page py-4">
      <Breadcrumb items={product.breadcrumb} />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery images={images} name={product.name} />
        <div className="flex flex-col gap-5">
          <div>
            <Link to={paths.brand.getHref(product.brand.slug)} className="inline-flex min-h-11 items-center text-sm font-semibold tracking-wide text-green-800 uppercase hover:underline">
              {product.brand.name}
            </Link>
            <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{product.name}</h1>
            {product.categories.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('product.categories')}>
                {product.categories.map((category) => (
                  <li key={category.id}>
                    <Link to={categoryHref(category.slug, category.parent?.slug)} className="chip">
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <PurchasePanel product={product} onAddToCart={onAddToCart} after={(variantId) => <ProductWhatsApp product={product} variantId={variantId} />} />
        </div>
      </div>
      {product.description ? (
        <section className="mt-10 max-w-3xl" aria-labelledby="product-description">
          <h2 id="product-description" className="text-xl font-bold text-stone-900">
            {t('product.description')}
          </h2>
          {product.description_blocks.length > 0 ? <DescriptionBlocks blocks={product.description_blocks} /> : <Paragraphs text={product.description} className="mt-3 text-stone-800" />}
        </section>
      ) : null}
      <ProductFacts product={product} />
    </div>
  );
}
