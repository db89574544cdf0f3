import { describe, expect, it } from 'vitest';
import { emptyProduct, emptyVariant, productBody, variantBody, weightWarning, withRate, withUqc } from '@/features/admin-catalog/product-form';

describe('the variant form', () => {
  it('sends prices as typed and the weight with its unit, for the catalogue’s one rule to read', () => {
    const { body, problems } = variantBody({ ...emptyVariant(), sku: 'CG-250', MRP: ' ₹1,450 ', retail_price: '1,399.50', weight: '25.2', weight_unit: 'kg' });
    expect(problems).toEqual({});
    expect(body).toMatchObject({ MRP: '₹1,450', retail_price: '1,399.50', weight: '25.2 kg' });
    expect(body).not.toHaveProperty('stock');
    expect(body).not.toHaveProperty('weight_grams');
  });

  it('asks for the weight rather than sending none (which would be a service’s 0)', () => {
    const { problems } = variantBody({ ...emptyVariant(), retail_price: '10', low_stock_threshold: '-1' }, 'variants.1.', true);
    expect(problems).toEqual({
      'variants.1.weight': 'Enter the shipping weight (0 for a service).',
      'variants.1.low_stock_threshold': 'Enter a whole number, 0 or more.',
    });
  });

  it('flags a kilogram pack weighing grams, and shows a stored weight in the unit people use', () => {
    expect(weightWarning({ ...emptyVariant(), variant_name: '25 kg', weight: '25', weight_unit: 'g' })).toBe('25 g looks light for a pack sold by the kilogram: was 25 meant as 25 kg?');
    expect(weightWarning({ ...emptyVariant(), variant_name: '25 kg', weight: '25', weight_unit: 'kg' })).toBeNull();
    expect(weightWarning({ ...emptyVariant(), variant_name: '500 g', weight: '50', weight_unit: 'g' })).toBeNull();
  });

  it('sends the pack’s unit as typed, and no quantity for a service', () => {
    const half = variantBody({ ...withUqc(emptyVariant(), 'LTR'), uqc_quantity: ' 0.5 ', retail_price: '10', weight: '1' }).body;
    expect(half).toMatchObject({ uqc: 'LTR', uqc_quantity: '0.5' });
    const service = withUqc({ ...emptyVariant(), uqc_quantity: '3' }, 'NA');
    expect(service.uqc_quantity).toBe('');
    expect(variantBody({ ...service, retail_price: '10', weight: '0' }).body).toMatchObject({ uqc: 'NA', uqc_quantity: null });
    expect(withUqc(service, 'KGS').uqc_quantity).toBe('1');
  });

  it('sends the opening stock only for a new variant', () => {
    expect(variantBody({ ...emptyVariant(), retail_price: '10', weight: '1', stock: '12' }, '', true).body.stock).toBe(12);
  });
});

describe('the product form', () => {
  it('keeps the supply kind in step with the rate', () => {
    const taxable = withRate(emptyProduct(), '0.18');
    expect(taxable.supply_kind).toBe('taxable');
    expect(withRate(taxable, '0').supply_kind).toBe('exempt');
    expect(withRate({ ...taxable, gst_rate: '0', supply_kind: 'nil_rated' }, '0').supply_kind).toBe('nil_rated');
    expect(withRate({ ...taxable, supply_kind: 'non_gst' }, '0.05').supply_kind).toBe('taxable');
    expect(productBody({ ...taxable, brand_id: '3' }).body).toMatchObject({ gst_rate: 0.18, supply_kind: 'taxable' });
  });

  it('sends restricted states only for a hazardous product', () => {
    const fields = { ...emptyProduct(), restricted_states: ['Kerala'], brand_id: '3', gst_rate: '0.18' };
    expect(productBody(fields).body.declarations?.restricted_states).toEqual([]);
    const hazardous = productBody({ ...fields, is_hazardous: true }).body;
    expect(hazardous.declarations?.restricted_states).toEqual(['Kerala']);
    expect(hazardous).toMatchObject({ brand_id: 3, gst_rate: 0.18 });
  });
});

describe('a product’s Malayalam and Tamil', () => {
  it('sends a blank translation as null, so the shop shows the English there, and search words as a list', () => {
    const fields = { ...emptyProduct(), name: 'Cardamom Guard', name_ml: ' ഏലക്കാവൽ ', name_ta: '  ', search_terms: 'elam, elakkai\nകാവൽ', search_terms_ta: 'ஏலம்,' };
    const { body } = productBody(fields);
    expect(body.search_terms).toEqual(['elam', 'elakkai', 'കാവൽ']);
    expect(body.translations?.ml).toEqual({ name: 'ഏലക്കാവൽ', description: null, search_terms: [], country_of_origin: null, best_before: null });
    expect(body.translations?.ta).toMatchObject({ name: null, search_terms: ['ஏலம்'] });
  });

  it('sends a pack size’s names in each language', () => {
    const { body } = variantBody({ ...emptyVariant(), variant_name: '1 kg', variant_name_ml: '1 കി.ഗ്രാം', retail_price: '10' });
    expect(body.translations).toEqual({ ml: { variant_name: '1 കി.ഗ്രാം' }, ta: { variant_name: null } });
  });
});
