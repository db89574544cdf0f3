// Shop by crop on the desk: crops, their pests and diseases, the words search treats as one, and
// which crops a product serves (and for what need) and which problems it treats.
import { useQuery } from '@tanstack/react-query';
import { createOrReplace, deskGet, deskKeys, useDeskWrite } from '@/features/admin-catalog/api/desk-client';
import type { CropBody, CropLinksBody, DataList, ProblemBody, ProductCropLinks, StaffCrop, StaffProblem, SynonymGroup, SynonymsBody } from '@/types/desk';

const list = <T,>(key: readonly unknown[], path: string) => ({
  queryKey: key,
  queryFn: ({ signal }: { signal: AbortSignal }) => deskGet<DataList<T>>(path, signal).then((answer) => answer.data),
  staleTime: 60 * 1000,
});

export const useDeskCrops = () => useQuery(list<StaffCrop>(deskKeys.crops, '/crops'));
export const useDeskProblems = () => useQuery(list<StaffProblem>(deskKeys.problems, '/problems'));
export const useDeskSynonyms = () => useQuery(list<SynonymGroup>(deskKeys.synonyms, '/synonyms'));

export const useSaveCrop = () => useDeskWrite<{ id?: number; body: CropBody }, StaffCrop>(createOrReplace, ({ id }) => (id !== undefined ? `/crops/${id}` : '/crops'), ({ body }) => body);
export const useSaveProblem = () =>
  useDeskWrite<{ id?: number; body: ProblemBody }, StaffProblem>(createOrReplace, ({ id }) => (id !== undefined ? `/problems/${id}` : '/problems'), ({ body }) => body);
export const useSaveSynonyms = () =>
  useDeskWrite<{ id?: number; body: SynonymsBody }, SynonymGroup>(createOrReplace, ({ id }) => (id !== undefined ? `/synonyms/${id}` : '/synonyms'), ({ body }) => body);
export const useDeleteCrop = () => useDeskWrite<number>('DELETE', (id) => `/crops/${id}`);
export const useDeleteProblem = () => useDeskWrite<number>('DELETE', (id) => `/problems/${id}`);
export const useDeleteSynonyms = () => useDeskWrite<number>('DELETE', (id) => `/synonyms/${id}`);

export const useProductCropLinks = (productId: number) =>
  useQuery({ queryKey: deskKeys.cropLinks(productId), queryFn: ({ signal }) => deskGet<ProductCropLinks>(`/products/${productId}/crops`, signal) });
export const useSaveProductCropLinks = (productId: number) =>
  useDeskWrite<CropLinksBody, ProductCropLinks>('PUT', () => `/products/${productId}/crops`, (body) => body);
