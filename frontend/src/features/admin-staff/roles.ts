import type { Role } from '@/types/api';
import { t } from '@/lib/i18n';

/** The roles staff can be given, with what each may do (the server's table decides; these are its words). */
export const ROLES: { value: Role; label: string; description: string }[] = [
  { value: 'staff', label: 'Staff', description: 'keeps the shop: products, stock, orders' },
  { value: 'admin', label: 'Admin', description: 'also manages staff and reads the audit log' },
  { value: 'packer', label: t('admin.role.packer'), description: t('admin.role.packerDoes') },
  { value: 'accountant', label: t('admin.role.accountant'), description: t('admin.role.accountantDoes') },
];

export const roleLabel = (role: Role): string => ROLES.find((item) => item.value === role)?.label ?? role;
