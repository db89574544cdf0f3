import { useT } from '@/lib/i18n';
import { formatLocalDateTime, parseApiDate } from '@/lib/dates';
import type { AuditLine } from '@/types/api';
import { describeLine, fieldLabel, valueText } from '@/features/admin-audit/sentence';

const json = (values: Record<string, unknown> | null) => (values === null ? '–' : JSON.stringify(values, null, 2));

/** One change as a sentence, when it was made, the fields it changed (`field: before → after`) and the whole record. */
export function AuditEntry({ line }: { line: AuditLine }) {
  const t = useT();
  const { sentence, changes } = describeLine(line);
  const titleId = `audit-${line.id}`;

  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4" aria-labelledby={titleId}>
      <p id={titleId} className="font-semibold break-words text-stone-900">
        {sentence}
      </p>
      <time dateTime={parseApiDate(line.created_at).toISOString()} className="mt-1 block text-sm text-stone-600">
        {formatLocalDateTime(line.created_at)}
      </time>
      {changes.length > 0 ? (
        <ul aria-label={t('audit.changes')} className="mt-2 space-y-1">
          {changes.map((change) => (
            <li key={change.field} className="break-words text-stone-800">
              <span className="font-medium">{fieldLabel(change.field)}:</span>{' '}
              {change.before !== undefined ? <del className="rounded bg-red-50 px-1 text-red-900">{valueText(change.field, change.before)}</del> : null}
              {change.before !== undefined && change.after !== undefined ? <span aria-hidden> → </span> : null}
              {change.after !== undefined ? <ins className="rounded bg-green-50 px-1 font-medium text-green-900 no-underline">{valueText(change.field, change.after)}</ins> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="mt-2 rounded-lg bg-stone-50 px-3">
        <summary className="min-h-11 cursor-pointer content-center text-sm font-medium text-stone-700">{t('audit.record')}</summary>
        <div className="grid gap-3 pb-3 md:grid-cols-2">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-stone-700">{t('audit.before')}</p>
            <pre className="mt-1 overflow-x-auto rounded bg-white p-2 text-xs text-stone-800">{json(line.old_values)}</pre>
          </div>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-stone-700">{t('audit.after')}</p>
            <pre className="mt-1 overflow-x-auto rounded bg-white p-2 text-xs text-stone-800">{json(line.new_values)}</pre>
          </div>
        </div>
      </details>
    </li>
  );
}
