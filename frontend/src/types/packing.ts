// The packing desk's JSON (GET /api/admin/packing/...): orders without prices but the cash to
// collect, aliases of the types generated from the API contract.
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type PackingList = Schemas['PackingList'];
export type PackingListItem = Schemas['PackingListItem'];
export type PackingOrder = Schemas['PackingOrder'];
export type ShipBody = Schemas['ShipBody'];
