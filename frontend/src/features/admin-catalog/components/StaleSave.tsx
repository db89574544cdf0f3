// A save refused because someone else saved the same product or variant since this form was
// loaded (409 with the fields they changed): say so, name the fields, and offer a reload.
import { FormAlert } from '@/components/form/FormAlert';
import { isApiError } from '@/lib/api-client';

/** The fields changed by someone else, when `error` is such a refusal. */
export function staleFields(error: unknown): string[] | undefined {
  if (!isApiError(error, 409) || !Array.isArray(error.body.changed)) return undefined;
  return error.body.changed.filter((field): field is string => typeof field === 'string');
}

const readable = (field: string) => field.replace(/^declarations\./, '').replaceAll('_', ' ');

export function StaleSave({ error, what, onReload }: { error: unknown; what: 'product' | 'variant'; onReload: () => void }) {
  const changed = staleFields(error);
  if (!changed || !isApiError(error)) return null;
  return (
    <FormAlert>
      <p>{error.message}</p>
      {changed.length > 0 ? <p className="mt-1">Changed since you opened it: {changed.map(readable).join(', ')}.</p> : null}
      <button type="button" className="btn-secondary mt-2 min-h-11" onClick={onReload}>
        Reload the {what}
      </button>
    </FormAlert>
  );
}
