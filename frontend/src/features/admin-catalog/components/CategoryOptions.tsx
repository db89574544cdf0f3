import type { StaffCategory } from '@/types/desk';

/** Top-level categories with their sub-categories beneath, in the shop's order. */
export function categoryTree(categories: StaffCategory[]): { top: StaffCategory; children: StaffCategory[] }[] {
  return categories
    .filter((category) => category.parent_id === null)
    .map((top) => ({ top, children: categories.filter((category) => category.parent_id === top.id) }));
}

/** `<option>`s for a category select: each top-level one, then its sub-categories indented. */
export function CategoryOptions({ categories }: { categories: StaffCategory[] }) {
  return categoryTree(categories).map(({ top, children }) => [
    <option key={top.id} value={top.id}>
      {top.name}
    </option>,
    ...children.map((child) => (
      <option key={child.id} value={child.id}>
        {`\u00a0\u00a0\u00a0${top.name} › ${child.name}`}
      </option>
    )),
  ]);
}
