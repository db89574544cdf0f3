// The orders desk's JSON (the back office): aliases of the types generated from the API contract,
// as in types/api.ts.
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type OrderList = Schemas['OrderList'];
export type OrderListItem = Schemas['OrderListItem'];
export type StatusCounts = Schemas['StatusCounts'];
export type PaymentState = Schemas['PaymentState'];
export type StaffOrder = Schemas['StaffOrder'];
export type TimelineEntry = Schemas['TimelineEntry'];
export type OrderMessage = Schemas['OrderMessage'];
export type MessageState = Schemas['MessageState'];
export type CustomerReach = Schemas['CustomerReach'];
export type PaymentRecord = Schemas['PaymentRecord'];
export type StaffNote = Schemas['StaffNote'];
export type OrderMoveBody = Schemas['OrderMoveBody'];
export type OrderNoteBody = Schemas['OrderNoteBody'];
export type PaymentBody = Schemas['PaymentBody'];
export type RefundBody = Schemas['RefundBody'];
export type ReturnBody = Schemas['ReturnBody'];
export type ReturnAnswer = Schemas['ReturnAnswer'];
export type RefundMethod = Schemas['RefundMethod'];
export type ReceivedVia = Schemas['ReceivedVia'];
export type BulkMoveBody = Schemas['BulkMoveBody'];
export type BulkMoveAnswer = Schemas['BulkMoveAnswer'];
export type BulkOutcome = Schemas['BulkOutcome'];
export type Caller = Schemas['Caller'];
export type EarlierOrder = Schemas['EarlierOrder'];
export type PhoneOrderBody = Schemas['PhoneOrderBody'];
export type PhoneOrderLine = Schemas['PhoneOrderLine'];
