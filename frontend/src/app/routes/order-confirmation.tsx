import { useParams } from 'react-router';
import { OrderConfirmationScreen } from '@/features/orders/screens/OrderConfirmationScreen';

export default function OrderConfirmationRoute() {
  const { uuid = '' } = useParams();
  return <OrderConfirmationScreen uuid={uuid} />;
}
