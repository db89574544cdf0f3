import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useCartPanel } from '@/app/cart-panel';
import type { Order } from '@/types/orders';
import { cartQuery } from '@/features/cart/api/get-cart';
import { CheckoutScreen } from '@/features/checkout/screens/CheckoutScreen';
import { orderQuery } from '@/features/orders/api/get-order';
import { ordersQuery } from '@/features/orders/api/get-orders';
import { paths } from '@/lib/paths';

/** /checkout: the cart (from the cart feature) into the checkout screen, then on to the confirmation. */
export default function CheckoutRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Checkout shows what will be charged: the cart is fetched afresh on arrival.
  const cart = useQuery({ ...cartQuery, refetchOnMount: 'always' });
  const cartPanel = useCartPanel();

  const refreshCart = useCallback(() => void queryClient.invalidateQueries({ queryKey: cartQuery.queryKey }), [queryClient]);

  const onPlaced = useCallback(
    (order: Order) => {
      // The confirmation opens on the order just answered, without asking for it again.
      queryClient.setQueryData(orderQuery(order.uuid).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ordersQuery.queryKey });
      void navigate(paths.orderConfirmation.getHref(order.uuid), { replace: true });
      refreshCart(); // empty now
    },
    [queryClient, navigate, refreshCart],
  );

  return <CheckoutScreen lines={cart.data?.products} onPlaced={onPlaced} onCartOutdated={refreshCart} onEditCart={cartPanel.open} />;
}
