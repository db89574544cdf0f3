import { useParams } from 'react-router';
import { CropScreen } from '@/features/crops/screens/CropScreen';

export default function CropRoute() {
  const { cropSlug = '' } = useParams();
  return <CropScreen slug={cropSlug} />;
}
