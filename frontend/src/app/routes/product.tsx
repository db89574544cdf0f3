import { useParams } from 'react-router';
import { useAddToCartAndOpen } from '@/app/routes/use-add-to-cart';
import { ProductScreen } from '@/features/catalog/screens/ProductScreen';

/** /category/{parent}/{category}/{product} and /dealer/{brand}/{product}. */
export default function ProductRoute() {
  const { productSlug = '' } = useParams();
  return <ProductScreen slug={productSlug} onAddToCart={useAddToCartAndOpen()} />;
}
