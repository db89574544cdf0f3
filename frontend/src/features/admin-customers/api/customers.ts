import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';
import type { Message } from '@/types/api';
import type { CustomerDetail, CustomerPage, Erasure, OrderBriefPage, Person, PersonPage } from '@/types/day-desk';

export const CUSTOMERS_PER_PAGE = 25;
export const CUSTOMER_ORDERS_PER_PAGE = 10;

/** Whom a desk action is about: an account by its id, or a guest by the key the list gives. */
export type CustomerTarget = { kind: 'account'; id: number } | { kind: 'guest'; key: string };

const base = (target: CustomerTarget) =>
  target.kind === 'account' ? `/api/admin/customers/${target.id}` : `/api/admin/guests/${encodeURIComponent(target.key)}`;

/** GET /api/admin/customers: accounts and guests, the latest buyer first, found by name, e-mail or phone. */
export const customersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'customers', q, page],
    queryFn: ({ signal }) => api<CustomerPage>('/api/admin/customers', { signal, query: { q: q || undefined, page, per_page: CUSTOMERS_PER_PAGE } }),
    retry: false,
  });

export const useCustomers = (q: string, page: number) => useQuery({ ...customersQuery(q, page), placeholderData: keepPreviousData });

/** GET /api/admin/customers/{id}: their details, saved addresses, figures and note. */
export const useCustomer = (id: number) =>
  useQuery({
    queryKey: ['admin', 'customer', id],
    queryFn: ({ signal }) => api<CustomerDetail>(`/api/admin/customers/${id}`, { signal }),
    retry: false,
  });

/** GET /api/admin/guests/{key}: a guest and their orders. */
export const useGuest = (key: string) =>
  useQuery({
    queryKey: ['admin', 'guest', key],
    queryFn: ({ signal }) => api<PersonPage>(`/api/admin/guests/${encodeURIComponent(key)}`, { signal }),
    retry: false,
  });

/** GET /api/admin/customers/{id}/orders: one page of their orders (guest orders they took up too), newest first. */
export const useCustomerOrders = (id: number, page: number) =>
  useQuery({
    queryKey: ['admin', 'customer', id, 'orders', page],
    queryFn: ({ signal }) => api<OrderBriefPage>(`/api/admin/customers/${id}/orders`, { signal, query: { page, per_page: CUSTOMER_ORDERS_PER_PAGE } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST /api/admin/customers/{id}/password-reset: mails the customer the shop's reset link. */
export const useSendPasswordReset = () =>
  useMutation({
    mutationFn: (id: number) => api<Message>(`/api/admin/customers/${id}/password-reset`, { method: 'POST' }),
  });

/** PUT …/note: staff's note on the customer (blank removes it). */
export function useSaveNote(target: CustomerTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => api<Person>(`${base(target)}/note`, { method: 'PUT', body: { note } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** GET …/export: the person's data as a JSON download (an ordinary link). */
export const exportUrl = (target: CustomerTarget) => apiUrl(`${base(target)}/export`);

/** POST …/erase (admins): erases the person's data; their orders keep the invoice's details. */
export function useErase(target: CustomerTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<Erasure>(`${base(target)}/erase`, { method: 'POST' }),
    // Not awaited, and not the person's own page: refetching it would answer 404 and unmount the
    // screen before it can move on to the list.
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'customers'] }),
  });
}
