import { useState } from 'react';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';

/**
 * Saves a new order: each item whose place changed gets its place as its order value (one write
 * each, one after the other, so a failure leaves a clear state).
 */
export function useReorder<T extends { id: number }>(place: (item: T) => number, save: (item: T, place: number) => Promise<unknown>) {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const reorder = async (ordered: T[]) => {
    setPending(true);
    try {
      for (const [index, item] of ordered.entries()) {
        if (place(item) !== index) await save(item, index);
      }
    } catch (error) {
      toast.error('The new order was not saved', isApiError(error) ? error.message : 'The shop could not be reached.');
    } finally {
      setPending(false);
    }
  };
  return { reorder: (ordered: T[]) => void reorder(ordered), pending };
}
