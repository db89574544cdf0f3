import { Link } from 'react-router';
import { Carousel } from '@/components/Carousel';
import { useT } from '@/lib/i18n';
import { brandsWithImages } from '@/features/home/brands-with-images';
import type { BrandSummary } from '@/types/api';
import { paths } from '@/lib/paths';

export { brandsWithImages };

/** 1.5 slides below 768 px, 4.4 at 768 px, 6 at 1024 px. */
const SLIDES = 'basis-2/3 md:basis-[22.7273%] lg:basis-1/6';

export function BrandCarousel({ brands }: { brands: readonly BrandSummary[] }) {
  const t = useT();
  const shown = brandsWithImages(brands);
  const heading = (
    <h2 id="brands-title" className="section-title">
      {t('home.brandsTitle')}
    </h2>
  );
  if (shown.length === 0) {
    return (
      <div>
        {heading}
        <p className="mt-2 text-stone-700">{t('home.brandsEmpty')}</p>
      </div>
    );
  }
  return (
    <Carousel label={t('home.brandsTitle')} header={heading} slideClassName={SLIDES}>
      {shown.map((brand) => (
        <Link key={brand.id} to={paths.brand.getHref(brand.slug)} className="group flex flex-col items-center gap-2 rounded-xl border border-stone-200 bg-white p-3 hover:border-green-700">
          <img src={brand.image_url ?? ''} alt="" width={240} height={120} loading="lazy" decoding="async" className="h-24 w-full object-contain" />
          <span className="line-clamp-2 h-10 text-center text-sm font-semibold text-stone-900 group-hover:text-green-800">{brand.name}</span>
        </Link>
      ))}
    </Carousel>
  );
}
