import type { Ref } from 'react';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';
import type { Problem } from '@/features/checkout/classify-error';

export function CheckoutProblem({ problem, onEditCart, ref }: { problem: Problem; onEditCart?: () => void; ref?: Ref<HTMLDivElement> }) {
  const t = useT();
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 focus:outline-none">
      <Icon name="exclamation-triangle" className="size-6 shrink-0" />
      <div className="min-w-0 flex-1 space-y-2">
        {problem.kind === 'fields' ? (
          <>
            {problem.count > 0 ? <p className="font-semibold">{t('checkout.problem.fields', { count: problem.count })}</p> : null}
            {problem.general.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </>
        ) : problem.kind === 'stock' ? (
          <>
            <p className="font-semibold">{problem.message}</p>
            <ul className="list-disc space-y-1 pl-5">
              {problem.lines.map((line) => (
                <li key={`${line.product_id}-${line.variant_id}`}>
                  {t('checkout.problem.shortLine', { name: line.name, requested: line.requested, available: line.available })}
                </li>
              ))}
            </ul>
            <p>{t('checkout.problem.stockAdvice')}</p>
            {onEditCart ? (
              <button type="button" className="btn-secondary" onClick={onEditCart}>
                {t('checkout.summary.editCart')}
              </button>
            ) : null}
          </>
        ) : (
          <p>
            {problem.kind === 'server'
              ? t('checkout.problem.server')
              : problem.kind === 'network'
                ? t('checkout.problem.network')
                : problem.kind === 'offline'
                  ? t('offline.write')
                  : problem.message}
          </p>
        )}
      </div>
    </div>
  );
}
