import { useAddToCartAction } from '@/lib/add-to-cart';
import type { AddToCart } from '@/types/api';

/** The app's Add to cart: adds through the cart API, then opens the cart panel (see cart-panel). */
export function useAddToCartAndOpen(): AddToCart {
  const addToCart = useAddToCartAction();
  if (!addToCart) throw new Error('useAddToCartAndOpen needs a CartPanelProvider');
  return addToCart;
}
