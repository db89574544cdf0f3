import { useParams } from 'react-router';
import { ViewOrderScreen } from '@/features/orders/screens/ViewOrderScreen';

export default function ViewOrderRoute() {
  const { uuid = '' } = useParams();
  return <ViewOrderScreen uuid={uuid} />;
}
