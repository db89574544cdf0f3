import '@/lib/desk-messages';
import { useT } from '@/lib/i18n';

/** What the catalogue saved but asks staff to check (a GST rate unlike the shop's rate list). */
export function SaveWarnings({ warnings }: { warnings: readonly string[] }) {
  const t = useT();
  if (warnings.length === 0) return null;
  return (
    <section role="status" aria-labelledby="save-warnings-title" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="save-warnings-title" className="font-semibold">
        ⚠ {t('desk.catalog.warnings')}
      </h2>
      <p className="mt-1 text-sm">{t('desk.catalog.warningsIntro')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm break-words">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}
