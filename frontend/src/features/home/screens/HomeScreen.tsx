import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { allBrands, useBrands } from '@/lib/queries/brands';
import { useShop } from '@/lib/queries/shop';
import { useAwards } from '@/features/home/api/get-awards';
import { useFeaturedProducts } from '@/features/home/api/get-featured-products';
import { brandsWithImages } from '@/features/home/brands-with-images';
import { Hero } from '@/features/home/components/Hero';
import { later } from '@/lib/later';

// Below the hero: each section's code comes after the page can be used (src/lib/later.tsx).
const BrandCarousel = later(() => import('@/features/home/components/BrandCarousel').then((module) => module.BrandCarousel));
const ResearchSection = later(() => import('@/features/home/components/ResearchSection').then((module) => module.ResearchSection));
const FeaturedProducts = later(() => import('@/features/home/components/FeaturedProducts').then((module) => module.FeaturedProducts));
const Awards = later(() => import('@/features/home/components/Awards').then((module) => module.Awards));
const InvitationBanner = later(() => import('@/features/home/components/InvitationBanner').then((module) => module.InvitationBanner));

export function HomeScreen() {
  const t = useT();
  const { data: shop } = useShop();
  const brands = useBrands();
  const featured = useFeaturedProducts();
  const awards = useAwards();
  useDocumentTitle(t('home.title'));

  const brandList = brands.data ? allBrands(brands.data) : undefined;
  // The brand carousel appears only once some brand has an image.
  const showBrands = brandList ? brandsWithImages(brandList).length > 0 : false;

  return (
    <>
      <Hero shop={shop} />
      {brands.isPending ? (
        <div className="h-[19.375rem]" aria-hidden />
      ) : showBrands && brandList ? (
        <section className="container-page py-10">
          <BrandCarousel brands={brandList} />
        </section>
      ) : null}
      <div className="below-fold bg-white">
        <ResearchSection />
      </div>
      {featured.data?.length === 0 ? null : (
        <section className="below-fold container-page py-12">
          <FeaturedProducts products={featured.data} isError={featured.isError} onRetry={() => void featured.refetch()} />
        </section>
      )}
      {awards.data?.length === 0 ? null : (
        <section className="below-fold bg-stone-100 py-12" aria-labelledby="awards-title">
          <div className="container-page">
            <Awards awards={awards.data} isError={awards.isError} onRetry={() => void awards.refetch()} />
          </div>
        </section>
      )}
      <InvitationBanner shop={shop} />
    </>
  );
}
