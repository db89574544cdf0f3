// The product and variant forms' values as typed (text, so a half-typed price is kept as it is),
// and the bodies the desk API takes. Prices and weights go as written (`₹2,800`, `25.2 kg`): the
// catalogue reads them by the same rule for the form, the API and the CSV sheet.
import { joinWords, localBody, localValues, splitWords, type WordLocale } from '@/features/admin-catalog/words';
import { isService, type SupplyKindName } from '@/features/admin-catalog/uqc';
import type { DeclarationsBody, ProductBody, StaffProduct, StaffVariant, VariantBody } from '@/types/desk';

/** A product's fields that read differently in Malayalam and Tamil. */
export const PRODUCT_WORDS = ['name', 'description', 'search_terms', 'country_of_origin', 'best_before'] as const;
type ProductWord = (typeof PRODUCT_WORDS)[number];

/** Each translated field's value in Malayalam and Tamil (`name_ml`, `search_terms_ta`). */
type LocalFields<F extends string> = Record<`${F}_${WordLocale}`, string>;

export type ProductFields = LocalFields<ProductWord> & {
  name: string;
  description: string;
  brand_id: string;
  category_ids: number[];
  hsn_code: string;
  gst_rate: string;
  supply_kind: SupplyKindName;
  is_active: boolean;
  is_featured: boolean;
  featured_position: string;
  manufacturer: string;
  manufacturer_address: string;
  country_of_origin: string;
  best_before: string;
  is_hazardous: boolean;
  restricted_states: string[];
  /** Separated by commas. */
  search_terms: string;
  /** Whether its stock is kept by batch (with manufacture and expiry dates). */
  batch_tracked: boolean;
  /** The dealer licence its sale needs. */
  regulated_as: Regulation;
  /** An insecticide's CIB&RC registration number. */
  registration_number: string;
};

export type Regulation = 'none' | 'insecticide' | 'fertiliser' | 'seed';

export type WeightUnit = 'kg' | 'g';

export type VariantFields = LocalFields<'variant_name'> & {
  variant_name: string;
  sku: string;
  MRP: string;
  retail_price: string;
  /** The shipping weight's number as typed, in `weight_unit`. */
  weight: string;
  weight_unit: WeightUnit;
  net_quantity: string;
  /** GSTN's unit quantity code (`KGS`, `NA` for a service). */
  uqc: string;
  /** How much of `uqc` one pack holds, as typed (`0.5`); empty for `NA`. */
  uqc_quantity: string;
  /** Opening stock; only a new variant sends it (stock then moves by adjustments). */
  stock: string;
  low_stock_threshold: string;
  position: string;
  is_active: boolean;
};

export const emptyProduct = (): ProductFields => ({
  name: '',
  description: '',
  brand_id: '',
  category_ids: [],
  hsn_code: '',
  gst_rate: '',
  supply_kind: 'taxable',
  is_active: true,
  is_featured: false,
  featured_position: '0',
  manufacturer: '',
  manufacturer_address: '',
  country_of_origin: 'India',
  best_before: '',
  is_hazardous: false,
  restricted_states: [],
  search_terms: '',
  batch_tracked: false,
  regulated_as: 'none',
  registration_number: '',
  ...(localValues(PRODUCT_WORDS, undefined) as LocalFields<ProductWord>),
});

/** The product's words in each language as the form holds them (search words joined). */
const productWords = (product: StaffProduct) => {
  const texts = (code: WordLocale) => ({ ...product.translations[code], search_terms: joinWords(product.translations[code].search_terms) });
  return localValues(PRODUCT_WORDS, { ml: texts('ml'), ta: texts('ta') }) as LocalFields<ProductWord>;
};

export const productFields = (product: StaffProduct): ProductFields => ({
  name: product.name,
  description: product.description,
  brand_id: String(product.brand_id),
  category_ids: [...product.category_ids],
  hsn_code: product.hsn_code,
  gst_rate: String(product.gst_rate),
  supply_kind: product.supply_kind,
  is_active: product.is_active,
  is_featured: product.is_featured,
  featured_position: String(product.featured_position),
  manufacturer: product.declarations.manufacturer,
  manufacturer_address: product.declarations.manufacturer_address,
  country_of_origin: product.declarations.country_of_origin,
  best_before: product.declarations.best_before ?? '',
  is_hazardous: product.declarations.is_hazardous,
  restricted_states: [...product.declarations.restricted_states],
  search_terms: joinWords(product.search_terms),
  batch_tracked: product.batch_tracked,
  regulated_as: product.regulated_as,
  registration_number: product.registration_number ?? '',
  ...productWords(product),
});

export const emptyVariant = (position = 0): VariantFields => ({
  variant_name: '',
  sku: '',
  MRP: '',
  retail_price: '',
  weight: '',
  weight_unit: 'kg',
  net_quantity: '',
  uqc: 'NOS',
  uqc_quantity: '1',
  stock: '0',
  low_stock_threshold: '5',
  position: String(position),
  is_active: true,
  variant_name_ml: '',
  variant_name_ta: '',
});

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export const variantFields = (variant: StaffVariant): VariantFields => ({
  variant_name: variant.variant_name ?? '',
  sku: variant.sku,
  MRP: text(variant.MRP),
  retail_price: text(variant.retail_price),
  // As the desk shows a weight: kilograms from 1 kg up, grams below (the server's `show_weight`).
  weight: variant.weight_grams >= 1000 ? String(variant.weight_grams / 1000) : String(variant.weight_grams),
  weight_unit: variant.weight_grams >= 1000 ? 'kg' : 'g',
  net_quantity: variant.net_quantity ?? '',
  uqc: variant.uqc,
  uqc_quantity: variant.uqc_quantity ?? '',
  stock: text(variant.stock),
  low_stock_threshold: text(variant.low_stock_threshold),
  position: text(variant.position),
  is_active: variant.is_active,
  ...(localValues(['variant_name'], variant.translations) as LocalFields<'variant_name'>),
});

/**
 * A new GST rate keeps the kind where it fits: 0 % makes a taxable product exempt (the shop's 0 %
 * goods are exempt by notification), a rate above 0 makes any other kind taxable.
 */
export function withRate(fields: ProductFields, gst_rate: string): ProductFields {
  const rate = Number(gst_rate);
  if (gst_rate === '' || !Number.isFinite(rate)) return { ...fields, gst_rate };
  if (rate === 0 && fields.supply_kind === 'taxable') return { ...fields, gst_rate, supply_kind: 'exempt' };
  if (rate > 0 && fields.supply_kind !== 'taxable') return { ...fields, gst_rate, supply_kind: 'taxable' };
  return { ...fields, gst_rate };
}

/** A new unit: a service (`NA`) has no quantity; leaving it, the pack holds 1 until told. */
export function withUqc(fields: VariantFields, uqc: string): VariantFields {
  if (isService(uqc)) return { ...fields, uqc, uqc_quantity: '' };
  return { ...fields, uqc, uqc_quantity: isService(fields.uqc) || fields.uqc_quantity.trim() === '' ? '1' : fields.uqc_quantity };
}

/** Messages by field name, as the server names them (`variants.0.sku`, `declarations.manufacturer`). */
export type Problems = Record<string, string>;

/** An amount as typed (`₹2,800`, `2800.00`): the server reads it by the catalogue's one rule. */
const amount = (raw: string) => (raw.trim() === '' ? null : raw.trim());

/**
 * A weight under 100 g for a pack whose name or declared quantity says kilograms looks typed in
 * the wrong unit: a warning, not a refusal (the mirror of the catalogue's `weight_warning`).
 */
export function weightWarning(fields: VariantFields): string | null {
  const value = Number(fields.weight.replaceAll(',', '').trim());
  if (!Number.isFinite(value) || fields.weight.trim() === '') return null;
  const grams = fields.weight_unit === 'kg' ? value * 1000 : value;
  const saysKg = [fields.variant_name, fields.net_quantity].some((name) => /\d\s*kg(?![a-z])/i.test(name));
  return saysKg && grams >= 1 && grams < 100 ? `${grams} g looks light for a pack sold by the kilogram: was ${value} meant as ${value} kg?` : null;
}

const WHOLE = /^-?\d{1,9}$/;

function whole(raw: string, field: string, problems: Problems, min: number): number | null {
  const value = raw.trim();
  if (value === '') return null;
  if (!WHOLE.test(value) || Number(value) < min) {
    problems[field] = min === 0 ? 'Enter a whole number, 0 or more.' : `Enter a whole number, ${min} or more.`;
    return null;
  }
  return Number(value);
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Each language's words; its search words are sent as a list. */
function productTranslations(fields: ProductFields): NonNullable<ProductBody['translations']> {
  const texts = localBody(PRODUCT_WORDS, fields);
  const one = (code: WordLocale) => ({ ...texts[code], search_terms: splitWords(texts[code].search_terms ?? '') });
  return { ml: one('ml'), ta: one('ta') };
}

export function productBody(fields: ProductFields): { body: ProductBody; problems: Problems } {
  const problems: Problems = {};
  const declarations: DeclarationsBody = {
    manufacturer: fields.manufacturer,
    manufacturer_address: fields.manufacturer_address,
    country_of_origin: fields.country_of_origin,
    best_before: orNull(fields.best_before),
    is_hazardous: fields.is_hazardous,
    restricted_states: fields.is_hazardous ? fields.restricted_states : [],
  };
  const body: ProductBody = {
    name: fields.name,
    description: fields.description,
    brand_id: fields.brand_id === '' ? null : Number(fields.brand_id),
    category_ids: fields.category_ids,
    hsn_code: fields.hsn_code,
    gst_rate: fields.gst_rate === '' ? null : Number(fields.gst_rate),
    supply_kind: fields.supply_kind,
    is_active: fields.is_active,
    is_featured: fields.is_featured,
    featured_position: whole(fields.featured_position, 'featured_position', problems, 0) ?? 0,
    declarations,
    search_terms: splitWords(fields.search_terms),
    translations: productTranslations(fields),
    batch_tracked: fields.batch_tracked,
    regulated_as: fields.regulated_as,
    registration_number: fields.regulated_as === 'insecticide' ? fields.registration_number.trim() : '',
  };
  if (fields.regulated_as === 'insecticide' && fields.registration_number.trim() === '') {
    problems.registration_number = 'An insecticide needs its CIB&RC registration number (it is printed on its papers).';
  }
  return { body, problems };
}

/** A variant's body; `prefix` names its fields among others (`variants.1.`). */
export function variantBody(fields: VariantFields, prefix = '', withStock = false): { body: VariantBody; problems: Problems } {
  const problems: Problems = {};
  const body: VariantBody = {
    variant_name: orNull(fields.variant_name),
    sku: fields.sku,
    MRP: amount(fields.MRP),
    retail_price: amount(fields.retail_price),
    weight: fields.weight.trim() === '' ? null : `${fields.weight.trim()} ${fields.weight_unit}`,
    net_quantity: orNull(fields.net_quantity),
    uqc: fields.uqc,
    // As typed (`0.5`): the catalogue reads it by its one rule; none for a service.
    uqc_quantity: isService(fields.uqc) ? null : orNull(fields.uqc_quantity),
    low_stock_threshold: whole(fields.low_stock_threshold, `${prefix}low_stock_threshold`, problems, 0),
    position: whole(fields.position, `${prefix}position`, problems, 0),
    is_active: fields.is_active,
    translations: localBody(['variant_name'], fields),
  };
  if (withStock) body.stock = whole(fields.stock, `${prefix}stock`, problems, 0) ?? 0;
  // Left blank, the server would take 0 (a service): goods must say what they weigh.
  if (fields.weight.trim() === '') problems[`${prefix}weight`] = 'Enter the shipping weight (0 for a service).';
  return { body, problems };
}

/** Whether two form values differ (what makes a form "unsaved"). */
export const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
