// The catalogue desk's JSON (the back office): aliases of the types generated from the API
// contract, as in types/api.ts.
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type StaffProductSummary = Schemas['StaffProductSummary'];
export type StaffProduct = Schemas['StaffProduct'];
export type StaffVariant = Schemas['StaffVariant'];
export type ProductBody = Schemas['ProductBody'];
export type NewProductBody = Schemas['NewProductBody'];
export type VariantBody = Schemas['VariantBody'];
export type DeclarationsBody = Schemas['DeclarationsBody'];
export type StockAdjustmentBody = Schemas['StockAdjustmentBody'];
export type StockMovement = Schemas['StockMovement'];
export type LowStockItem = Schemas['LowStockItem'];
export type StockCountBody = Schemas['StockCountBody'];
export type CountedStock = Schemas['CountedStock'];
export type StaffBrand = Schemas['StaffBrand'];
export type BrandBody = Schemas['BrandBody'];
export type StaffCategory = Schemas['StaffCategory'];
export type CategoryBody = Schemas['CategoryBody'];
export type StaffAward = Schemas['StaffAward'];
export type AwardBody = Schemas['AwardBody'];
export type StaffPhoto = Schemas['StaffPhoto'];
export type StaffCrop = Schemas['StaffCrop'];
export type CropBody = Schemas['CropBody'];
export type StaffProblem = Schemas['StaffProblem'];
export type ProblemBody = Schemas['ProblemBody'];
/** A crop and a problem's words in Malayalam or Tamil (a blank name: the English stands in). */
export type LocalNames = Schemas['LocalNames'];
export type SynonymGroup = Schemas['SynonymGroup'];
export type SynonymsBody = Schemas['SynonymsBody'];
export type ProductCropLinks = Schemas['ProductCropLinks'];
export type CropLinksBody = Schemas['CropLinksBody'];
/** What a product does for a crop: planting, nutrition, protection, irrigation, tools or services. */
export type Need = Schemas['Need'];
export type Picture = Schemas['Picture'];
export type ProductPageOfStaff = Schemas['Paged_StaffProductSummary'];
/** `{"data": [...]}`. */
export interface DataList<T> {
  data: T[];
}
export type ImportPreview = Schemas['ImportPreview'];
export type PlannedRow = Schemas['PlannedRow'];
export type RowProblem = Schemas['RowProblem'];
export type ImportApplied = Schemas['ImportApplied'];
