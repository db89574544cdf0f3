// The stock desk's JSON (receipts and batches, the back office): aliases of the types generated
// from the API contract, as in types/api.ts.
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type BatchRow = Schemas['BatchRow'];
export type Receipt = Schemas['Receipt'];
export type PlannedLine = Schemas['PlannedLine'];
export type ReceiptSummary = Schemas['ReceiptSummary'];
export type ReceiptView = Schemas['ReceiptView'];
export type ReceiptBody = Schemas['ReceiptBody'];
export type ReceiptLineBody = Schemas['ReceiptLineBody'];
export type SheetPreview = Schemas['SheetPreview'];
export type CellProblem = Schemas['CellProblem'];
export type BatchDatesBody = Schemas['BatchDatesBody'];
export type ReceiptPage = Schemas['Paged_ReceiptSummary'];
