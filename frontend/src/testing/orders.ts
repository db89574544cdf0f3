// Fixtures for checkout and orders tests.
import type { CartLine, ShopProfile } from '@/types/api';
import type { Order, OrderSummary, SavedAddress, StateOption } from '@/types/orders';
import { shop } from '@/testing/fixtures';

export const states: StateOption[] = [
  { name: 'Karnataka', code: '29' },
  { name: 'Kerala', code: '32' },
  { name: 'Tamil Nadu', code: '33' },
];

/** The shop with its bank details filled in. */
export const shopWithPayment: ShopProfile = {
  ...shop,
  payment: {
    bank_name: 'State Bank of India',
    account_name: 'Test Agri Inputs Pvt Ltd',
    account_number: '12345678901',
    ifsc: 'SBIN0001234',
    branch: 'Kattappana',
    upi_id: 'testagri@sbi',
  },
};

export function cartLine(id: number, price: number, quantity: number, gstRate: number, name = `Product ${id}`): CartLine {
  return {
    product_id: id,
    variant_id: id * 10,
    variant_name: null,
    quantity,
    weight_grams: 1000,
    price,
    gst_rate: gstRate,
    line_total: price * quantity,
    available: 50,
    href: `/dealer/malabar-agrochem/product-${id}`,
    product: { id, name, slug: `product-${id}`, first_image_url: null, first_image_srcset: null, brand: { name: 'Malabar AgroChem', slug: 'malabar-agrochem' } },
  };
}

export const savedAddress: SavedAddress = {
  id: 7,
  label: 'Estate',
  name: 'Anil Kumar',
  phone: '+919847012345',
  line1: 'Green Valley Estate, Puliyanmala',
  line2: null,
  city: 'Kattappana',
  district: 'Idukki',
  state: 'Kerala',
  pincode: '685515',
  is_default: true,
  updated_at: '2026-11-01T10:00:00',
};

const address = {
  name: 'Anil Kumar',
  phone: '+919847012345',
  line1: 'Green Valley Estate, Puliyanmala',
  line2: null,
  city: 'Kattappana',
  district: 'Idukki',
  state: 'Kerala',
  pincode: '685515',
};

const firstInvoice = { kind: 'tax_invoice', number: 'WR/26-27/000042', date: '2026-11-22', eway_bill_number: null } as const;

/** A cash-on-delivery order in Kerala: ₹1,180 at 18 % and ₹105.21 at 5 %, plus ₹99 shipping. */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    uuid: '3f1c9a52-6d2e-4b8a-9c1e-0a7b5d4e2f10',
    number: 'ORD-2026-000042',
    status: 'placed',
    status_history: [{ status: 'placed', at: '2026-11-22T09:30:12' }],
    payment_method: 'cod',
    payment_state: 'unpaid',
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    placed_at: '2026-11-22T09:30:12',
    contact: { name: 'Anil Kumar', email: 'anil@example.test', phone: '+919847012345' },
    shipping_address: address,
    billing_address: address,
    gstin: null,
    business_name: null,
    notes: null,
    place_of_supply: 'intra_state',
    place_of_supply_state: { name: 'Kerala', code: '32' },
    lines: [
      {
        product_id: 1,
        variant_id: 10,
        product_name: 'Cardamom Booster',
        shown_name: 'Cardamom Booster',
        regulated_as: 'fertiliser',
        registration_number: null,
        batches: [
          {
            number: 'CB-2611',
            manufactured_on: '2026-08-01',
            expires_on: null,
            tested_on: null,
            quantity: 1,
            returned: 0,
          },
        ],
        variant_name: '1 L',
        sku: 'CB-1L',
        hsn_code: '31059090',
        href: '/dealer/malabar-agrochem/cardamom-booster',
        unit_price: 1180,
        gst_rate: 0.18,
        position: 0,
        supply_kind: 'taxable',
        uqc: 'LTR',
        uqc_quantity: '1',
        quantity: 1,
        returned: 0,
        taxable_value: 1000,
        cgst: 90,
        sgst: 90,
        igst: 0,
        total: 1180,
        // ₹99 of delivery spread by value: 9900 × 1180 / 1285.21, taxed at 18 %.
        shipping: { total: 90.9, taxable: 77.03, cgst: 6.94, sgst: 6.93, igst: 0 },
      },
      {
        product_id: 2,
        variant_id: 20,
        product_name: 'Neem Cake Powder',
        shown_name: 'Neem Cake Powder',
        regulated_as: 'none',
        registration_number: null,
        batches: [],
        variant_name: null,
        sku: 'NEEM-5',
        hsn_code: '31010099',
        href: '/dealer/house-organics/neem-cake-powder',
        unit_price: 105.21,
        gst_rate: 0.05,
        position: 1,
        supply_kind: 'taxable',
        uqc: 'KGS',
        uqc_quantity: '5',
        quantity: 1,
        returned: 0,
        taxable_value: 100.2,
        cgst: 2.51,
        sgst: 2.5,
        igst: 0,
        total: 105.21,
        shipping: { total: 8.1, taxable: 7.71, cgst: 0.2, sgst: 0.19, igst: 0 },
      },
    ],
    totals: {
      item_count: 2,
      subtotal: 1100.2,
      tax: 185.01,
      cgst: 92.51,
      sgst: 92.5,
      igst: 0,
      shipping: 99,
      shipping_taxable: 84.74,
      shipping_tax: 14.26,
      shipping_cgst: 7.14,
      shipping_sgst: 7.12,
      shipping_igst: 0,
      total: 1384.21,
    },
    total_in_words: 'Rupees One Thousand Three Hundred Eighty-Four and Paise Twenty-One Only',
    seller: {
      name: shop.name,
      legal_name: shop.legal_name,
      address: shop.address,
      gstin: shop.gstin,
      state: 'Kerala',
      phone: shop.phone,
      email: shop.email,
    },
    invoice: firstInvoice,
    documents: [firstInvoice],
    credit_notes: [],
    returns: [],
    ...overrides,
  };
}

/** The same order shipped to Tamil Nadu: all of its GST is IGST. */
export function interStateOrder(): Order {
  const base = order();
  const tn = { ...base.shipping_address, city: 'Coimbatore', district: 'Coimbatore', state: 'Tamil Nadu', pincode: '641001' };
  return {
    ...base,
    place_of_supply: 'inter_state',
    place_of_supply_state: { name: 'Tamil Nadu', code: '33' },
    shipping_address: tn,
    billing_address: tn,
    gstin: '33ABCDE1234F1Z5',
    business_name: 'Kongu Estates',
    lines: base.lines.map((line) => ({
      ...line,
      cgst: 0,
      sgst: 0,
      igst: Math.round((line.cgst + line.sgst) * 100) / 100,
      shipping: { ...line.shipping, cgst: 0, sgst: 0, igst: Math.round((line.shipping.cgst + line.shipping.sgst) * 100) / 100 },
    })),
    totals: { ...base.totals, cgst: 0, sgst: 0, igst: 185.01, shipping_cgst: 0, shipping_sgst: 0, shipping_igst: 14.26 },
  };
}

export const orderSummary = (n: number): OrderSummary => ({
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  number: `ORD-2026-${String(n).padStart(6, '0')}`,
  status: n % 2 === 0 ? 'delivered' : 'placed',
  item_count: n,
  total: 100 * n,
  placed_at: '2026-11-20T05:00:00',
});
