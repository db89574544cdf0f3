import { useT } from '@/lib/i18n';

/** Holds the page's space while a screen or its data loads. */
export function PageLoading() {
  const t = useT();
  return (
    <div className="container-page min-h-dvh py-6" role="status" aria-live="polite">
      <span className="sr-only">{t('list.loading')}</span>
      <div className="h-4 w-40 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
      <div className="mt-6 h-9 w-2/3 max-w-md animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
      <div className="mt-4 h-4 w-full max-w-2xl animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
    </div>
  );
}
