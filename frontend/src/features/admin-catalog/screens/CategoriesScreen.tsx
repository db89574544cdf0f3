// Two levels of categories: top-level ones in the shop's menu, each with its sub-categories.
// Each level is reordered on its own; a category moves to another parent from its form.
import { useState } from 'react';
import { AdminPage } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { useDeleteCategory, useDeskCategories, useSaveCategory } from '@/features/admin-catalog/api/taxonomy';
import { categoryTree } from '@/features/admin-catalog/components/CategoryOptions';
import { EntityForm, type FieldSpec, type FormValues } from '@/features/admin-catalog/components/EntityForm';
import { OrderedList, removalProblem } from '@/features/admin-catalog/components/OrderedList';
import { useReorder } from '@/features/admin-catalog/components/use-reorder';
import { localBody, localValues } from '@/features/admin-catalog/words';
import type { CategoryBody, StaffCategory } from '@/types/desk';

const WORDS = ['name', 'description'] as const;
const values = (category?: StaffCategory, parent?: number): FormValues => ({
  name: category?.name ?? '',
  parent_id: String(category?.parent_id ?? parent ?? ''),
  description: category?.description ?? '',
  ...localValues(WORDS, category?.translations),
});
const body = (form: FormValues, sort_order: number): CategoryBody => ({
  name: String(form.name),
  parent_id: form.parent_id === '' ? null : Number(form.parent_id),
  description: String(form.description),
  sort_order,
  translations: localBody(WORDS, form),
});

export default function CategoriesScreen() {
  const toast = useToast();
  const categories = useDeskCategories();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  /** `top` for a new top-level category, or the id of the parent a sub-category is added under. */
  const [adding, setAdding] = useState<'top' | number | null>(null);
  const { reorder, pending } = useReorder<StaffCategory>(
    (category) => category.sort_order,
    (category, place) => save.mutateAsync({ id: category.id, body: body(values(category), place) }),
  );

  if (categories.isError) return <ErrorBox onRetry={() => void categories.refetch()}>The categories could not be loaded.</ErrorBox>;
  if (!categories.data) return <PageLoading />;
  const all = categories.data;
  const tree = categoryTree(all);

  /** A category with sub-categories stays top-level (two levels only). */
  const specs = (category?: StaffCategory): FieldSpec[] => {
    const hasChildren = category !== undefined && all.some((c) => c.parent_id === category.id);
    return [
      { name: 'name', label: 'Name', required: true, hint: 'Its address in the shop follows the name.', translated: true },
      {
        name: 'parent_id',
        label: 'Belongs under',
        kind: 'select',
        hint: hasChildren ? 'It has sub-categories, so it stays at the top level.' : 'Move it under another category, or to the top level.',
        options: [
          { value: '', label: 'Nothing: a top-level category' },
          ...(hasChildren ? [] : tree.filter(({ top }) => top.id !== category?.id).map(({ top }) => ({ value: String(top.id), label: top.name }))),
        ],
      },
      { name: 'description', label: 'Description', kind: 'textarea', translated: true },
    ];
  };

  const startAdding = (where: 'top' | number) => {
    save.reset();
    setAdding(where);
  };
  const newForm = (parent?: number) => (
    <EntityForm
      idPrefix={parent ? `new-category-${parent}` : 'new-category'}
      title={parent ? 'New sub-category' : 'New category'}
      specs={specs()}
      initial={values(undefined, parent)}
      submitLabel="Create category"
      pending={save.isPending}
      error={save.error}
      onCancel={() => setAdding(null)}
      onSubmit={(form) => {
        const siblings = all.filter((c) => String(c.parent_id ?? '') === form.parent_id).length;
        save.mutate(
          { body: body(form, siblings) },
          {
            onSuccess: (category) => {
              toast.success('Category created', category.name);
              setAdding(null);
            },
          },
        );
      }}
    />
  );

  const list = (items: StaffCategory[], nested: boolean) => (
    <OrderedList
      items={items}
      noun="category"
      label={(category) => category.name}
      detail={(category) => (nested ? null : `${all.filter((c) => c.parent_id === category.id).length} sub-categories`)}
      onEdit={() => save.reset()}
      reordering={pending}
      onReorder={reorder}
      removing={remove.isPending}
      onRemove={(category, done, failed) =>
        remove.mutate(category.id, {
          onSuccess: () => {
            toast.success('Category removed', category.name);
            done();
          },
          onError: (error) => failed(removalProblem(error)),
        })
      }
      editor={(category, close) => (
        <EntityForm
          idPrefix={`category-${category.id}`}
          title={`Edit ${category.name}`}
          specs={specs(category)}
          initial={values(category)}
          submitLabel="Save category"
          pending={save.isPending}
          error={save.error}
          onCancel={close}
          onSubmit={(form) => {
            const moved = form.parent_id !== String(category.parent_id ?? '');
            const place = moved ? all.filter((c) => String(c.parent_id ?? '') === form.parent_id).length : category.sort_order;
            save.mutate(
              { id: category.id, body: body(form, place) },
              {
                onSuccess: () => {
                  toast.success(moved ? 'Category moved' : 'Category saved');
                  close();
                },
              },
            );
          }}
        />
      )}
      below={
        nested
          ? undefined
          : (top) => {
              const children = all.filter((c) => c.parent_id === top.id);
              return (
                <div className="mt-2 ml-2 space-y-2 border-l-2 border-stone-200 pl-2 sm:ml-8 sm:pl-3">
                  {children.length > 0 ? list(children, true) : null}
                  {adding === top.id ? (
                    newForm(top.id)
                  ) : (
                    <button type="button" className="inline-flex min-h-11 items-center text-sm font-medium text-green-900 underline" onClick={() => startAdding(top.id)}>
                      Add a sub-category to {top.name}
                    </button>
                  )}
                </div>
              );
            }
      }
    />
  );

  return (
    <AdminPage
      title="Categories"
      intro="Two levels, in the order of the shop's menu."
      actions={
        adding === 'top' ? null : (
          <button type="button" className="btn-primary" onClick={() => startAdding('top')}>
            New category
          </button>
        )
      }
    >
      {adding === 'top' ? <div className="mb-4">{newForm()}</div> : null}
      {list(
        tree.map(({ top }) => top),
        false,
      )}
    </AdminPage>
  );
}
