import { useParams } from 'react-router';
import { CategoryScreen } from '@/features/catalog/screens/CategoryScreen';

export default function CategoryRoute() {
  const { categorySlug = '' } = useParams();
  return <CategoryScreen slug={categorySlug} />;
}
