import '@/lib/desk-messages';
import { CheckboxField } from '@/components/form/CheckboxField';
import { SelectField } from '@/components/form/SelectField';
import { controlClass, FieldFrame } from '@/components/form/FieldFrame';
import { TextField } from '@/components/form/TextField';
import { WordsField } from '@/features/admin-catalog/components/WordsField';
import { weightWarning, withUqc, type Problems, type VariantFields, type WeightUnit } from '@/features/admin-catalog/product-form';
import { COMMON_UQC, isService, OTHER_UQC } from '@/features/admin-catalog/uqc';
import { useT } from '@/lib/i18n';
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
  const t = useT();
  const service = isService(fields.uqc);
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
      <TextField {...bind('MRP')} label="MRP (₹)" inputMode="decimal" hint="2800 or ₹2,800" optional />
      <TextField {...bind('retail_price')} label="Price (₹, tax included)" inputMode="decimal" hint="2800 or ₹2,800" required />
      <WeightField idPrefix={idPrefix} fields={fields} onChange={onChange} error={problems[`${errorPrefix}weight`] ?? problems[`${errorPrefix}weight_grams`]} />
      <TextField {...bind('net_quantity')} label="Net quantity on the pack" hint="Legal Metrology: 500 ml, 1 kg" optional />
      <SelectField {...bind('uqc')} onChange={(event) => onChange(withUqc(fields, event.target.value))} label={t('desk.catalog.uqc')} hint={t('desk.catalog.uqcHint')} required>
        {COMMON_UQC.map((code) => (
          <option key={code} value={code}>
            {t(`desk.catalog.uqc.${code}`)}
          </option>
        ))}
        <optgroup label={t('desk.catalog.uqcOther')}>
          {OTHER_UQC.map(([code, name]) => (
            <option key={code} value={code}>
              {code} – {name}
            </option>
          ))}
        </optgroup>
      </SelectField>
      <TextField
        {...bind('uqc_quantity')}
        label={t('desk.catalog.uqcQuantity')}
        hint={service ? t('desk.catalog.uqcNoQuantity') : t('desk.catalog.uqcQuantityHint')}
        inputMode="decimal"
        disabled={service}
        required={!service}
      />
      {askStock ? <TextField {...bind('stock')} label="Opening stock" inputMode="numeric" /> : null}
      <TextField {...bind('low_stock_threshold')} label="Low-stock alert at" inputMode="numeric" hint="Listed under Low stock at or below this" />
      <TextField {...bind('position')} label="Order on the page" inputMode="numeric" hint="0 comes first" />
      <div className="sm:col-span-2 lg:col-span-4">
        <CheckboxField id={`${idPrefix}-is_active`} label="On sale" hint="Off hides this variant from the shop, carts and checkout" checked={fields.is_active} onChange={(is_active) => onChange({ ...fields, is_active })} />
      </div>
    </div>
  );
}

/** The shipping weight with its unit chosen beside it; never a bare number read as grams. */
function WeightField({ idPrefix, fields, onChange, error }: { idPrefix: string; fields: VariantFields; onChange: (fields: VariantFields) => void; error?: string }) {
  const id = `${idPrefix}-weight`;
  const warning = weightWarning(fields);
  return (
    <FieldFrame id={id} label="Shipping weight" hint="The packed unit, for delivery: 25.2 kg or 500 g; 0 for a service" error={error}>
      {(aria) => (
        <>
          <div className="flex gap-2">
            <input
              id={id}
              name="weight"
              type="text"
              inputMode="decimal"
              required
              value={fields.weight}
              onChange={(event) => onChange({ ...fields, weight: event.target.value })}
              {...aria}
              className={`${controlClass(error)} min-h-11 min-w-0`}
            />
            <select
              aria-label="Weight unit"
              value={fields.weight_unit}
              onChange={(event) => onChange({ ...fields, weight_unit: event.target.value as WeightUnit })}
              className={`${controlClass()} min-h-11 w-20`}
            >
              <option value="kg">kg</option>
              <option value="g">g</option>
            </select>
          </div>
          {warning ? (
            <p className="mt-1 text-sm font-medium text-amber-900" role="status">
              ⚠ {warning}
            </p>
          ) : null}
        </>
      )}
    </FieldFrame>
  );
}
