// The back office, under /admin: its own layout and screens, loaded only when staff open it.
// The guard here only decides what to show; every /api/admin route checks the role itself.
// First: the back office's words, before any of its modules asks for them.
import './messages';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { useUser } from '@/lib/queries/user';
import { AdminLayout } from '@/app/admin/AdminLayout';
import { AdminNotFoundScreen, AdminRefusedScreen } from '@/app/admin/AdminRefusedScreen';
import { UnsavedChangesProvider } from '@/components/admin/unsaved-changes';
import { ADMIN_ROOT, paths, routeUnder } from '@/lib/paths';
import { adminPaths } from '@/lib/admin-paths';
import type { User } from '@/types/api';

const DashboardScreen = lazy(() => import('@/features/admin-day/screens/DashboardScreen'));
const CustomerListScreen = lazy(() => import('@/features/admin-customers/screens/CustomerListScreen'));
const CustomerScreen = lazy(() => import('@/features/admin-customers/screens/CustomerScreen'));
const GuestScreen = lazy(() => import('@/features/admin-customers/screens/GuestScreen'));
const MessagesScreen = lazy(() => import('@/features/admin-messages/screens/MessagesScreen'));
const MessageScreen = lazy(() => import('@/features/admin-messages/screens/MessageScreen'));
const ProductListScreen = lazy(() => import('@/features/admin-catalog/screens/ProductListScreen'));
const ProductEditScreen = lazy(() => import('@/features/admin-catalog/screens/ProductEditScreen'));
const LowStockScreen = lazy(() => import('@/features/admin-catalog/screens/LowStockScreen'));
const StocktakeScreen = lazy(() => import('@/features/admin-catalog/screens/StocktakeScreen'));
const BrandsScreen = lazy(() => import('@/features/admin-catalog/screens/BrandsScreen'));
const CategoriesScreen = lazy(() => import('@/features/admin-catalog/screens/CategoriesScreen'));
const BulkEditScreen = lazy(() => import('@/features/admin-catalog/screens/BulkEditScreen'));
const BatchesPanel = lazy(() => import('@/features/admin-stock/components/BatchesPanel').then((module) => ({ default: module.BatchesPanel })));
const ReceiptsScreen = lazy(() => import('@/features/admin-stock/screens/ReceiptsScreen'));
const ExpiryScreen = lazy(() => import('@/features/admin-stock/screens/ExpiryScreen'));
const AwardsScreen = lazy(() => import('@/features/admin-catalog/screens/AwardsScreen'));
const CropsScreen = lazy(() => import('@/features/admin-catalog/screens/CropsScreen'));
const ProblemsScreen = lazy(() => import('@/features/admin-catalog/screens/ProblemsScreen'));
const SynonymsScreen = lazy(() => import('@/features/admin-catalog/screens/SynonymsScreen'));
const OrderListScreen = lazy(() => import('@/features/admin-orders/screens/OrderListScreen'));
const OrderScreen = lazy(() => import('@/features/admin-orders/screens/OrderScreen'));
const OrderPaperScreen = lazy(() => import('@/features/admin-orders/screens/OrderPaperScreen'));
const OrdersPrintScreen = lazy(() => import('@/features/admin-orders/screens/OrdersPrintScreen'));
const PhoneOrderScreen = lazy(() => import('@/features/admin-orders/screens/PhoneOrderScreen'));
const StaffScreen = lazy(() => import('@/features/admin-staff/screens/StaffScreen'));
const AuditScreen = lazy(() => import('@/features/admin-audit/screens/AuditScreen'));
const GstReturnScreen = lazy(() => import('@/features/admin-gst/screens/GstReturnScreen'));
const RegistersScreen = lazy(() => import('@/features/admin-registers/screens/RegistersScreen'));
const RecallScreen = lazy(() => import('@/features/admin-registers/screens/RecallScreen'));
const StockValueScreen = lazy(() => import('@/features/admin-registers/screens/StockValueScreen'));
const ReportsScreen = lazy(() => import('@/features/admin-day/screens/ReportsScreen'));
const PackingListScreen = lazy(() => import('@/features/admin-packing/screens/PackingListScreen'));
const PackingOrderScreen = lazy(() => import('@/features/admin-packing/screens/PackingOrderScreen'));
const PackingPrintScreen = lazy(() => import('@/features/admin-packing/screens/PackingPrintScreen'));

/** The roles that open the back office; what each may use is the server's to say. */
const BACK_OFFICE_ROLES = ['admin', 'staff', 'packer', 'accountant'];

/** A back-office pattern as the routes under `/admin/*` write it. */
const under = (path: string) => routeUnder(ADMIN_ROOT, path);

export function AdminApp() {
  const { data: user, isPending } = useUser();
  const { pathname, search } = useLocation();
  if (isPending) return <PageLoading />;
  if (!user) return <Navigate to={paths.signIn.getHref({ next: pathname + search })} replace />;
  if (!BACK_OFFICE_ROLES.includes(user.role)) return <AdminRefusedScreen />;
  return (
    <UnsavedChangesProvider>
      <AdminRoutes user={user} />
    </UnsavedChangesProvider>
  );
}

/** The stock desk's batches panel on the catalogue's product screen. */
const productBatches = (productId: number) => (
  <Suspense fallback={null}>
    <BatchesPanel productId={productId} />
  </Suspense>
);

/** The back office's screens, each at its pattern from src/lib/paths.ts. */
export function AdminRoutes({ user }: { user: User }) {
  return (
    <Routes>
      <Route element={<AdminLayout user={user} />}>
        {/* A packer's back office begins at the packing desk: the dashboard is not theirs. */}
        <Route index element={user.role === 'packer' ? <Navigate to={adminPaths.packing.getHref()} replace /> : <DashboardScreen />} />
        <Route path={under(adminPaths.orders.path)} element={<OrderListScreen />} />
        <Route path={under(adminPaths.order.path)} element={<OrderScreen />} />
        <Route path={under(adminPaths.invoice.path)} element={<OrderPaperScreen paper="invoice" />} />
        <Route path={under(adminPaths.packingSlip.path)} element={<OrderPaperScreen paper="packing-slip" />} />
        <Route path={under(adminPaths.creditNote.path)} element={<OrderPaperScreen paper="credit-note" />} />
        <Route path={under(adminPaths.customers.path)} element={<CustomerListScreen />} />
        <Route path={under(adminPaths.customer.path)} element={<CustomerScreen />} />
        <Route path={under(adminPaths.guest.path)} element={<GuestScreen />} />
        <Route path={under(adminPaths.messages.path)} element={<MessagesScreen />} />
        <Route path={under(adminPaths.message.path)} element={<MessageScreen />} />
        <Route path={under(adminPaths.products.path)} element={<ProductListScreen />} />
        <Route path={under(adminPaths.newProduct.path)} element={<ProductEditScreen />} />
        <Route path={under(adminPaths.product.path)} element={<ProductEditScreen batches={productBatches} />} />
        <Route path={under(adminPaths.lowStock.path)} element={<LowStockScreen />} />
        <Route path={under(adminPaths.stocktake.path)} element={<StocktakeScreen />} />
        <Route path={under(adminPaths.brands.path)} element={<BrandsScreen />} />
        <Route path={under(adminPaths.categories.path)} element={<CategoriesScreen />} />
        <Route path={under(adminPaths.awards.path)} element={<AwardsScreen />} />
        <Route path={under(adminPaths.crops.path)} element={<CropsScreen />} />
        <Route path={under(adminPaths.problems.path)} element={<ProblemsScreen />} />
        <Route path={under(adminPaths.synonyms.path)} element={<SynonymsScreen />} />
        <Route path={under(adminPaths.bulk.path)} element={<BulkEditScreen />} />
        <Route path={under(adminPaths.receipts.path)} element={<ReceiptsScreen />} />
        <Route path={under(adminPaths.expiry.path)} element={<ExpiryScreen />} />
        <Route path={under(adminPaths.staff.path)} element={<StaffScreen />} />
        <Route path={under(adminPaths.audit.path)} element={<AuditScreen />} />
        <Route path={under(adminPaths.gst.path)} element={<GstReturnScreen />} />
        <Route path={under(adminPaths.reports.path)} element={<ReportsScreen />} />
        <Route path={under(adminPaths.registers.path)} element={<RegistersScreen />} />
        <Route path={under(adminPaths.recall.path)} element={<RecallScreen />} />
        <Route path={under(adminPaths.batchRecall.path)} element={<RecallScreen />} />
        <Route path={under(adminPaths.stockValue.path)} element={<StockValueScreen />} />
        <Route path={under(adminPaths.packing.path)} element={<PackingListScreen />} />
        <Route path={under(adminPaths.packingPrint.path)} element={<PackingPrintScreen />} />
        <Route path={under(adminPaths.packingOrder.path)} element={<PackingOrderScreen />} />
        <Route path={under(adminPaths.ordersPrint.path)} element={<OrdersPrintScreen />} />
        <Route path={under(adminPaths.phoneOrder.path)} element={<PhoneOrderScreen />} />
        <Route path="*" element={<AdminNotFoundScreen />} />
      </Route>
    </Routes>
  );
}
