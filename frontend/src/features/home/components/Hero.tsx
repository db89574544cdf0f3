import { Link } from 'react-router';
import { useT } from '@/lib/i18n';
import type { ShopProfile } from '@/types/api';
import { HERO_ART } from '@/features/home/hero-art';
import { paths } from '@/lib/paths';

export function Hero({ shop }: { shop: ShopProfile | undefined }) {
  const t = useT();
  return (
    <section className="bg-gradient-to-br from-green-900 to-green-800 text-white" aria-labelledby="hero-title">
      <div className="container-page grid items-center gap-6 py-8 md:grid-cols-2 md:py-14">
        <div>
          <p className="min-h-6 text-sm font-semibold tracking-wide text-green-200 uppercase">{shop?.name}</p>
          <h1 id="hero-title" className="mt-2 min-h-[7.5rem] text-3xl leading-tight font-bold text-balance sm:min-h-[8.5rem] sm:text-4xl lg:min-h-[11.25rem] lg:text-5xl">
            {shop?.tagline ?? <span className="sr-only">{t('home.heroLoading')}</span>}
          </h1>
          <p className="mt-4 max-w-xl text-lg text-green-50">{t('home.heroText')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={paths.search.getHref()} className="btn-light">
              {t('home.heroShop')}
            </Link>
            <Link to={paths.contact.getHref()} className="btn-outline-light">
              {t('home.heroContact')}
            </Link>
          </div>
        </div>
        <img
          src={HERO_ART}
          alt={t('home.heroArtAlt')}
          width={1600}
          height={900}
          fetchPriority="high"
          decoding="async"
          className="mx-auto aspect-video w-full max-w-md rounded-xl md:max-w-none"
        />
      </div>
    </section>
  );
}
