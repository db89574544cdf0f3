import { useState, type FormEvent } from 'react';
import { CheckboxField } from '@/components/form/CheckboxField';
import { FormAlert } from '@/components/form/FormAlert';
import { SelectField } from '@/components/form/SelectField';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { useUnsavedChanges } from '@/components/admin/unsaved-changes';
import { fieldErrors, formError } from '@/lib/form-errors';
import { WordsField } from '@/features/admin-catalog/components/WordsField';
import { differs } from '@/features/admin-catalog/product-form';
import { localField, wordsError, wordsErrors } from '@/features/admin-catalog/words';

export interface FieldSpec {
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'checkbox' | 'select';
  hint?: string;
  required?: boolean;
  options?: { value: string; label: string }[];
  /** Kept in Malayalam and Tamil too, beside the English (form values `name_ml`, `name_ta`). */
  translated?: boolean;
}

export type FormValues = Record<string, string | boolean>;

interface EntityFormProps {
  idPrefix: string;
  title: string;
  specs: FieldSpec[];
  initial: FormValues;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: FormValues) => void;
  onCancel: () => void;
}

/** A small record's form (a brand, a category, an award), inline where it is listed. */
export function EntityForm({ idPrefix, title, specs, initial, submitLabel, pending, error, onSubmit, onCancel }: EntityFormProps) {
  const [values, setValues] = useState<FormValues>(initial);
  useUnsavedChanges(differs(values, initial));
  const errors = fieldErrors(error);
  const alert = formError(
    error,
    [...specs.map((spec) => spec.name), ...wordsErrors(specs.filter((spec) => spec.translated).map((spec) => spec.name))],
    'The shop could not be reached. Try again.',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-xl border border-green-700 bg-white p-4" aria-label={title}>
      <h3 className="font-semibold text-stone-900">{title}</h3>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      {specs.map((spec) => {
        const common = { id: `${idPrefix}-${spec.name}`, label: spec.label, hint: spec.hint, error: errors[spec.name] };
        const text = String(values[spec.name] ?? '');
        const change = (value: string | boolean) => setValues({ ...values, [spec.name]: value });
        if (spec.translated) {
          const local = (code: 'ml' | 'ta') => String(values[localField(spec.name, code)] ?? '');
          return (
            <WordsField
              key={spec.name}
              id={common.id}
              label={spec.label}
              hint={spec.hint}
              required={spec.required}
              optional={!spec.required}
              rows={spec.kind === 'textarea' ? 3 : undefined}
              values={{ en: text, ml: local('ml'), ta: local('ta') }}
              errors={{ en: common.error, ml: errors[wordsError(spec.name, 'ml')], ta: errors[wordsError(spec.name, 'ta')] }}
              onChange={(language, value) => setValues({ ...values, [language === 'en' ? spec.name : localField(spec.name, language)]: value })}
            />
          );
        }
        switch (spec.kind) {
          case 'checkbox':
            return <CheckboxField key={spec.name} id={common.id} label={spec.label} hint={spec.hint} checked={Boolean(values[spec.name])} onChange={change} />;
          case 'textarea':
            return <TextAreaField key={spec.name} {...common} rows={3} optional={!spec.required} value={text} onChange={(event) => change(event.target.value)} />;
          case 'select':
            return (
              <SelectField key={spec.name} {...common} value={text} onChange={(event) => change(event.target.value)}>
                {spec.options?.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
            );
          default:
            return <TextField key={spec.name} {...common} required={spec.required} optional={!spec.required} value={text} onChange={(event) => change(event.target.value)} />;
        }
      })}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
