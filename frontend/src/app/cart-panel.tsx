// Whether the Shopping Cart slide-over is open (app state, opened by the bag and by Add to cart),
// and the app's Add to cart: it adds through the cart API, then opens the panel.
import { createContext, lazy, Suspense, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast/useToast';
import { AddToCartContext } from '@/lib/add-to-cart';
import { messageSectionsLoaded, t } from '@/lib/i18n';
import { whenIdle } from '@/lib/idle';
import type { AddToCart } from '@/types/api';

// The panel and the cart's changes load after the page is interactive (or on first use).
const loadCartPanel = () => import('@/features/cart/components/CartPanel');
const loadAddToCart = () => import('@/features/cart/api/add-to-cart');
// It shows once its words (the quantity field's) have arrived in the shopper's language too.
const CartPanel = lazy(() => loadCartPanel().then(async (m) => (await messageSectionsLoaded(), { default: m.CartPanel })));

interface CartPanelState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

const CartPanelContext = createContext<CartPanelState | null>(null);

export function CartPanelProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const open = useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ isOpen, open, close }), [isOpen, open, close]);

  const queryClient = useQueryClient();
  const toast = useToast();
  const addToCart = useCallback<AddToCart>(
    async (input) => {
      const cart = await loadAddToCart().catch((error: unknown) => {
        console.error(t('cart.addFailed'), error);
        toast.error(t('cart.addFailed'), t('cart.errorOffline'));
        throw error;
      });
      await cart.addToCart(queryClient, toast, input);
      open();
    },
    [queryClient, toast, open],
  );

  useEffect(
    () =>
      whenIdle(() => {
        void loadCartPanel();
        void loadAddToCart();
      }),
    [],
  );
  return (
    <CartPanelContext value={value}>
      <AddToCartContext value={addToCart}>
        {children}
        <Suspense fallback={null}>{used ? <CartPanel open={isOpen} onClose={close} /> : null}</Suspense>
      </AddToCartContext>
    </CartPanelContext>
  );
}

export function useCartPanel(): CartPanelState {
  const value = use(CartPanelContext);
  if (!value) throw new Error('useCartPanel needs a CartPanelProvider');
  return value;
}
