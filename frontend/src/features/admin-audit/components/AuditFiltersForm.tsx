import { useState, type FormEvent } from 'react';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { useT, type MessageId } from '@/lib/i18n';
import { AREAS, FILTER_KEYS, type AuditFilters } from '@/features/admin-audit/audit-filters';

interface AuditFiltersFormProps {
  filters: AuditFilters;
  /** The server's word on a filter (a 422), by field. */
  errors: Record<string, string>;
  onApply: (filters: AuditFilters) => void;
}

/** The filters as a form; applying them starts again at the first page. */
export function AuditFiltersForm({ filters, errors, onApply }: AuditFiltersFormProps) {
  const t = useT();
  const [rangeError, setRangeError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: AuditFilters = { page: 1 };
    for (const key of FILTER_KEYS) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    if (next.from && next.to && next.to < next.from) {
      setRangeError(t('audit.filter.badRange'));
      return;
    }
    setRangeError(undefined);
    onApply(next);
  };

  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-2 gap-4 lg:grid-cols-5 lg:items-end">
      <TextField id="audit-actor" className="col-span-2 sm:col-span-1" name="actor" label={t('audit.filter.who')} autoComplete="off" maxLength={100} defaultValue={filters.actor ?? ''} error={errors.actor} />
      <SelectField id="audit-area" className="col-span-2 sm:col-span-1" name="area" label={t('audit.filter.area')} defaultValue={filters.area ?? ''} error={errors.area}>
        <option value="">{t('audit.filter.anything')}</option>
        {AREAS.map((area) => (
          <option key={area} value={area}>
            {t(`audit.area.${area}` as MessageId)}
          </option>
        ))}
      </SelectField>
      <TextField id="audit-from" name="from" type="date" label={t('audit.filter.from')} defaultValue={filters.from ?? ''} error={errors.from} />
      <TextField id="audit-to" name="to" type="date" label={t('audit.filter.to')} defaultValue={filters.to ?? ''} error={rangeError ?? errors.to} />
      <div className="col-span-2 flex gap-3 lg:col-span-1">
        <button type="submit" className="btn-primary min-h-11 flex-1">
          {t('audit.filter.apply')}
        </button>
      </div>
    </form>
  );
}
