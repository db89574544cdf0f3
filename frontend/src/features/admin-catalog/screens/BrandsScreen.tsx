import { useState } from 'react';
import { AdminPage } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { useDeleteBrand, useDeskBrands, useSaveBrand } from '@/features/admin-catalog/api/taxonomy';
import { EntityForm, type FieldSpec, type FormValues } from '@/features/admin-catalog/components/EntityForm';
import { PictureField } from '@/features/admin-catalog/components/PictureField';
import { OrderedList, removalProblem } from '@/features/admin-catalog/components/OrderedList';
import { useReorder } from '@/features/admin-catalog/components/use-reorder';
import { localBody, localValues } from '@/features/admin-catalog/words';
import type { BrandBody, StaffBrand } from '@/types/desk';

const SPECS: FieldSpec[] = [
  { name: 'name', label: 'Name', required: true, hint: 'Its address in the shop follows the name.', translated: true },
  { name: 'description', label: 'Description', kind: 'textarea', translated: true },
  { name: 'is_house_brand', label: 'House brand', kind: 'checkbox', hint: 'Listed first, as the shop’s own' },
];

const WORDS = ['name', 'description'] as const;
const values = (brand?: StaffBrand): FormValues => ({
  name: brand?.name ?? '',
  description: brand?.description ?? '',
  is_house_brand: brand?.is_house_brand ?? false,
  ...localValues(WORDS, brand?.translations),
});
const body = (form: FormValues, sort_order: number): BrandBody => ({
  name: String(form.name),
  description: String(form.description),
  is_house_brand: Boolean(form.is_house_brand),
  sort_order,
  translations: localBody(WORDS, form),
});

export default function BrandsScreen() {
  const toast = useToast();
  const brands = useDeskBrands();
  const save = useSaveBrand();
  const remove = useDeleteBrand();
  const [adding, setAdding] = useState(false);
  const { reorder, pending } = useReorder<StaffBrand>(
    (brand) => brand.sort_order,
    (brand, place) => save.mutateAsync({ id: brand.id, body: body(values(brand), place) }),
  );

  if (brands.isError) return <ErrorBox onRetry={() => void brands.refetch()}>The brands could not be loaded.</ErrorBox>;
  if (!brands.data) return <PageLoading />;
  const list = brands.data;
  return (
    <AdminPage
      title="Brands"
      intro="The shop's menus and brand carousel follow this order."
      actions={
        adding ? null : (
          <button type="button" className="btn-primary" onClick={() => {
              save.reset();
              setAdding(true);
            }}>
            New brand
          </button>
        )
      }
    >
      {adding ? (
        <div className="mb-4">
          <EntityForm
            idPrefix="new-brand"
            title="New brand"
            specs={SPECS}
            initial={values()}
            submitLabel="Create brand"
            pending={save.isPending}
            error={save.error}
            onCancel={() => setAdding(false)}
            onSubmit={(form) =>
              save.mutate({ body: body(form, list.length) }, {
                  onSuccess: (brand) => {
                    toast.success('Brand created', brand.name);
                    setAdding(false);
                  },
                })
            }
          />
        </div>
      ) : null}
      <OrderedList
        items={list}
        noun="brand"
        label={(brand) => brand.name}
        detail={(brand) => (brand.is_house_brand ? 'House brand' : brand.description.slice(0, 120))}
        onEdit={() => save.reset()}
        reordering={pending}
        onReorder={reorder}
        removing={remove.isPending}
        onRemove={(brand, done, failed) =>
          remove.mutate(brand.id, {
            onSuccess: () => {
              toast.success('Brand removed', brand.name);
              done();
            },
            onError: (error) => failed(removalProblem(error)),
          })
        }
        editor={(brand, close) => (
          <>
          <EntityForm
            idPrefix={`brand-${brand.id}`}
            title={`Edit ${brand.name}`}
            specs={SPECS}
            initial={values(brand)}
            submitLabel="Save brand"
            pending={save.isPending}
            error={save.error}
            onCancel={close}
            onSubmit={(form) => save.mutate({ id: brand.id, body: body(form, brand.sort_order) }, {
                  onSuccess: () => {
                    toast.success('Brand saved');
                    close();
                  },
                })}
          />
          <PictureField label="Logo" path={`/brands/${brand.id}/logo`} alt={`${brand.name} logo`} />
          </>
        )}
      />
    </AdminPage>
  );
}
