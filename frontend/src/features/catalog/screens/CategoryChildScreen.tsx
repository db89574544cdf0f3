import '@/features/catalog/messages';
import { PageError } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useT } from '@/lib/i18n';
import { useCategoryTree } from '@/lib/queries/categories';
import type { AddToCart, CategoryTreeItem } from '@/types/api';
import { CategoryScreen } from '@/features/catalog/screens/CategoryScreen';
import { ProductScreen } from '@/features/catalog/screens/ProductScreen';

/** /category/a/b is the sub-category b of a when the tree says so, else the product b. */
export const isSubCategory = (tree: readonly CategoryTreeItem[], parentSlug: string, slug: string) =>
  tree.some((category) => category.slug === parentSlug && category.sub_categories.some((sub) => sub.slug === slug));

interface CategoryChildScreenProps {
  parentSlug: string;
  slug: string;
  onAddToCart: AddToCart;
}

export function CategoryChildScreen({ parentSlug, slug, onAddToCart }: CategoryChildScreenProps) {
  const t = useT();
  const tree = useCategoryTree();
  if (tree.isPending) return <PageLoading />;
  if (tree.isError) {
    return (
      <PageError onRetry={() => void tree.refetch()}>{t('catalog.loadError')}</PageError>
    );
  }
  return isSubCategory(tree.data, parentSlug, slug) ? (
    <CategoryScreen slug={slug} parentSlug={parentSlug} />
  ) : (
    <ProductScreen slug={slug} onAddToCart={onAddToCart} />
  );
}
