import { useParams } from 'react-router';
import { useAddToCartAndOpen } from '@/app/routes/use-add-to-cart';
import { CategoryChildScreen } from '@/features/catalog/screens/CategoryChildScreen';

export default function CategoryChildRoute() {
  const { parentSlug = '', slug = '' } = useParams();
  return <CategoryChildScreen parentSlug={parentSlug} slug={slug} onAddToCart={useAddToCartAndOpen()} />;
}
