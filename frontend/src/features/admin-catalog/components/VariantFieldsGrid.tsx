import { CheckboxField } from '@/components/form/CheckboxField';
import { TextField } from '@/components/form/TextField';
import { WordsField } from '@/features/admin-catalog/components/WordsField';
import type { Problems, VariantFields } from '@/features/admin-catalog/product-form';
import { wordsError } from '@/features/admin-catalog/words';

interface VariantFieldsGridProps {
  /** Unique per form on the screen: the controls' ids start with it. */
  idPrefix: string;
  fields: VariantFields;
  onChange: (fields: VariantFields) => void;
  problems: Problems;
  /** How the problems name this variant's fields (`variants.0.`). */
  errorPrefix?: string;
  /** A new variant asks for its opening stock; an existing one moves stock by adjustments. */
  askStock: boolean;
}

/** A variant's fields: name, SKU, MRP and price, weight and pack, stock settings. */
export function VariantFieldsGrid({ idPrefix, fields, onChange, problems, errorPrefix = '', askStock }: VariantFieldsGridProps) {
  const bind = (name: keyof VariantFields) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: String(fields[name]),
    onChange: (event: { target: { value: string } }) => onChange({ ...fields, [name]: event.target.value }),
    error: problems[`${errorPrefix}${name}`],
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <WordsField
        id={`${idPrefix}-variant_name`}
        label="Variant name"
        hint="As the shopper chooses it: 250 ml, 1 kg"
        optional
        className="sm:col-span-2 lg:col-span-4"
        values={{ en: fields.variant_name, ml: fields.variant_name_ml, ta: fields.variant_name_ta }}
        errors={{
          en: problems[`${errorPrefix}variant_name`],
          ml: problems[wordsError('variant_name', 'ml', errorPrefix)],
          ta: problems[wordsError('variant_name', 'ta', errorPrefix)],
        }}
        onChange={(language, value) => onChange({ ...fields, [language === 'en' ? 'variant_name' : `variant_name_${language}`]: value })}
      />
      <TextField {...bind('sku')} label="SKU" required autoCapitalize="characters" />
      <TextField {...bind('MRP')} label="MRP (₹)" inputMode="decimal" optional />
      <TextField {...bind('retail_price')} label="Price (₹, tax included)" inputMode="decimal" required />
      <TextField {...bind('weight_grams')} label="Shipping weight (g)" inputMode="numeric" required />
      <TextField {...bind('net_quantity')} label="Net quantity on the pack" hint="Legal Metrology: 500 ml, 1 kg" optional />
      {askStock ? <TextField {...bind('stock')} label="Opening stock" inputMode="numeric" /> : null}
      <TextField {...bind('low_stock_threshold')} label="Low-stock alert at" inputMode="numeric" hint="Listed under Low stock at or below this" />
      <TextField {...bind('position')} label="Order on the page" inputMode="numeric" hint="0 comes first" />
      <div className="sm:col-span-2 lg:col-span-4">
        <CheckboxField id={`${idPrefix}-is_active`} label="On sale" hint="Off hides this variant from the shop, carts and checkout" checked={fields.is_active} onChange={(is_active) => onChange({ ...fields, is_active })} />
      </div>
    </div>
  );
}
