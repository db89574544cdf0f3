// A pack size in a product page's address (`?pack=25-kg`): what a drawn page's pack links carry,
// so a pack tapped before the app's code has come is drawn by the server
// (crates/server/src/handlers/pages.rs reads the same spelling: lowercase ASCII letters, digits
// and hyphens, at most 40).
import type { Variant } from '@/types/api';

/** The query parameter that names the pack. */
export const PACK_PARAMETER = 'pack';

function asciiSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
}

/**
 * The pack's name in the address: its name's ASCII letters and digits (`25 kg` → `25-kg`); when
 * that is empty or another pack of the product spells the same, the variant's number follows.
 */
export function packSlug(variant: Pick<Variant, 'id' | 'variant_name'>, variants: readonly Pick<Variant, 'id' | 'variant_name'>[]): string {
  const slug = asciiSlug(variant.variant_name ?? '');
  const shared = variants.some((other) => other.id !== variant.id && asciiSlug(other.variant_name ?? '') === slug);
  if (slug && !shared) return slug;
  return slug ? `${slug}-${variant.id}` : String(variant.id);
}

/** The variant a `?pack=` names, if it is one of these. */
export function packNamed<V extends Pick<Variant, 'id' | 'variant_name'>>(pack: string | null, variants: readonly V[]): V | undefined {
  if (!pack) return undefined;
  return variants.find((variant) => packSlug(variant, variants) === pack);
}
