import { UserScreen } from '@/features/account/screens/UserScreen';
import { OrdersList } from '@/features/orders/components/OrdersList';

export default function UserRoute() {
  return <UserScreen orders={<OrdersList />} />;
}
