import { useParams } from 'react-router';
import { BrandScreen } from '@/features/catalog/screens/BrandScreen';

export default function BrandRoute() {
  const { brandSlug = '' } = useParams();
  return <BrandScreen slug={brandSlug} />;
}
