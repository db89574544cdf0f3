import { useId, useState } from 'react';
import { formatLocalDateTime, parseApiDate } from '@/lib/dates';
import type { AuditLine } from '@/types/api';
import { entityLabel } from '@/features/admin-audit/audit-filters';
import { actionLabel, changedFields, showValue } from '@/features/admin-audit/changes';

const json = (values: Record<string, unknown> | null) => (values === null ? 'none' : JSON.stringify(values, null, 2));

/** One change: when, who, what; it opens to the fields that differ (before → after) and the whole record. */
export function AuditEntry({ line }: { line: AuditLine }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const changes = changedFields(line.old_values, line.new_values);
  const titleId = `${detailsId}-title`;

  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p id={titleId} className="font-semibold text-stone-900">
            {actionLabel(line.action)}: {entityLabel(line.entity)} #{line.entity_id}
          </p>
          <p className="text-stone-700">
            by {line.actor_name ?? 'the system'} <span className="font-mono text-sm text-stone-500">{line.action}</span>
          </p>
        </div>
        <time dateTime={parseApiDate(line.created_at).toISOString()} className="text-sm whitespace-nowrap text-stone-600">
          {formatLocalDateTime(line.created_at)}
        </time>
      </div>
      <button
        type="button"
        className="mt-2 inline-flex min-h-11 items-center font-medium text-green-800 underline"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? 'Hide the changes' : `Show the changes (${changes.length} ${changes.length === 1 ? 'field' : 'fields'})`}
      </button>
      {open ? (
        <div id={detailsId} className="mt-2 space-y-3">
          {changes.length === 0 ? (
            <p className="text-stone-700">No field differs.</p>
          ) : (
            <ul aria-label="Changed fields" className="divide-y divide-stone-100 rounded-lg border border-stone-200">
              {changes.map((change) => (
                <li key={change.field} className="grid gap-1 p-3 md:grid-cols-[14rem_1fr] md:gap-4">
                  <span className="font-mono text-sm break-all text-stone-800">{change.field}</span>
                  <span className="flex flex-wrap items-center gap-2 break-words">
                    {change.before !== undefined ? (
                      <>
                        <span className="sr-only">was</span>
                        <del className="rounded bg-red-50 px-1.5 text-red-900">{showValue(change.before)}</del>
                      </>
                    ) : null}
                    {change.before !== undefined && change.after !== undefined ? (
                      <span aria-hidden className="text-stone-500">
                        →
                      </span>
                    ) : null}
                    {change.after !== undefined ? (
                      <>
                        <span className="sr-only">now</span>
                        <ins className="rounded bg-green-50 px-1.5 font-medium text-green-900 no-underline">{showValue(change.after)}</ins>
                      </>
                    ) : null}
                    {change.before === undefined ? <span className="text-sm text-stone-600">(added)</span> : null}
                    {change.after === undefined ? <span className="text-sm text-stone-600">(removed)</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <details className="rounded-lg bg-stone-50 p-3">
            <summary className="min-h-11 cursor-pointer content-center font-medium text-stone-800">The whole record (JSON)</summary>
            <div className="mt-2 grid gap-3 md:grid-cols-2">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-stone-700">Before</p>
                <pre className="mt-1 overflow-x-auto rounded bg-white p-2 text-xs text-stone-800">{json(line.old_values)}</pre>
              </div>
              <div className="min-w-0">
                <p className="text-sm font-semibold text-stone-700">After</p>
                <pre className="mt-1 overflow-x-auto rounded bg-white p-2 text-xs text-stone-800">{json(line.new_values)}</pre>
              </div>
            </div>
          </details>
        </div>
      ) : null}
    </li>
  );
}
