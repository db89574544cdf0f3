import { FindOrderScreen } from '@/features/orders/screens/FindOrderScreen';

export default function FindOrderRoute() {
  return <FindOrderScreen />;
}
