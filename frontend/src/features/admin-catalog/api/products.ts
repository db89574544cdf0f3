import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deskGet, deskKeys, useDeskWrite } from '@/features/admin-catalog/api/desk-client';
import type {
  DataList,
  LowStockItem,
  NewProductBody,
  ProductBody,
  ProductPageOfStaff,
  StaffProduct,
  StaffVariant,
  StockAdjustmentBody,
  CountedStock,
  StockCountBody,
  StockMovement,
  VariantBody,
} from '@/types/desk';

/** The product list's filters as the URL keeps them (`?search=neem&active=false&page=2`). */
export const productListQuery = (params: URLSearchParams) =>
  queryOptions({
    queryKey: deskKeys.products(params.toString()),
    queryFn: ({ signal }) => deskGet<ProductPageOfStaff>('/products', signal, Object.fromEntries(params)),
    placeholderData: keepPreviousData,
  });

export const useProductList = (params: URLSearchParams) => useQuery(productListQuery(params));

export const useStaffProduct = (id: number | undefined) =>
  useQuery({
    queryKey: deskKeys.product(id ?? 0),
    queryFn: ({ signal }) => deskGet<StaffProduct>(`/products/${id}`, signal),
    enabled: id !== undefined,
  });

export const useStockMovements = (variantId: number) =>
  useQuery({ queryKey: deskKeys.movements(variantId), queryFn: ({ signal }) => deskGet<DataList<StockMovement>>(`/variants/${variantId}/stock-movements`, signal) });

export const useLowStock = () => useQuery({ queryKey: deskKeys.lowStock, queryFn: ({ signal }) => deskGet<DataList<LowStockItem>>('/low-stock', signal) });

export const useCreateProduct = () => useDeskWrite<NewProductBody, StaffProduct>('POST', () => '/products', (body) => body);

export const useUpdateProduct = (id: number) => useDeskWrite<ProductBody, StaffProduct>('PUT', () => `/products/${id}`, (body) => body);

export const useDeleteProduct = (id: number) => useDeskWrite<void>('DELETE', () => `/products/${id}`);

export const useAddVariant = (productId: number) => useDeskWrite<VariantBody, StaffVariant>('POST', () => `/products/${productId}/variants`, (body) => body);

export const useUpdateVariant = (variantId: number) => useDeskWrite<VariantBody, StaffVariant>('PUT', () => `/variants/${variantId}`, (body) => body);

export const useAdjustStock = (variantId: number) =>
  useDeskWrite<StockAdjustmentBody, StockMovement>('POST', () => `/variants/${variantId}/stock-adjustments`, (body) => body);

/** Active pack sizes to count, narrowed by `?category=` and `?search=`. */
export const useCountList = (params: URLSearchParams) =>
  useQuery({
    queryKey: deskKeys.countList(params.toString()),
    queryFn: ({ signal }) => deskGet<DataList<LowStockItem>>('/stock-counts/list', signal, Object.fromEntries(params)),
    placeholderData: keepPreviousData,
  });

/** Sets pack sizes to their counted quantities (a stocktake). */
export const useSetCounted = () => useDeskWrite<StockCountBody, DataList<CountedStock>>('POST', () => '/stock-counts', (body) => body);
