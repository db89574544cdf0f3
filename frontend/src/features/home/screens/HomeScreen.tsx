import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { allBrands, useBrands } from '@/lib/queries/brands';
import { useShop } from '@/lib/queries/shop';
import { useAwards } from '@/features/home/api/get-awards';
import { useFeaturedProducts } from '@/features/home/api/get-featured-products';
import { Awards } from '@/features/home/components/Awards';
import { BrandCarousel, brandsWithImages } from '@/features/home/components/BrandCarousel';
import { FeaturedProducts } from '@/features/home/components/FeaturedProducts';
import { Hero } from '@/features/home/components/Hero';
import { InvitationBanner } from '@/features/home/components/InvitationBanner';
import { ResearchSection } from '@/features/home/components/ResearchSection';

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
      <div className="bg-white">
        <ResearchSection />
      </div>
      {featured.data?.length === 0 ? null : (
        <section className="container-page py-12">
          <FeaturedProducts products={featured.data} isError={featured.isError} onRetry={() => void featured.refetch()} />
        </section>
      )}
      {awards.data?.length === 0 ? null : (
        <section className="bg-stone-100 py-12" aria-labelledby="awards-title">
          <div className="container-page">
            <Awards awards={awards.data} isError={awards.isError} onRetry={() => void awards.refetch()} />
          </div>
        </section>
      )}
      <InvitationBanner shop={shop} />
    </>
  );
}
