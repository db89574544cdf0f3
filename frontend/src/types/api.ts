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
  variant_id?: number | null;
  variant_name?: string | null;
  quantity: number;
  price: number;
  gst_rate: number;
  href: string;
  product: {
    id: number;
    name: string;
    first_image_url: string | null;
    brand: { name: string };
  };
}

export interface Cart {
  products: CartLine[];
}

/** The signed-in user; the fields are settled by the accounts issue. */
export interface User {
  id: number | string;
  name?: string;
  email?: string;
}

/** The body of POST /api/cart/add. */
export interface AddToCartInput {
  product_id: number;
  quantity: number;
  variant_id: number;
}

export type AddToCart = (input: AddToCartInput) => Promise<void>;
