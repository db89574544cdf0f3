import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { shopQuery } from '@/lib/queries/shop';

/** Sets the document title to "<title> | <shop name>" (the shop name alone for an empty title). */
export function useDocumentTitle(title: string | undefined): void {
  const { data: shop } = useQuery(shopQuery);
  useEffect(() => {
    const parts = [title, shop?.name].filter(Boolean);
    if (parts.length > 0) document.title = parts.join(' | ');
  }, [title, shop?.name]);
}
