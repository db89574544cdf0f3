// The insecticide registers, a batch's recall, the stock's value and the margin: aliases of the
// types generated from the API contract. Money is rupees; dates are Indian dates.
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type SalesRecord = Schemas['SalesRecord'];
export type SaleRow = Schemas['SaleRow'];
export type MonthlyReturn = Schemas['MonthlyReturn'];
export type ReturnRow = Schemas['ReturnRow'];
export type Figure = Schemas['Figure'];
export type BatchRecipients = Schemas['BatchRecipients'];
export type Recipient = Schemas['Recipient'];
export type RecallSent = Schemas['RecallSent'];
export type RecallBody = Schemas['RecallBody'];
export type StockValue = Schemas['StockValue'];
export type ProductValue = Schemas['ProductValue'];
export type CategoryValue = Schemas['CategoryValue'];
export type MarginReport = Schemas['MarginReport'];
export type ProductMargin = Schemas['ProductMargin'];
