import type { CSSProperties } from 'react';
import { ErrorBox } from '@/components/ErrorBox';
import '@/components/icons-more';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';
import type { Award } from '@/types/api';

/** Each card starts its entrance this much after the one before (still under reduced motion). */
export const AWARD_STAGGER_MS = 100;

/**
 * How many columns lay `count` awards out evenly with at most `max` a row: as few rows as `max`
 * allows, then as few columns as fill them, so rows differ by one card at most (6 in rows of 3,
 * not 4 and a half-empty 2). A shorter last row is centred.
 */
export const balancedColumns = (count: number, max: number): number => Math.max(1, Math.ceil(count / Math.ceil(count / max)));

interface AwardsProps {
  awards: readonly Award[] | undefined;
  isError: boolean;
  onRetry: () => void;
}

/** The awards with their loading, error, empty and loaded states. */
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
          <div className="grid gap-3 sm:grid-cols-3 sm:gap-4" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <div key={i} className="h-32 animate-pulse rounded-xl bg-stone-200 motion-reduce:animate-none sm:h-72" />
            ))}
          </div>
        ) : awards.length === 0 ? (
          <div className="flex flex-col items-center py-8 text-center">
            <Icon name="trophy" className="size-10 text-stone-500" />
            <p className="mt-2 text-lg font-semibold text-stone-900">{t('home.awardsEmptyTitle')}</p>
            <p className="text-stone-700">{t('home.awardsEmptyText')}</p>
          </div>
        ) : (
          // A phone lists them compactly (picture beside the words); wider screens lay out cards
          // in balanced rows (see balancedColumns and .award-grid in index.css).
          <ul
            className="award-grid flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center sm:gap-4 lg:gap-6"
            style={{ '--award-cols-sm': balancedColumns(awards.length, 3), '--award-cols-lg': balancedColumns(awards.length, 4) } as CSSProperties}
          >
            {awards.map((award, index) => (
              <li
                key={award.id}
                className="award-card flex items-start gap-3 rounded-xl border border-amber-200 bg-white p-3 shadow-sm sm:flex-col sm:items-center sm:gap-0 sm:p-5 sm:text-center"
                style={{ '--award-delay': `${index * AWARD_STAGGER_MS}ms` } as CSSProperties}
              >
                {award.image_url ? (
                  <img src={award.image_url} alt="" width={400} height={300} loading="lazy" decoding="async" className="aspect-[4/3] w-24 shrink-0 object-contain sm:w-full sm:max-w-48" />
                ) : (
                  <Icon name="trophy" className="size-12 shrink-0 text-amber-800" />
                )}
                <div className="min-w-0">
                  <h3 className="font-semibold text-stone-900 sm:mt-3">{award.title}</h3>
                  {award.description ? <p className="mt-1 text-sm text-stone-700">{award.description}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
