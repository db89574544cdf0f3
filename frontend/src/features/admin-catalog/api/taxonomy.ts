import { useQuery } from '@tanstack/react-query';
import { createOrReplace, deskGet, deskKeys, useDeskWrite } from '@/features/admin-catalog/api/desk-client';
import type { AwardBody, BrandBody, CategoryBody, DataList, StaffAward, StaffBrand, StaffCategory } from '@/types/desk';

const list = <T,>(key: readonly unknown[], path: string) => ({
  queryKey: key,
  queryFn: ({ signal }: { signal: AbortSignal }) => deskGet<DataList<T>>(path, signal).then((answer) => answer.data),
  staleTime: 60 * 1000,
});

export const useDeskBrands = () => useQuery(list<StaffBrand>(deskKeys.brands, '/brands'));
export const useDeskCategories = () => useQuery(list<StaffCategory>(deskKeys.categories, '/categories'));
export const useDeskAwards = () => useQuery(list<StaffAward>(deskKeys.awards, '/awards'));
export const useGstRates = () => useQuery({ ...list<number>(deskKeys.gstRates, '/gst-rates'), staleTime: Infinity });

/** Create (no id) or replace. */
export const useSaveBrand = () => useDeskWrite<{ id?: number; body: BrandBody }, StaffBrand>(createOrReplace, ({ id }) => (id !== undefined ? `/brands/${id}` : '/brands'), ({ body }) => body);
export const useSaveCategory = () =>
  useDeskWrite<{ id?: number; body: CategoryBody }, StaffCategory>(createOrReplace, ({ id }) => (id !== undefined ? `/categories/${id}` : '/categories'), ({ body }) => body);
export const useSaveAward = () => useDeskWrite<{ id?: number; body: AwardBody }, StaffAward>(createOrReplace, ({ id }) => (id !== undefined ? `/awards/${id}` : '/awards'), ({ body }) => body);
export const useDeleteBrand = () => useDeskWrite<number>('DELETE', (id) => `/brands/${id}`);
export const useDeleteCategory = () => useDeskWrite<number>('DELETE', (id) => `/categories/${id}`);
export const useDeleteAward = () => useDeskWrite<number>('DELETE', (id) => `/awards/${id}`);
