import { Link } from 'react-router';
import '@/components/icons-more';
import { Icon } from '@/components/Icon';
import { useT, type MessageId } from '@/lib/i18n';
import { paths } from '@/lib/paths';

/** The crops the shop's research focuses on (spec, home page), each with its crop page's slug. */
const CROPS: { slug: string; name: MessageId }[] = [
  { slug: 'cardamom', name: 'crops.cardamom' },
  { slug: 'black-pepper', name: 'crops.pepper' },
  { slug: 'passion-fruit', name: 'crops.passionFruit' },
  { slug: 'banana', name: 'crops.banana' },
  { slug: 'pineapple', name: 'crops.pineapple' },
  { slug: 'vegetables', name: 'crops.vegetables' },
];

export function ResearchSection() {
  const t = useT();
  return (
    <section className="container-page grid gap-8 py-12 md:grid-cols-2 md:items-center" aria-labelledby="research-title">
      <div>
        <p className="text-sm font-semibold tracking-wide text-green-800 uppercase">{t('home.researchEyebrow')}</p>
        <h2 id="research-title" className="section-title mt-1">
          {t('home.researchTitle')}
        </h2>
        <p className="mt-4 text-stone-800">{t('home.researchText')}</p>
        <Link to={paths.contact.getHref()} className="btn-primary mt-6">
          {t('home.getInTouch')}
        </Link>
      </div>
      <div>
        <h3 className="text-lg font-semibold text-stone-900">{t('home.focusCrops')}</h3>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {CROPS.map((crop) => (
            <li key={crop.slug}>
              <Link
                to={paths.crop.getHref(crop.slug)}
                className="flex min-h-16 items-center gap-2 rounded-xl border border-green-200 bg-green-50 px-3 py-3 font-medium text-green-950 hover:border-green-400 hover:bg-green-100 focus-visible:ring-2 focus-visible:ring-green-700 focus-visible:outline-none"
              >
                <Icon name="sparkles" type="solid" className="size-5 shrink-0 text-green-700" />
                <span className="flex-1">{t(crop.name)}</span>
                <Icon name="chevron-right" className="size-4 shrink-0 text-green-700" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
