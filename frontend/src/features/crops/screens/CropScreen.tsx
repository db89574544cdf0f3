import '@/features/crops/messages';
import { Breadcrumb } from '@/components/Breadcrumb';
import { ErrorBox } from '@/components/ErrorBox';
import { NotFound } from '@/components/NotFound';
import { PageLoading } from '@/components/PageLoading';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useT, type MessageId } from '@/lib/i18n';
import { ListFilters } from '@/components/ListFilters/ListFilters';
import { useListChoice } from '@/components/ListFilters/use-list-choice';
import { filterCount } from '@/lib/list-filters';
import { paths } from '@/lib/paths';
import type { CropNeed, CropProblemKind } from '@/types/api';
import { useCrop } from '@/features/crops/api/get-crop';
import { CardGroup } from '@/features/crops/components/CardGroup';

const NEEDS: Record<CropNeed, MessageId> = {
  planting: 'crop.need.planting',
  nutrition: 'crop.need.nutrition',
  protection: 'crop.need.protection',
  irrigation: 'crop.need.irrigation',
  tools: 'crop.need.tools',
  services: 'crop.need.services',
};

const KINDS: Record<CropProblemKind, MessageId> = {
  pest: 'crop.kind.pest',
  disease: 'crop.kind.disease',
  deficiency: 'crop.kind.deficiency',
};

/** Cards near the top of the page whose photos load at once (the first row on a wide screen). */
const EAGER_CARDS = 4;
/** Each need's cards shown before the shopper asks for all (a row on a wide screen, two on a phone). */
const FIRST_OF_NEED = 4;

/** A crop's page: what the shop stocks for it by need, and the products for its pests and diseases. */
export function CropScreen({ slug }: { slug: string }) {
  const t = useT();
  // A crop's page narrows its needs' and problems' products; the crop itself is no choice here.
  const { choice, hrefFor, choose } = useListChoice({ crops: false });
  const crop = useCrop(slug, choice);
  const data = crop.data;
  useDocumentTitle(data?.name);
  if (isApiError(crop.error, 404)) return <NotFound />;
  if (crop.isPending) return <PageLoading />;
  if (!data) {
    return (
      <div className="container-page py-8">
        <ErrorBox onRetry={() => void crop.refetch()}>{t('crop.loadError')}</ErrorBox>
      </div>
    );
  }

  const groups = data.groups.filter((group) => group.products.length > 0);
  const problems = data.problems.filter((problem) => problem.products.length > 0);
  const sections = [
    ...groups.map((group) => ({ id: `need-${group.need}`, name: t(NEEDS[group.need]) })),
    ...(problems.length > 0 ? [{ id: 'problems', name: t('crop.problems') }] : []),
  ];
  // How many of each need's cards are among the first on the page (a problem's show when asked for).
  const lists = groups.map((group) => Math.min(FIRST_OF_NEED, group.products.length));
  const eager = lists.map((_, index) => Math.max(0, EAGER_CARDS - lists.slice(0, index).reduce((sum, count) => sum + count, 0)));

  return (
    <div className="container-page py-4">
      <Breadcrumb
        items={[
          { name: t('nav.home'), href: paths.home.getHref() },
          { name: data.name, href: paths.crop.getHref(data.slug) },
        ]}
      />
      <header className="mb-6 border-b border-stone-200 pb-6">
        <p className="text-sm font-semibold tracking-wide text-green-800 uppercase">{t('crop.eyebrow')}</p>
        <h1 className="mt-1 text-2xl font-bold text-stone-900 sm:text-3xl">{data.name}</h1>
        {data.other_names.length > 0 ? (
          <p className="mt-2 text-stone-700">{t('crop.otherNames', { names: data.other_names.join(', ') })}</p>
        ) : null}
        <p className="mt-3 max-w-3xl text-stone-700">{t('crop.intro', { name: data.name })}</p>
        {sections.length > 1 ? (
          <nav aria-label={t('crop.sections')} className="mt-4">
            <ul className="flex flex-wrap gap-2">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="chip">
                    {section.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>

      <ListFilters facets={data.facets} total={shownCount(data)} choice={choice} hrefFor={hrefFor} choose={choose} relevance="name">
        {sections.length === 0 ? <p className="py-6 text-stone-700">{filterCount(choice) > 0 ? t('filters.none') : t('crop.noProducts')}</p> : null}

        {groups.map((group, index) => {
          const need = t(NEEDS[group.need]);
          return (
            <section key={group.need} id={`need-${group.need}`} aria-labelledby={`need-${group.need}-title`} className="mb-10 scroll-mt-24">
              <h2 id={`need-${group.need}-title`} className="section-title mb-4">
                {need}
              </h2>
              <CardGroup products={group.products} label={t('crop.productsFor', { need, name: data.name })} eager={eager[index] ?? 0} first={FIRST_OF_NEED} />
            </section>
          );
        })}

        {problems.length > 0 ? (
          <section id="problems" aria-labelledby="problems-title" className="mb-10 scroll-mt-24">
            <h2 id="problems-title" className="section-title">
              {t('crop.problems')}
            </h2>
            <p className="mt-2 mb-4 text-stone-700">{t('crop.problemsIntro', { name: data.name })}</p>
            {problems.map((problem) => (
              <section key={problem.slug} aria-labelledby={`problem-${problem.slug}`} className="mb-8">
                <div className="mb-3 flex flex-wrap items-center gap-2">
                  <h3 id={`problem-${problem.slug}`} className="text-lg font-semibold text-stone-900">
                    {problem.name}
                  </h3>
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{t(KINDS[problem.kind])}</span>
                </div>
                <CardGroup products={problem.products} label={t('crop.treats', { name: problem.name })} eager={0} first={0} />
              </section>
            ))}
          </section>
        ) : null}
      </ListFilters>
    </div>
  );
}

/** How many products the page shows (a product for two needs, or a need and a problem, once). */
function shownCount(crop: { groups: { products: { id: number }[] }[]; problems: { products: { id: number }[] }[] }): number {
  const ids = new Set<number>();
  for (const list of [...crop.groups, ...crop.problems]) for (const product of list.products) ids.add(product.id);
  return ids.size;
}
