// The day desk's JSON (the back office's dashboard, customers and contact inbox): aliases of the
// types generated from the API contract, as in types/api.ts. Money is rupees; timestamps are UTC.
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type Dashboard = Schemas['Dashboard'];
export type PeriodFigures = Schemas['PeriodFigures'];
export type ExpiryWatch = Schemas['ExpiryWatch'];
export type WaitingOrders = Schemas['WaitingOrders'];
export type NewOrders = Schemas['NewOrders'];
export type Customer = Schemas['Customer'];
export type CustomerDetail = Schemas['CustomerDetail'];
export type CustomerPage = Schemas['Paged_Person'];
export type Person = Schemas['Person'];
export type PersonPage = Schemas['PersonPage'];
export type OrderBrief = Schemas['OrderBrief'];
export type OrderBriefPage = Schemas['Paged_OrderBrief'];
export type Erasure = Schemas['Erasure'];
export type InboxMessage = Schemas['InboxMessage'];
export type InboxPage = Schemas['Paged_InboxMessage'];
export type InboxFilter = Schemas['InboxFilter'];
export type HandledBody = Schemas['HandledBody'];

/** The reports (GET /api/admin/reports/...): net sales as the GST return counts them. */
export type SalesReport = Schemas['SalesReport'];
export type SalesTotals = Schemas['SalesTotals'];
export type ProductSales = Schemas['ProductSales'];
export type CategorySales = Schemas['CategorySales'];
export type WaitingReport = Schemas['WaitingReport'];
export type WaitingState = Schemas['WaitingState'];
export type Grain = Schemas['Grain'];
