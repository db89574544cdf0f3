import type { BrandSummary } from '@/types/api';

/** Brands with an image, the only ones the brand carousel shows. */
export const brandsWithImages = (brands: readonly BrandSummary[]) => brands.filter((brand) => brand.image_src && brand.image_url);
