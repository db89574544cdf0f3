// The JSON the storefront binary answers (docs/api.md). Money is rupees here; convert with toPaise.

export interface ImageData {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface BrandSummary {
  id: number;
  name: string;
  slug: string;
  image_src: string | null;
  image_url: string | null;
}

export interface Brand extends BrandSummary {
  description: string | null;
  is_house_brand: boolean;
}

export interface BrandsResponse {
  brands: BrandSummary[];
  wellRootBrands: BrandSummary[];
}

export interface CategoryRef {
  id: number;
  name: string;
  slug: string;
}

export interface CategoryTreeItem extends CategoryRef {
  sub_categories: CategoryRef[];
}

export interface Category extends CategoryRef {
  description: string | null;
  parent: CategoryRef | null;
  sub_categories: CategoryRef[];
}

export interface ProductCard {
  id: number;
  name: string;
  slug: string;
  brandSlug: string;
  brand_name: string;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  categories: string[];
  MRP: number | null;
  retail_price: number;
  variant_names: string[];
}

export interface FeaturedProduct {
  id: number;
  name: string;
  slug: string;
  first_image: ImageData | null;
  categories: { name: string; slug: string }[];
  brand: { name: string; slug: string };
  variants: { id: number; variant_name: string; MRP: number | null; retail_price: number }[];
  retail_price: number;
  MRP: number | null;
}

export type StockState = 'in_stock' | 'low_stock' | 'out_of_stock';

export interface Variant {
  id: number;
  variant_name: string;
  sku: string;
  MRP: number | null;
  retail_price: number;
  discount_percent: number | null;
  stock: number;
  stock_state: StockState;
}

export interface ProductDetail {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  hsn_code: string | null;
  gst_rate: number;
  brand: CategoryRef;
  categories: (CategoryRef & { parent: CategoryRef | null })[];
  breadcrumb: { name: string; href: string }[];
  images: ImageData[];
  first_image: ImageData | null;
  variants: Variant[];
  retail_price: number;
  MRP: number | null;
  discount_percent: number | null;
  stock: number;
  stock_state: StockState;
  default_variant_id: number;
}

export interface Award {
  id: number;
  title: string;
  description: string | null;
  image_url: string | null;
}

export interface ShopProfile {
  name: string;
  legal_name: string;
  tagline: string;
  blurb: string;
  founded_year: number;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    district: string;
    state: string;
    pincode: string;
    country: string;
  };
  phone: string;
  whatsapp: string;
  email: string;
  hours: string;
  gstin: string;
  home_state: string;
  social: { facebook: string | null; whatsapp_chat: string | null; instagram: string | null };
  photos: { inside: ImageData; outside: ImageData };
  shipping: { free_above: number; flat_fee: number };
  payment: Record<string, string | null>;
}

export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  per_page: number;
  has_more: boolean;
}

export interface CartLine {
  product_id: number;
  variant_id: number;
  variant_name: string | null;
  quantity: number;
  /** Unit price in rupees, GST inclusive. */
  price: number;
  /** A fraction: 0.18 for 18 %. */
  gst_rate: number;
  /** price × quantity, in rupees. */
  line_total: number;
  /** Units in stock now. */
  available: number;
  /** The product's page. */
  href: string;
  product: {
    id: number;
    name: string;
    slug: string;
    first_image_url: string | null;
    brand: { name: string; slug: string };
  };
}

/** The cart's totals in rupees: count is units; subtotal + tax == total. */
export interface CartSummary {
  count: number;
  subtotal: number;
  tax: number;
  total: number;
}

/** What every cart route answers. */
export interface Cart {
  products: CartLine[];
  cart: CartSummary;
}

/** The signed-in user; the fields are settled by the accounts issue. */
export interface User {
  id: number;
  name: string;
  /** Lower-case. */
  email: string;
  /** E.164 (`+919847012345`). */
  phone: string;
  /** UTC ISO 8601 without an offset; null until the address is verified (and again after a change). */
  email_verified_at: string | null;
  role: string;
  created_at: string;
}

/** The body of POST /api/cart/add; `variant_id` may be left out for a product with one variant. */
export interface AddToCartInput {
  product_id: number;
  quantity: number;
  variant_id?: number;
}

/**
 * Adds to the cart and opens the cart panel. A failure has been reported to the shopper (a toast)
 * and logged when the promise rejects; callers only restore their own state.
 */
export type AddToCart = (input: AddToCartInput) => Promise<void>;
