// The catalogue's Malayalam and Tamil beside its English, in the desk's forms: each translated
// field has a form value per language (`name`, `name_ml`, `name_ta`), a blank one is sent as null
// (the shop then shows the English), and the server names its problems `translations.ml.name`.

export type WordLocale = 'ml' | 'ta';

export const WORD_LOCALES: readonly { code: WordLocale; name: string; own: string }[] = [
  { code: 'ml', name: 'Malayalam', own: 'മലയാളം' },
  { code: 'ta', name: 'Tamil', own: 'தமிழ்' },
];

/** The form value of `field` in `locale` (`name_ml`). */
export const localField = (field: string, locale: WordLocale) => `${field}_${locale}`;

/** How the server names a problem with `field` in `locale`, under `prefix` (`variants.0.`). */
export const wordsError = (field: string, locale: WordLocale, prefix = '') => `${prefix}translations.${locale}.${field}`;

/** Every name the server may give a problem with these translated fields. */
export const wordsErrors = (fields: readonly string[], prefix = '') => fields.flatMap((field) => WORD_LOCALES.map(({ code }) => wordsError(field, code, prefix)));

/** Search words as staff type them: separated by commas or lines. */
export const splitWords = (text: string) =>
  text
    .split(/[,\n]/)
    .map((word) => word.trim())
    .filter((word) => word !== '');

export const joinWords = (words: readonly string[]) => words.join(', ');

type Texts<F extends string> = Record<F, string | null>;

/** The form values of these fields in each language, from what the server answered. */
export function localValues<F extends string>(fields: readonly F[], translations: Record<WordLocale, Texts<F>> | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { code } of WORD_LOCALES) {
    for (const field of fields) values[localField(field, code)] = translations?.[code][field] ?? '';
  }
  return values;
}

/** The body's `translations` from the form values: each language, a blank field as null. */
export function localBody<F extends string>(fields: readonly F[], values: Record<string, unknown>): Record<WordLocale, Texts<F>> {
  const one = (code: WordLocale) =>
    Object.fromEntries(
      fields.map((field) => {
        const text = String(values[localField(field, code)] ?? '').trim();
        return [field, text === '' ? null : text];
      }),
    ) as Texts<F>;
  return { ml: one('ml'), ta: one('ta') };
}
