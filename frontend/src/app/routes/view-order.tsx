import { useParams, useSearchParams } from 'react-router';
import { ViewOrderScreen } from '@/features/orders/screens/ViewOrderScreen';

export default function ViewOrderRoute() {
  const { uuid = '' } = useParams();
  // A message's link carries a key that opens the order without signing in.
  const [search] = useSearchParams();
  return <ViewOrderScreen uuid={uuid} linkKey={search.get('key') ?? undefined} />;
}
