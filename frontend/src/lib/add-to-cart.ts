// Add to cart for shared components (a product card) that may not import the cart feature: the
// app provides it, and it is null where no app does (a component rendered on its own).
import { createContext, use } from 'react';
import type { AddToCart } from '@/types/api';

export const AddToCartContext = createContext<AddToCart | null>(null);

export const useAddToCartAction = (): AddToCart | null => use(AddToCartContext);
