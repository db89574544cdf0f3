import { Panel } from '@/components/admin/AdminPage';
import { CheckboxField } from '@/components/form/CheckboxField';
import { FieldError } from '@/components/form/FieldError';
import { SelectField } from '@/components/form/SelectField';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import '@/lib/desk-messages';
import { useT } from '@/lib/i18n';
import { formatPercent } from '@/lib/money';
import { categoryTree } from '@/features/admin-catalog/components/CategoryOptions';
import { WordsField, type WordsLanguage } from '@/features/admin-catalog/components/WordsField';
import { withRate, type ProductFields, type Problems, type Regulation } from '@/features/admin-catalog/product-form';
import { SUPPLY_KINDS, type SupplyKindName } from '@/features/admin-catalog/uqc';
import { localField, WORD_LOCALES, wordsError } from '@/features/admin-catalog/words';
import type { StaffBrand, StaffCategory } from '@/types/desk';
import type { StateOption } from '@/types/orders';

interface ProductFieldsFormProps {
  fields: ProductFields;
  onChange: (fields: ProductFields) => void;
  problems: Problems;
  brands: StaffBrand[];
  categories: StaffCategory[];
  gstRates: number[];
  states: StateOption[];
}

function toggle<T>(list: T[], item: T, on: boolean): T[] {
  return on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);
}

/** A product's own fields and the declarations the e-commerce and Legal Metrology rules ask for. */
export function ProductFieldsForm({ fields, onChange, problems, brands, categories, gstRates, states }: ProductFieldsFormProps) {
  const t = useT();
  const bind = (name: keyof ProductFields, errorName: string = name) => ({
    id: `product-${name}`,
    name,
    value: String(fields[name]),
    onChange: (event: { target: { value: string } }) => onChange({ ...fields, [name]: event.target.value }),
    error: problems[errorName],
  });
  type Word = 'name' | 'description' | 'search_terms' | 'country_of_origin' | 'best_before';
  /** A field in English, Malayalam and Tamil; its English problem is named `errorName`. */
  const words = (name: Word, errorName: string = name) => ({
    id: `product-${name}`,
    values: {
      en: fields[name],
      ml: fields[localField(name, 'ml') as `${Word}_ml`],
      ta: fields[localField(name, 'ta') as `${Word}_ta`],
    },
    errors: Object.fromEntries([['en', problems[errorName]], ...WORD_LOCALES.map(({ code }) => [code, problems[wordsError(name, code)]])]),
    onChange: (language: WordsLanguage, value: string) => onChange({ ...fields, [language === 'en' ? name : localField(name, language)]: value }),
  });
  return (
    <div className="space-y-5">
      <Panel title="Product">
        <p className="mb-4 text-sm text-stone-600">Malayalam and Tamil sit beside the English. Where one is left empty, the shop shows the English there.</p>
        <div className="grid gap-4 lg:grid-cols-2">
          <WordsField {...words('name')} label="Name" required className="lg:col-span-2" hint="The address (slug) follows the name; an old address keeps working." />
          <WordsField
            {...words('description')}
            label="Description"
            rows={6}
            optional
            className="lg:col-span-2"
            hint="Leave a blank line between paragraphs. Start a line with “- ” for a list."
          />
          <WordsField
            {...words('search_terms')}
            label="Search words"
            rows={2}
            optional
            className="lg:col-span-2"
            hint="Other words shoppers find it by, separated by commas: local names and how farmers spell them (elam, elakkai)."
          />
          <SelectField {...bind('brand_id')} label="Brand" required>
            <option value="">Choose a brand</option>
            {brands.map((brand) => (
              <option key={brand.id} value={brand.id}>
                {brand.name}
              </option>
            ))}
          </SelectField>
          <div className="grid grid-cols-2 gap-4">
            <TextField {...bind('hsn_code')} label="HSN code" inputMode="numeric" required />
            <SelectField {...bind('gst_rate')} onChange={(event) => onChange(withRate(fields, event.target.value))} label="GST rate" required>
              <option value="">Choose</option>
              {gstRates.map((rate) => (
                <option key={rate} value={String(rate)}>
                  {formatPercent(rate * 100)}%
                </option>
              ))}
            </SelectField>
            <SelectField
              {...bind('supply_kind')}
              onChange={(event) => onChange({ ...fields, supply_kind: event.target.value as SupplyKindName })}
              label={t('desk.catalog.supplyKind')}
              hint={t(`desk.catalog.supplyKindHint.${fields.supply_kind}`)}
              className="col-span-2"
              required
            >
              {SUPPLY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`desk.catalog.supplyKind.${kind}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <fieldset className="lg:col-span-2" aria-describedby={problems.category_ids ? 'product-categories-error' : undefined}>
            <legend className="font-medium text-stone-900">Categories</legend>
            <div className="mt-2 grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
              {categoryTree(categories).map(({ top, children }) => (
                <div key={top.id} className="py-1">
                  {[top, ...children].map((category) => (
                    <label key={category.id} className={`flex min-h-11 items-center gap-3 ${category.parent_id === null ? 'font-medium' : 'pl-6'}`}>
                      <input
                        type="checkbox"
                        className="size-5 accent-green-800"
                        checked={fields.category_ids.includes(category.id)}
                        onChange={(event) => onChange({ ...fields, category_ids: toggle(fields.category_ids, category.id, event.target.checked) })}
                      />
                      {category.name}
                    </label>
                  ))}
                </div>
              ))}
            </div>
            <FieldError id="product-categories-error">{problems.category_ids}</FieldError>
          </fieldset>
          <CheckboxField id="product-is_active" label="Active" hint="Shown in the shop, its search and lists" checked={fields.is_active} onChange={(is_active) => onChange({ ...fields, is_active })} />
          <div>
            <CheckboxField id="product-is_featured" label="Featured" hint="On the home page" checked={fields.is_featured} onChange={(is_featured) => onChange({ ...fields, is_featured })} />
            {fields.is_featured ? <TextField {...bind('featured_position')} label="Featured order" inputMode="numeric" hint="0 comes first" /> : null}
          </div>
        </div>
      </Panel>

      <Panel title="Batches and licence">
        <div className="grid gap-4 lg:grid-cols-2">
          <SelectField
            {...bind('regulated_as')}
            onChange={(event) => onChange({ ...fields, regulated_as: event.target.value as Regulation })}
            label="Regulated as"
            hint="The dealer licence its sale needs; an expired licence stops its sale"
          >
            <option value="none">Not regulated (tools, services)</option>
            <option value="insecticide">Insecticide (also fungicides, herbicides, bio-pesticides, growth regulators)</option>
            <option value="fertiliser">Fertiliser (FCO 1985, bio-fertilisers and bio-stimulants too)</option>
            <option value="seed">Seed</option>
          </SelectField>
          {fields.regulated_as === 'insecticide' ? (
            <TextField {...bind('registration_number')} label="CIB&RC registration number" required hint="As on the label; printed on its invoices" maxLength={100} />
          ) : null}
          <div className="lg:col-span-2">
            <CheckboxField
              id="product-batch_tracked"
              label="Kept by batch"
              hint="Stock is received in batches with manufacture and expiry dates; switching on makes today's stock an undated OPENING batch"
              checked={fields.batch_tracked}
              onChange={(batch_tracked) => onChange({ ...fields, batch_tracked })}
            />
          </div>
        </div>
      </Panel>

      <Panel title="Declarations shown on the product page">
        <div className="grid gap-4 lg:grid-cols-2">
          <TextField {...bind('manufacturer', 'declarations.manufacturer')} label="Manufacturer or packer" required />
          <TextAreaField {...bind('manufacturer_address', 'declarations.manufacturer_address')} label="Manufacturer's or packer's address" rows={2} required />
          <WordsField {...words('country_of_origin', 'declarations.country_of_origin')} label="Country of origin" required className="lg:col-span-2" />
          <WordsField
            {...words('best_before', 'declarations.best_before')}
            label="Best before or expiry"
            optional
            hint="Where it applies: “24 months from manufacture”"
            className="lg:col-span-2"
          />
          <div className="lg:col-span-2">
            <CheckboxField
              id="product-is_hazardous"
              label="Hazardous or restricted"
              hint="Some pesticides may not be shipped to some states; checkout refuses those states"
              checked={fields.is_hazardous}
              onChange={(is_hazardous) => onChange({ ...fields, is_hazardous })}
            />
            {fields.is_hazardous ? (
              <fieldset className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
                <legend className="px-1 font-medium text-stone-900">Not shipped to</legend>
                <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
                  {states.map((state) => (
                    <label key={state.code} className="flex min-h-11 items-center gap-3">
                      <input
                        type="checkbox"
                        className="size-5 accent-green-800"
                        checked={fields.restricted_states.includes(state.name)}
                        onChange={(event) => onChange({ ...fields, restricted_states: toggle(fields.restricted_states, state.name, event.target.checked) })}
                      />
                      {state.name}
                    </label>
                  ))}
                </div>
                <FieldError id="product-restricted-states-error">{problems['declarations.restricted_states']}</FieldError>
              </fieldset>
            ) : null}
          </div>
        </div>
      </Panel>
    </div>
  );
}
