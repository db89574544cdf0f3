// The stock desk's links, as src/lib/admin-paths.ts builds them.
import { adminPaths } from '@/lib/admin-paths';

export const adminStockPaths = {
  receipts: adminPaths.receipts.getHref(),
  expiry: adminPaths.expiry.getHref(),
};
