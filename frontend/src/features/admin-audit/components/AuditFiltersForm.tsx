import { useState, type FormEvent } from 'react';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { useStaff } from '@/lib/queries/staff';
import { ENTITIES, FILTER_KEYS, type AuditFilters } from '@/features/admin-audit/audit-filters';

interface AuditFiltersFormProps {
  filters: AuditFilters;
  /** The server's word on a filter (a 422), by field. */
  errors: Record<string, string>;
  onApply: (filters: AuditFilters) => void;
}

/** The filters as a form; applying them starts again at the first page. */
export function AuditFiltersForm({ filters, errors, onApply }: AuditFiltersFormProps) {
  const staff = useStaff();
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
      setRangeError('The end date is before the start date.');
      return;
    }
    setRangeError(undefined);
    onApply(next);
  };

  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-6 xl:items-end">
      <SelectField id="audit-entity" className="col-span-2 sm:col-span-1" name="entity" label="What changed" defaultValue={filters.entity ?? ''} error={errors.entity}>
        <option value="">Anything</option>
        {ENTITIES.map((entity) => (
          <option key={entity.value} value={entity.value}>
            {entity.label}
          </option>
        ))}
      </SelectField>
      <TextField id="audit-entity-id" className="col-span-2 sm:col-span-1" name="entity_id" label="Its id" inputMode="numeric" defaultValue={filters.entity_id ?? ''} error={errors.entity_id} />
      {staff.data ? (
        <SelectField id="audit-actor" className="col-span-2 sm:col-span-1" name="actor_id" label="Who" defaultValue={filters.actor_id ?? ''} error={errors.actor_id}>
          <option value="">Anyone</option>
          {staff.data.map((member) => (
            <option key={member.id} value={String(member.id)}>
              {member.name}
              {member.disabled_at ? ' (disabled)' : ''}
            </option>
          ))}
        </SelectField>
      ) : (
        <TextField id="audit-actor" className="col-span-2 sm:col-span-1" name="actor_id" label="Who (user id)" inputMode="numeric" defaultValue={filters.actor_id ?? ''} error={errors.actor_id} />
      )}
      <TextField id="audit-from" name="from" type="date" label="From" defaultValue={filters.from ?? ''} error={errors.from} />
      <TextField id="audit-to" name="to" type="date" label="To" defaultValue={filters.to ?? ''} error={rangeError ?? errors.to} />
      <div className="col-span-2 flex gap-3 lg:col-span-1">
        <button type="submit" className="btn-primary min-h-11 flex-1">
          Apply filters
        </button>
      </div>
    </form>
  );
}
