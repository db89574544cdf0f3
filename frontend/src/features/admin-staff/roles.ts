import type { Role } from '@/types/api';

/** The roles staff can be given, with what each may do. */
export const ROLES: { value: Role; label: string; description: string }[] = [
  { value: 'staff', label: 'Staff', description: 'keeps the shop: products, stock, orders' },
  { value: 'admin', label: 'Admin', description: 'also manages staff and reads the audit log' },
];

export const roleLabel = (role: Role): string => ROLES.find((item) => item.value === role)?.label ?? role;
