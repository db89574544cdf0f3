// A crop's or a problem's form: its English name and other names, the same in Malayalam and Tamil,
// and its address. The server takes each language's words as `ml: { name, other_names }` and
// names their problems `ml.name`; the desk's forms keep them as `name_ml` and show a problem beside
// the field named `translations.ml.name` (words.ts), so both are read and written here.
import { ApiError, isApiError } from '@/lib/api-client';
import type { FieldSpec, FormValues } from '@/features/admin-catalog/components/EntityForm';
import { joinWords, localField, splitWords, WORD_LOCALES, type WordLocale } from '@/features/admin-catalog/words';
import type { LocalNames } from '@/types/desk';

/** What a crop and a problem are both named by. */
export interface Named {
  slug: string;
  name: string;
  other_names: string[];
  ml: LocalNames;
  ta: LocalNames;
}

/** The fields; `address` says what the slug is for. */
export const namedSpecs = (address: string): FieldSpec[] => [
  { name: 'name', label: 'Name', required: true, translated: true, hint: 'A blank Malayalam or Tamil name shows the English one.' },
  { name: 'other_names', label: 'Other names', translated: true, hint: 'What farmers also call it, separated by commas: search finds it by these too.' },
  { name: 'slug', label: 'Address', required: true, hint: `Lower-case letters, digits and hyphens: ${address}.` },
];

export function namedValues(named?: Named): FormValues {
  const values: FormValues = {
    name: named?.name ?? '',
    other_names: joinWords(named?.other_names ?? []),
    slug: named?.slug ?? '',
  };
  for (const { code } of WORD_LOCALES) {
    values[localField('name', code)] = named?.[code].name ?? '';
    values[localField('other_names', code)] = joinWords(named?.[code].other_names ?? []);
  }
  return values;
}

const local = (form: FormValues, code: WordLocale): LocalNames => {
  const name = String(form[localField('name', code)] ?? '').trim();
  return { name: name === '' ? null : name, other_names: splitWords(String(form[localField('other_names', code)] ?? '')) };
};

export function namedBody(form: FormValues, sort_order: number) {
  return {
    slug: String(form.slug).trim(),
    name: String(form.name).trim(),
    other_names: splitWords(String(form.other_names)),
    sort_order,
    ml: local(form, 'ml'),
    ta: local(form, 'ta'),
  };
}

/** The server's `ml.name` as the form's `translations.ml.name`, so the problem shows beside its field. */
export function namedErrors(error: unknown): unknown {
  if (!isApiError(error, 422)) return error;
  const errors = Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [/^(ml|ta)\./.test(field) ? `translations.${field}` : field, messages]));
  return new ApiError(error.status, error.message, errors, error.body);
}
