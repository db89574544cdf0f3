import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Message } from '@/types/api';
import type { CustomerDetail, CustomerPage } from '@/types/day-desk';
import type { OrderPage } from '@/types/orders';

export const CUSTOMERS_PER_PAGE = 25;
export const CUSTOMER_ORDERS_PER_PAGE = 10;

/** GET /api/admin/customers: shopper accounts, newest first, found by name, e-mail or phone. */
export const customersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'customers', q, page],
    queryFn: ({ signal }) => api<CustomerPage>('/api/admin/customers', { signal, query: { q: q || undefined, page, per_page: CUSTOMERS_PER_PAGE } }),
    retry: false,
  });

export const useCustomers = (q: string, page: number) => useQuery({ ...customersQuery(q, page), placeholderData: keepPreviousData });

/** GET /api/admin/customers/{id}: their details and saved addresses. */
export const useCustomer = (id: number) =>
  useQuery({
    queryKey: ['admin', 'customer', id],
    queryFn: ({ signal }) => api<CustomerDetail>(`/api/admin/customers/${id}`, { signal }),
    retry: false,
  });

/** GET /api/admin/customers/{id}/orders: one page of their orders, newest first. */
export const useCustomerOrders = (id: number, page: number) =>
  useQuery({
    queryKey: ['admin', 'customer', id, 'orders', page],
    queryFn: ({ signal }) => api<OrderPage>(`/api/admin/customers/${id}/orders`, { signal, query: { page, per_page: CUSTOMER_ORDERS_PER_PAGE } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST /api/admin/customers/{id}/password-reset: mails the customer the shop's reset link. */
export const useSendPasswordReset = () =>
  useMutation({
    mutationFn: (id: number) => api<Message>(`/api/admin/customers/${id}/password-reset`, { method: 'POST' }),
  });
