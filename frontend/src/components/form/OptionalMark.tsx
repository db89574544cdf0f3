import { useT } from '@/lib/i18n';

/** "(optional)" after a field's label: the shopper may leave the field empty. */
export function OptionalMark() {
  const t = useT();
  return <span className="ml-1 text-sm font-normal text-stone-600">{t('form.optional')}</span>;
}
