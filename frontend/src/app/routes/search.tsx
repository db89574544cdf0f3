import { useSearchParams } from 'react-router';
import { SearchScreen } from '@/features/search/screens/SearchScreen';

export default function SearchRoute() {
  const [params] = useSearchParams();
  const term = (params.get('search') ?? '').trim();
  return <SearchScreen key={term} term={term} />;
}
