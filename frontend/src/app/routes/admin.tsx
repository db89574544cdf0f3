import { AdminApp } from '@/app/admin/AdminApp';

export default AdminApp;
