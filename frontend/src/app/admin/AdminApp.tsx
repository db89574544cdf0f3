// The back office, under /admin: its own layout and screens, loaded only when staff open it.
// The guard here only decides what to show; every /api/admin route checks the role itself.
import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { useUser } from '@/lib/queries/user';
import { AdminLayout } from '@/app/admin/AdminLayout';
import { AdminNotFoundScreen, AdminRefusedScreen } from '@/app/admin/AdminRefusedScreen';
import { UnsavedChangesProvider } from '@/components/admin/unsaved-changes';

const DashboardScreen = lazy(() => import('@/features/admin-day/screens/DashboardScreen'));
const CustomerListScreen = lazy(() => import('@/features/admin-customers/screens/CustomerListScreen'));
const CustomerScreen = lazy(() => import('@/features/admin-customers/screens/CustomerScreen'));
const MessagesScreen = lazy(() => import('@/features/admin-messages/screens/MessagesScreen'));
const MessageScreen = lazy(() => import('@/features/admin-messages/screens/MessageScreen'));
const ProductListScreen = lazy(() => import('@/features/admin-catalog/screens/ProductListScreen'));
const ProductEditScreen = lazy(() => import('@/features/admin-catalog/screens/ProductEditScreen'));
const LowStockScreen = lazy(() => import('@/features/admin-catalog/screens/LowStockScreen'));
const BrandsScreen = lazy(() => import('@/features/admin-catalog/screens/BrandsScreen'));
const CategoriesScreen = lazy(() => import('@/features/admin-catalog/screens/CategoriesScreen'));
const BulkEditScreen = lazy(() => import('@/features/admin-catalog/screens/BulkEditScreen'));
const AwardsScreen = lazy(() => import('@/features/admin-catalog/screens/AwardsScreen'));
const OrderListScreen = lazy(() => import('@/features/admin-orders/screens/OrderListScreen'));
const OrderScreen = lazy(() => import('@/features/admin-orders/screens/OrderScreen'));
const OrderPaperScreen = lazy(() => import('@/features/admin-orders/screens/OrderPaperScreen'));
const StaffScreen = lazy(() => import('@/features/admin-staff/screens/StaffScreen'));
const AuditScreen = lazy(() => import('@/features/admin-audit/screens/AuditScreen'));
const GstReturnScreen = lazy(() => import('@/features/admin-gst/screens/GstReturnScreen'));

export function AdminApp() {
  const { data: user, isPending } = useUser();
  const { pathname, search } = useLocation();
  if (isPending) return <PageLoading />;
  if (!user) return <Navigate to={`/sign-in?${new URLSearchParams({ next: pathname + search })}`} replace />;
  if (user.role !== 'staff' && user.role !== 'admin') return <AdminRefusedScreen />;
  return (
    <UnsavedChangesProvider>
      <Routes>
        <Route element={<AdminLayout user={user} />}>
          <Route index element={<DashboardScreen />} />
          <Route path="orders" element={<OrderListScreen />} />
          <Route path="orders/:number" element={<OrderScreen />} />
          <Route path="orders/:number/invoice" element={<OrderPaperScreen paper="invoice" />} />
          <Route path="orders/:number/packing-slip" element={<OrderPaperScreen paper="packing-slip" />} />
          <Route path="orders/:number/credit-note" element={<OrderPaperScreen paper="credit-note" />} />
          <Route path="customers" element={<CustomerListScreen />} />
          <Route path="customers/:id" element={<CustomerScreen />} />
          <Route path="messages" element={<MessagesScreen />} />
          <Route path="messages/:id" element={<MessageScreen />} />
          <Route path="products" element={<ProductListScreen />} />
          <Route path="products/new" element={<ProductEditScreen />} />
          <Route path="products/:id" element={<ProductEditScreen />} />
          <Route path="low-stock" element={<LowStockScreen />} />
          <Route path="brands" element={<BrandsScreen />} />
          <Route path="categories" element={<CategoriesScreen />} />
          <Route path="awards" element={<AwardsScreen />} />
          <Route path="bulk" element={<BulkEditScreen />} />
          <Route path="staff" element={<StaffScreen />} />
          <Route path="audit" element={<AuditScreen />} />
          <Route path="gst" element={<GstReturnScreen />} />
          <Route path="*" element={<AdminNotFoundScreen />} />
        </Route>
      </Routes>
    </UnsavedChangesProvider>
  );
}
