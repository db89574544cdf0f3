import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsavedChangesProvider } from '@/components/admin/unsaved-changes';
import ProductEditScreen from '@/features/admin-catalog/screens/ProductEditScreen';
import { json, mockApi, withSession } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';

const choices = {
  'GET /api/admin/catalog/brands': () => ({ data: [{ id: 4, name: 'WellRoot Crop Care', slug: 'wellroot-crop-care', description: '', is_house_brand: true, sort_order: 0 }] }),
  'GET /api/admin/catalog/categories': () => ({
    data: [
      { id: 1, parent_id: null, name: 'Crop Protection', slug: 'crop-protection', description: '', sort_order: 0 },
      { id: 2, parent_id: 1, name: 'Insecticides', slug: 'insecticides', description: '', sort_order: 0 },
    ],
  }),
  'GET /api/admin/catalog/gst-rates': () => ({ data: [0, 0.05, 0.18, 0.4] }),
  'GET /api/states': () => [{ name: 'Kerala', code: '32' }],
  'GET /api/admin/catalog/crops': () => ({ data: [] }),
  'GET /api/admin/catalog/problems': () => ({ data: [] }),
  'GET /api/admin/catalog/products/7/crops': () => ({ product_id: 7, crops: [], problem_ids: [] }),
};

const screenAt = (route: string) =>
  renderWithApp(
    <UnsavedChangesProvider>
      <ProductEditScreen />
    </UnsavedChangesProvider>,
    { route, path: route === '/admin/products/new' ? route : '/admin/products/:id' },
  );

afterEach(() => vi.unstubAllGlobals());

async function fillNewProduct() {
  await userEvent.type(await screen.findByLabelText('Name'), 'Cardamom Guard');
  await userEvent.selectOptions(screen.getByLabelText('Brand'), 'WellRoot Crop Care');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Insecticides' }));
  await userEvent.type(screen.getByLabelText('HSN code'), '38089199');
  await userEvent.selectOptions(screen.getByLabelText('GST rate'), '18%');
  await userEvent.type(screen.getByLabelText('Manufacturer or packer'), 'Malabar Agro');
  await userEvent.type(screen.getByLabelText("Manufacturer's or packer's address"), 'Kalamassery, Kerala');
  const variant = within(screen.getByRole('heading', { name: 'Variant 1' }).closest('li')!);
  await userEvent.type(variant.getByLabelText('SKU'), 'CG-250');
  await userEvent.type(variant.getByLabelText(/^MRP/), '450');
  await userEvent.type(variant.getByLabelText('Price (₹, tax included)'), '499');
  await userEvent.type(variant.getByLabelText('Shipping weight'), '300');
  await userEvent.selectOptions(variant.getByLabelText('Weight unit'), 'g');
  return variant;
}

// The form has each translated field three times over and the tests type into it key by key:
// on a busy machine that takes longer than vitest's default 5 s.
const SLOW = { timeout: 20_000 };

describe('a new product', SLOW, () => {
  it('shows the catalogue’s refusal of a price above its MRP beside the price', async () => {
    withSession();
    mockApi({
      ...choices,
      'POST /api/admin/catalog/products': () =>
        json({ message: 'Check the form.', errors: { 'variants.0.retail_price': ['The price may not be more than the MRP.'] } }, { status: 422 }),
    });
    screenAt('/admin/products/new');
    const variant = await fillNewProduct();
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(variant.getByLabelText('Price (₹, tax included)')).toHaveAccessibleDescription(/The price may not be more than the MRP\./));
  });

  it('is created with its variants, and a taken SKU is shown beside its field', async () => {
    withSession();
    const api = mockApi({
      ...choices,
      'POST /api/admin/catalog/products': () => json({ message: 'Check the form.', errors: { 'variants.0.sku': ['Another variant already has this SKU.'] } }, { status: 422 }),
    });
    screenAt('/admin/products/new');
    const variant = await fillNewProduct();
    await userEvent.clear(variant.getByLabelText('Price (₹, tax included)'));
    await userEvent.type(variant.getByLabelText('Price (₹, tax included)'), '399');
    await userEvent.selectOptions(variant.getByLabelText('Unit (UQC)'), 'LTR – litres');
    await userEvent.clear(variant.getByLabelText('Quantity per pack'));
    await userEvent.type(variant.getByLabelText('Quantity per pack'), '0.25');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(variant.getByLabelText('SKU')).toHaveAccessibleDescription('Another variant already has this SKU.'));
    const [sent] = api.callsTo('/api/admin/catalog/products');
    expect(sent?.body).toMatchObject({
      name: 'Cardamom Guard',
      brand_id: 4,
      category_ids: [2],
      gst_rate: 0.18,
      supply_kind: 'taxable',
      declarations: { manufacturer: 'Malabar Agro', country_of_origin: 'India' },
      variants: [{ sku: 'CG-250', MRP: '450', retail_price: '399', weight: '300 g', stock: 0, uqc: 'LTR', uqc_quantity: '0.25' }],
    });
  });
});

const words = (name: string | null) => ({ name, description: null, search_terms: [], country_of_origin: null, best_before: null });
const saved = {
  id: 7,
  name: 'Cardamom Guard',
  slug: 'cardamom-guard',
  brand_id: 4,
  category_ids: [2],
  description: '',
  hsn_code: '38089199',
  gst_rate: 0.18,
  supply_kind: 'taxable',
  is_active: true,
  is_featured: false,
  featured_position: 0,
  declarations: { manufacturer: 'Malabar Agro', manufacturer_address: 'Kalamassery', country_of_origin: 'India', best_before: null, is_hazardous: false, restricted_states: [] },
  search_terms: ['elam'],
  translations: { ml: words('ഏലക്കാവൽ'), ta: words(null) },
  old_slugs: [],
  variants: [],
  updated_at: '2026-12-08T10:00:00Z',
  version: 3,
  warnings: [] as string[],
};

describe('a product’s GST classification', SLOW, () => {
  it('shows the rate list’s warning, and a 0 % rate makes it exempt', async () => {
    withSession();
    const warning = 'The shop’s rate list gives HSN 38089199 18% (9/2025-CT(R) Sch II S.No. 95*), not 5%.';
    const api = mockApi({
      ...choices,
      'GET /api/admin/catalog/products/7': () => ({ ...saved, gst_rate: 0.05, warnings: [warning] }),
      'GET /api/admin/catalog/products/7/photos': () => ({ data: [] }),
      'PUT /api/admin/catalog/products/7': () => ({ ...saved, gst_rate: 0, supply_kind: 'exempt', version: 4 }),
    });
    screenAt('/admin/products/7');
    const shown = await screen.findByRole('status', { name: /Check before selling/ });
    expect(shown).toHaveTextContent(warning);
    expect(screen.getByLabelText('Supply kind')).toHaveValue('taxable');
    await userEvent.selectOptions(screen.getByLabelText('GST rate'), '0%');
    expect(screen.getByLabelText('Supply kind')).toHaveValue('exempt');
    expect(screen.getByLabelText('Supply kind')).toHaveAccessibleDescription(/Exempt by notification/);
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(api.callsTo('/api/admin/catalog/products/7').some((call) => call.method === 'PUT')).toBe(true));
    const put = api.callsTo('/api/admin/catalog/products/7').find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ gst_rate: 0, supply_kind: 'exempt', version: 3 });
  });
});

describe('a product’s Malayalam and Tamil', SLOW, () => {
  it('sit beside the English, and a refused one is shown beside its own box', async () => {
    withSession();
    const api = mockApi({
      ...choices,
      'GET /api/admin/catalog/products/7': () => saved,
      'GET /api/admin/catalog/products/7/photos': () => ({ data: [] }),
      'PUT /api/admin/catalog/products/7': () => json({ message: 'Check the form.', errors: { 'translations.ta.name': ['At most 200 characters.'] } }, { status: 422 }),
    });
    screenAt('/admin/products/7');
    expect(await screen.findByLabelText('Name in Malayalam')).toHaveValue('ഏലക്കാവൽ');
    expect(screen.getByLabelText('Name in Malayalam')).toHaveAttribute('lang', 'ml');
    expect(screen.getByLabelText(/^Search words\s*\(optional\)$/)).toHaveValue('elam');
    await userEvent.type(screen.getByLabelText('Name in Tamil'), 'ஏலக் காவல்');
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(screen.getByLabelText('Name in Tamil')).toHaveAccessibleDescription('At most 200 characters.'));
    expect(screen.queryByRole('alert', { name: /At most/ })).toBeNull();
    const sent = api.callsTo('/api/admin/catalog/products/7').find((call) => call.method === 'PUT');
    expect(sent?.body).toMatchObject({ search_terms: ['elam'], translations: { ml: { name: 'ഏലക്കാവൽ' }, ta: { name: 'ஏலக் காவல்' } } });
  });
});

describe('a product saved by someone else since it was opened', SLOW, () => {
  it('is not overwritten: the form says what changed and offers a reload', async () => {
    withSession();
    let version = 3;
    const api = mockApi({
      ...choices,
      'GET /api/admin/catalog/products/7': () => ({ ...saved, version, hsn_code: version === 4 ? '380891' : saved.hsn_code }),
      'GET /api/admin/catalog/products/7/photos': () => ({ data: [] }),
      'PUT /api/admin/catalog/products/7': () =>
        json(
          { message: 'Someone else saved this product since you opened it: reload it to see their changes, then make yours again.', changed: ['hsn_code'], version: 4 },
          { status: 409 },
        ),
    });
    screenAt('/admin/products/7');
    await userEvent.type(await screen.findByLabelText('Name in Tamil'), 'ஏலக் காவல்');
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else saved this product');
    expect(alert).toHaveTextContent('Changed since you opened it: hsn code.');
    const sent = api.callsTo('/api/admin/catalog/products/7').find((call) => call.method === 'PUT');
    expect(sent?.body).toMatchObject({ version: 3 });
    version = 4;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload the product' }));
    await waitFor(() => expect(screen.getByLabelText('HSN code')).toHaveValue('380891'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
