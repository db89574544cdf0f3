import type { ReactNode } from 'react';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';

/** An error message, with a Try again button when the failed request can be retried. */
export function ErrorBox({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center">
      <Icon name="exclamation-triangle" className="size-6 shrink-0" />
      <p className="flex-1">{children}</p>
      {onRetry ? (
        <button type="button" className="btn-secondary" onClick={onRetry}>
          {t('list.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** A whole screen that could not load: the error box in the page's frame. */
export function PageError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className="container-page min-h-dvh py-8">
      <ErrorBox onRetry={onRetry}>{children}</ErrorBox>
    </div>
  );
}
