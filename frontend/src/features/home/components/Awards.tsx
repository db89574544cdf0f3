import type { CSSProperties } from 'react';
import { ErrorBox } from '@/components/ErrorBox';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';
import type { Award } from '@/types/api';

/** Each card starts its entrance this much after the one before (still under reduced motion). */
export const AWARD_STAGGER_MS = 100;

interface AwardsProps {
  awards: readonly Award[] | undefined;
  isError: boolean;
  onRetry: () => void;
}

/** The awards grid with its loading, error, empty and loaded states. */
export function Awards({ awards, isError, onRetry }: AwardsProps) {
  const t = useT();
  return (
    <div>
      <h2 id="awards-title" className="section-title text-center">
        {t('home.awardsTitle')}
      </h2>
      <div className="mt-6">
        {isError ? (
          <ErrorBox onRetry={onRetry}>
            {t('home.awardsError')}
          </ErrorBox>
        ) : !awards ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="h-56 animate-pulse rounded-xl bg-stone-200 motion-reduce:animate-none" />
            ))}
          </div>
        ) : awards.length === 0 ? (
          <div className="flex flex-col items-center py-8 text-center">
            <Icon name="trophy" className="size-10 text-stone-500" />
            <p className="mt-2 text-lg font-semibold text-stone-900">{t('home.awardsEmptyTitle')}</p>
            <p className="text-stone-700">{t('home.awardsEmptyText')}</p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {awards.map((award, index) => (
              <li
                key={award.id}
                className="award-card flex flex-col items-center rounded-xl border border-amber-200 bg-white p-5 text-center shadow-sm"
                style={{ '--award-delay': `${index * AWARD_STAGGER_MS}ms` } as CSSProperties}
              >
                {award.image_url ? (
                  <img src={award.image_url} alt="" width={400} height={300} loading="lazy" decoding="async" className="aspect-[4/3] w-full max-w-48 object-contain" />
                ) : (
                  <Icon name="trophy" className="size-12 text-amber-800" />
                )}
                <h3 className="mt-3 font-semibold text-stone-900">{award.title}</h3>
                {award.description ? <p className="mt-1 text-sm text-stone-700">{award.description}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
