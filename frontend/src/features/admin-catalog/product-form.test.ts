import { describe, expect, it } from 'vitest';
import { emptyProduct, emptyVariant, productBody, variantBody } from '@/features/admin-catalog/product-form';

describe('the variant form', () => {
  it('reads rupees as typed, commas and all, to the paisa', () => {
    const { body, problems } = variantBody({ ...emptyVariant(), sku: 'CG-250', MRP: '1,450', retail_price: '1,399.50', weight_grams: '300' });
    expect(problems).toEqual({});
    expect(body).toMatchObject({ MRP: 1450, retail_price: 1399.5, weight_grams: 300 });
    expect(body).not.toHaveProperty('stock');
  });

  it('refuses a price above the MRP beside the price, under its own name among variants', () => {
    const { problems } = variantBody({ ...emptyVariant(), sku: 'A', MRP: '450', retail_price: '499', weight_grams: '300' }, 'variants.1.');
    expect(problems).toEqual({ 'variants.1.retail_price': 'The price may not be more than the MRP.' });
  });

  it('says what is wrong with a number that is not one', () => {
    const { problems } = variantBody({ ...emptyVariant(), retail_price: '12.345', weight_grams: 'heavy', low_stock_threshold: '-1' }, '', true);
    expect(problems).toEqual({
      retail_price: 'Enter rupees, with at most two decimals (for example 1250.50).',
      weight_grams: 'Enter a whole number, 1 or more.',
      low_stock_threshold: 'Enter a whole number, 0 or more.',
    });
  });

  it('sends the opening stock only for a new variant', () => {
    expect(variantBody({ ...emptyVariant(), retail_price: '10', stock: '12' }, '', true).body.stock).toBe(12);
  });
});

describe('the product form', () => {
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
