import type { Award, BrandsResponse, CartLine, CategoryTreeItem, FeaturedProduct, ProductCard, ProductDetail, ShopProfile, User } from '@/types/api';
import { withTotals } from '@/features/cart/cart-lines';

export const shop: ShopProfile = {
  name: 'Test Agri Inputs',
  legal_name: 'Test Agri Inputs Private Limited',
  tagline: 'Revolutionising agriculture, one crop at a time',
  blurb: 'A test shop.',
  founded_year: 2007,
  licences: [],
  address: { line1: 'Main Road', line2: '', city: 'Kattappana', district: 'Idukki', state: 'Kerala', pincode: '685508', country: 'India' },
  phone: '+91 90000 00001',
  whatsapp: '+91 90000 00002',
  email: 'shop@example.test',
  hours: 'Mon–Sat 9 am – 6 pm',
  gstin: '32AAAAA0000A1Z5',
  home_state: 'Kerala',
  social: { facebook: 'https://facebook.test/shop', whatsapp_chat: 'https://wa.me/919000000002', instagram: 'https://instagram.test/shop' },
  photos: {
    inside: { url: '/media/shop/inside.svg', alt: 'Inside the shop', width: 800, height: 600 },
    outside: { url: '/media/shop/outside.svg', alt: 'Outside the shop', width: 800, height: 600 },
  },
  // No bank details configured (shopWithPayment in testing/orders.ts has them).
  payment: { bank_name: '', account_name: '', account_number: '', ifsc: '', branch: '', upi_id: '' },
  carriers: [{ name: 'Hill Parcels', tracking_url: 'https://parcels.test.example/track/{tracking}' }],
  grievance_officer: { name: 'Leela Varghese', email: 'privacy@shop.test', phone: '+91 90000 00003' },
  privacy_notice_version: '2026-12-v1',
};

export const brands: BrandsResponse = {
  wellRootBrands: [{ id: 1, name: 'House Organics', slug: 'house-organics', image_src: 'brands/house.svg', image_url: '/media/brands/house.svg', image_srcset: null }],
  brands: [
    { id: 2, name: 'Malabar AgroChem', slug: 'malabar-agrochem', image_src: 'brands/malabar.svg', image_url: '/media/brands/malabar.svg', image_srcset: null },
    { id: 3, name: 'No Logo Tools', slug: 'no-logo-tools', image_src: null, image_url: null, image_srcset: null },
  ],
};

export const categoryTree: CategoryTreeItem[] = [
  {
    id: 1,
    name: 'Fertilisers',
    slug: 'fertilisers',
    sub_categories: [
      { id: 2, name: 'Micronutrients', slug: 'micronutrients' },
      { id: 3, name: 'Organic Manures', slug: 'organic-manures' },
    ],
  },
  { id: 4, name: 'Consultation', slug: 'consultation', sub_categories: [] },
];

export function productCard(n: number, overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id: n,
    name: `Product ${n}`,
    slug: `product-${n}`,
    brandSlug: 'malabar-agrochem',
    brand_name: 'Malabar AgroChem',
    image_url: `/media/products/product-${n}.svg`,
    image_width: 600,
    image_height: 600,
    image_srcset: null,
    categories: ['Micronutrients'],
    MRP: null,
    retail_price: 100 + n,
    variant_names: [],
    ...overrides,
  };
}

export function featured(n: number): FeaturedProduct {
  return {
    id: n,
    name: `Featured ${n}`,
    slug: `featured-${n}`,
    first_image: { url: `/media/products/featured-${n}.svg`, alt: `Featured ${n}`, width: 600, height: 600, srcset: null },
    categories: [{ name: 'Fungicides', slug: 'fungicides' }],
    brand: { name: 'Malabar AgroChem', slug: 'malabar-agrochem' },
    variants: [],
    retail_price: 200,
    MRP: 250,
  };
}

export const awards: Award[] = [
  { id: 1, title: 'Best Retailer 2019', description: 'For service to growers.', image_url: '/media/awards/1.svg', image_srcset: null },
  { id: 2, title: 'Safe Spray Centre 2023', description: null, image_url: null, image_srcset: null },
  { id: 3, title: 'Water-Wise Partner 2022', description: 'Drip irrigation.', image_url: '/media/awards/3.svg', image_srcset: null },
];

export const productDetail: ProductDetail = {
  id: 30,
  name: 'Neem Cake Powder',
  slug: 'neem-cake-powder',
  description: 'Cold-pressed neem cake.\n\nApply 1 kg per clump.',
  description_blocks: [
    { kind: 'paragraph', text: 'Cold-pressed neem cake.' },
    { kind: 'paragraph', text: 'Apply 1 kg per clump.' },
  ],
  hsn_code: '31010099',
  gst_rate: 0.05,
  declarations: {
    manufacturer: 'House Organics',
    manufacturer_address: 'Plot 12, Industrial Estate, Kalamassery, Ernakulam, Kerala 683104',
    country_of_origin: 'India',
    best_before: null,
    is_hazardous: false,
    restricted_states: [],
  },
  customer_care: { name: 'Demo Agri Stores', address: 'Kumily, Idukki, Kerala', phone: '+91 98470 12345', email: 'care@example.in' },
  brand: { id: 1, name: 'House Organics', slug: 'house-organics' },
  categories: [{ id: 3, name: 'Organic Manures', slug: 'organic-manures', parent: { id: 1, name: 'Fertilisers', slug: 'fertilisers' } }],
  breadcrumb: [
    { name: 'Home', href: '/' },
    { name: 'Fertilisers', href: '/category/fertilisers' },
    { name: 'Organic Manures', href: '/category/fertilisers/organic-manures' },
    { name: 'Neem Cake Powder', href: '/category/fertilisers/organic-manures/neem-cake-powder' },
  ],
  images: [
    { url: '/media/products/neem-1.svg', alt: 'Neem Cake Powder, 5 kg bag', width: 600, height: 600, srcset: null },
    { url: '/media/products/neem-2.svg', alt: 'Neem Cake Powder, 25 kg bag', width: 600, height: 600, srcset: null },
  ],
  first_image: { url: '/media/products/neem-1.svg', alt: 'Neem Cake Powder, 5 kg bag', width: 600, height: 600, srcset: null },
  variants: [
    { id: 73, variant_name: '5 kg', sku: 'NEEM-5', MRP: 250, retail_price: 210, discount_percent: 16, stock: 40, stock_state: 'in_stock', net_quantity: '5 kg' },
    { id: 74, variant_name: '25 kg', sku: 'NEEM-25', MRP: 1000, retail_price: 1000, discount_percent: null, stock: 3, stock_state: 'low_stock', net_quantity: '25 kg' },
    { id: 75, variant_name: '50 kg', sku: 'NEEM-50', MRP: null, retail_price: 1900, discount_percent: null, stock: 0, stock_state: 'out_of_stock', net_quantity: '50 kg' },
  ],
  retail_price: 210,
  MRP: 250,
  discount_percent: 16,
  stock: 40,
  stock_state: 'in_stock',
  net_quantity: '5 kg',
  default_variant_id: 73,
  regulated_as: 'none',
  registration_number: null,
  sale_licence: null,
  may_sell: true,
};

/** A cart line as GET /api/cart answers it (line_total follows price and quantity). */
export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  const line: CartLine = {
    product_id: 30,
    variant_id: 73,
    variant_name: '5 kg',
    quantity: 1,
    price: 210,
    gst_rate: 0.05,
    line_total: 210,
    weight_grams: 5420,
    available: 40,
    href: '/dealer/house-organics/neem-cake-powder',
    product: {
      id: 30,
      name: 'Neem Cake Powder',
      slug: 'neem-cake-powder',
      first_image_url: '/media/products/neem-1.svg',
      first_image_srcset: null,
      brand: { name: 'House Organics', slug: 'house-organics' },
    },
    ...overrides,
  };
  return { ...line, line_total: (Math.round(line.price * 100) * line.quantity) / 100 };
}

/** The whole answer of a cart route for these lines, totals included. */
export const cartOf = (...lines: CartLine[]) => withTotals(lines);

/** A signed-in shopper whose address is not verified yet. */
export const customer: User = {
  id: 7,
  name: 'Anil Kumar',
  email: 'anil@example.test',
  phone: '+919847012345',
  email_verified_at: null,
  phone_verified_at: null,
  has_password: true,
  order_updates_on_phone: false,
  role: 'customer',
  created_at: '2026-01-15T04:30:00',
  locale: 'en',
};

/** The shop's admin, signed in with the second factor. */
export const admin: User = {
  id: 1,
  name: 'Asha Menon',
  email: 'asha@example.test',
  phone: null,
  email_verified_at: '2026-01-02T04:30:00',
  phone_verified_at: null,
  has_password: true,
  order_updates_on_phone: false,
  role: 'admin',
  locale: null,
  created_at: '2026-01-02T04:30:00',
};
