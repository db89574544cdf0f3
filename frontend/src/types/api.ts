// The JSON the storefront binary answers and the bodies it takes, under the names the app uses:
// aliases of the types generated from the API contract (api.generated.ts, from
// ../crates/server/openapi.json by `npm run api-types`). No shape is written here by hand; where
// the app needs a narrower type than the document gives, it is derived from the generated one and
// says why. Money is rupees here; convert with toPaise.
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type ImageData = Schemas['Image'];
export type BrandSummary = Schemas['BrandSummary'];
export type Brand = Schemas['Brand'];
export type BrandsResponse = Schemas['BrandLists'];
export type CategoryRef = Schemas['CategoryRef'];
export type CategoryTreeItem = Schemas['CategoryNode'];
export type Category = Schemas['Category'];
export type ProductCard = Schemas['ProductCard'];
export type FeaturedProduct = Schemas['FeaturedProduct'];
export type StockState = Schemas['StockState'];
export type Variant = Schemas['Variant'];
export type ProductDetail = Schemas['ProductDetail'];
export type DescriptionBlock = Schemas['DescriptionBlock'];
export type Award = Schemas['Award'];
export type ShopProfile = Schemas['ShopProfileView'];

/** What a crop needs from the shop; its page groups the products under these. */
export type CropNeed = Schemas['Need'];
export type CropProblemKind = Schemas['ProblemKind'];
/** `GET /api/crops/{slug}`: a crop, its products by need and its problems with what treats them. */
export type Crop = Schemas['CropDetail'];

/** One page of products (`GET /api/brands/{slug}/products`, `GET /api/categories/{slug}/products`), with the filters' counts. */
export type ProductPage = Schemas['ProductList'];
/** One page of any list: the document spells each page type out (Paged_OrderSummary, Paged_Person). */
export type Paged<T> = Omit<Schemas['Paged_OrderSummary'], 'data'> & { data: T[] };
/** A list's filter options with how many products each would show (`facets` of a list's answer). */
export type Facets = Schemas['Facets'];
export type FacetOption = Schemas['FacetOption'];
export type PriceFacet = Schemas['PriceFacet'];
export type PriceBand = Schemas['PriceBand'];
export type ListSort = Schemas['ListSort'];
/** `GET /api/search/facets`: a search's filters and counts. */
export type SearchFacets = Schemas['SearchFacets'];

export type CartLine = Schemas['CartLine'];
/** The cart's totals in rupees: count is units; subtotal + tax == total. */
export type CartSummary = Schemas['CartTotals'];
/** What every cart route answers. */
export type Cart = Schemas['CartView'];

export type User = Schemas['User'];
/** `{ user }`: what register, login and a profile change answer. */
export type UserEnvelope = Schemas['UserEnvelope'];
/** `{ message }`: what happened, in words for the shopper. */
export type Message = Schemas['Message'];
export type MessageWithUser = Schemas['MessageWithUser'];
/** The answer of POST /api/login for staff (202): the password was right, a second factor follows. */
export type TwoFactorRequired = Schemas['TwoFactorRequired'];
/** The secret, its otpauth URI and QR code (SVG), shown once while staff set up their app. */
export type Enrolment = Schemas['Enrolment'];
/** The end of an enrolment: the recovery codes (shown once) and the signed-in user. */
export type EnrolmentDone = Schemas['EnrolmentDone'];

/** What a member of staff may do: `staff` keeps the shop, `admin` also manages staff. */
export type Role = Schemas['Role'];
export type StaffMember = Schemas['StaffMember'];
/**
 * One line of the audit log. The document types the values as empty records; they are the JSON
 * objects the server wrote, so they are read as such.
 */
export type AuditLine = Omit<Schemas['AuditLine'], 'old_values' | 'new_values'> & {
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
};

// Request bodies. The document leaves every field optional (and nullable): the server names each
// missing one in its 422, so a form may send what the shopper left empty.
export type RegisterBody = Schemas['RegisterBody'];
export type LoginBody = Schemas['LoginBody'];
export type CodeSignInBody = Schemas['CodeSignInBody'];
export type ForgotPasswordBody = Schemas['ForgotPasswordBody'];
export type FindOrderBody = Schemas['FindOrderBody'];
export type ResetPasswordBody = Schemas['ResetPasswordBody'];
export type VerifyEmailBody = Schemas['VerifyEmailBody'];
export type ProfileBody = Schemas['ProfileBody'];
export type PasswordChangeBody = Schemas['PasswordChangeBody'];
export type EraseBody = Schemas['EraseBody'];
export type ContactBody = Schemas['ContactBody'];
export type LineBody = Schemas['LineBody'];
export type LineChangeBody = Schemas['LineChangeBody'];
export type TwoFactorBody = Schemas['TwoFactorBody'];
export type TwoFactorConfirmBody = Schemas['TwoFactorConfirmBody'];
export type InviteStaffBody = Schemas['InviteStaffBody'];
export type StaffRoleBody = Schemas['StaffRoleBody'];

/** The body of POST /api/cart/add; narrowed because the app always names the product and the quantity. */
export type AddToCartInput = LineChangeBody & { product_id: number; quantity: number };

/**
 * Adds to the cart and opens the cart panel. A failure has been reported to the shopper (a toast)
 * and logged when the promise rejects; callers only restore their own state.
 */
export type AddToCart = (input: AddToCartInput) => Promise<void>;
