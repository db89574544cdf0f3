import { useT } from '@/lib/i18n';

export const MAX_VARIANT_NAMES = 6;

/** The first six variant names, and how many more there are. */
export function previewVariantNames(names: readonly string[], max = MAX_VARIANT_NAMES) {
  return { shown: names.slice(0, max), more: Math.max(0, names.length - max) };
}

export function VariantNames({ names }: { names: readonly string[] }) {
  const t = useT();
  if (names.length === 0) return null;
  const { shown, more } = previewVariantNames(names);
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('product.variants')}>
      {shown.map((name) => (
        <li key={name} className="rounded border border-stone-300 px-1.5 py-0.5 text-xs text-stone-700">
          {name}
        </li>
      ))}
      {more > 0 ? <li className="px-1 py-0.5 text-xs font-medium text-stone-700">{t('product.moreVariants', { count: more })}</li> : null}
    </ul>
  );
}
