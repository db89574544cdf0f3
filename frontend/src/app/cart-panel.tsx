// Whether the Shopping Cart slide-over is open: app state, opened by the bag and by Add to cart.
import { createContext, lazy, Suspense, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { whenIdle } from '@/lib/idle';

// The panel loads after the page is interactive (or when it first opens).
const loadCartPanel = () => import('@/features/cart/components/CartPanel');
const CartPanel = lazy(() => loadCartPanel().then((m) => ({ default: m.CartPanel })));

interface CartPanelState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

const CartPanelContext = createContext<CartPanelState | null>(null);

export function CartPanelProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const value = useMemo(
    () => ({
      isOpen,
      open: () => {
        setUsed(true);
        setOpen(true);
      },
      close: () => setOpen(false),
    }),
    [isOpen],
  );
  useEffect(() => whenIdle(() => void loadCartPanel()), []);
  return (
    <CartPanelContext value={value}>
      {children}
      <Suspense fallback={null}>{used ? <CartPanel open={isOpen} onClose={value.close} /> : null}</Suspense>
    </CartPanelContext>
  );
}

export function useCartPanel(): CartPanelState {
  const value = use(CartPanelContext);
  if (!value) throw new Error('useCartPanel needs a CartPanelProvider');
  return value;
}
