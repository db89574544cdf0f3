// Shop by crop: the crops with a page each (/crop/{address}), in the order the shop lists them.
// Which products serve a crop is set on each product's page.
import { useState } from 'react';
import { AdminPage } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { useDeleteCrop, useDeskCrops, useSaveCrop } from '@/features/admin-catalog/api/crops';
import { EntityForm } from '@/features/admin-catalog/components/EntityForm';
import { OrderedList, removalProblem } from '@/features/admin-catalog/components/OrderedList';
import { useReorder } from '@/features/admin-catalog/components/use-reorder';
import { namedBody, namedErrors, namedSpecs, namedValues } from '@/features/admin-catalog/named-form';
import { paths } from '@/lib/paths';
import type { StaffCrop } from '@/types/desk';

const SPECS = namedSpecs('the crop’s page is /crop/{address}');

const products = (count: number) => (count === 1 ? '1 product' : `${count} products`);

export default function CropsScreen() {
  const toast = useToast();
  const crops = useDeskCrops();
  const save = useSaveCrop();
  const remove = useDeleteCrop();
  const [adding, setAdding] = useState(false);
  const { reorder, pending } = useReorder<StaffCrop>(
    (crop) => crop.sort_order,
    (crop, place) => save.mutateAsync({ id: crop.id, body: namedBody(namedValues(crop), place) }),
  );

  if (crops.isError) return <ErrorBox onRetry={() => void crops.refetch()}>The crops could not be loaded.</ErrorBox>;
  if (!crops.data) return <PageLoading />;
  const list = crops.data;
  return (
    <AdminPage
      title="Crops"
      intro="Each crop has a page in the shop listing its products by need. Link products to crops on each product's page."
      actions={
        adding ? null : (
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              save.reset();
              setAdding(true);
            }}
          >
            New crop
          </button>
        )
      }
    >
      {adding ? (
        <div className="mb-4">
          <EntityForm
            idPrefix="new-crop"
            title="New crop"
            specs={SPECS}
            initial={namedValues()}
            submitLabel="Create crop"
            pending={save.isPending}
            error={namedErrors(save.error)}
            onCancel={() => setAdding(false)}
            onSubmit={(form) =>
              save.mutate(
                { body: namedBody(form, list.length) },
                {
                  onSuccess: (crop) => {
                    toast.success('Crop created', crop.name);
                    setAdding(false);
                  },
                },
              )
            }
          />
        </div>
      ) : null}
      {list.length === 0 && !adding ? <p className="text-stone-700">No crops yet.</p> : null}
      <OrderedList
        items={list}
        noun="crop"
        label={(crop) => crop.name}
        detail={(crop) => (
          <>
            <span>{[crop.ml.name, crop.ta.name, ...crop.other_names].filter(Boolean).join(' · ')}</span>
            <span className="block">
              {products(crop.product_count)} ·{' '}
              <a href={paths.crop.getHref(crop.slug)} className="text-green-800 underline" target="_blank" rel="noreferrer">
                /crop/{crop.slug}
              </a>
            </span>
          </>
        )}
        onEdit={() => save.reset()}
        reordering={pending}
        onReorder={reorder}
        removing={remove.isPending}
        onRemove={(crop, done, failed) =>
          remove.mutate(crop.id, {
            onSuccess: () => {
              toast.success('Crop removed', crop.name);
              done();
            },
            onError: (error) => failed(removalProblem(error)),
          })
        }
        editor={(crop, close) => (
          <EntityForm
            idPrefix={`crop-${crop.id}`}
            title={`Edit ${crop.name}`}
            specs={SPECS}
            initial={namedValues(crop)}
            submitLabel="Save crop"
            pending={save.isPending}
            error={namedErrors(save.error)}
            onCancel={close}
            onSubmit={(form) =>
              save.mutate(
                { id: crop.id, body: namedBody(form, crop.sort_order) },
                {
                  onSuccess: () => {
                    toast.success('Crop saved', crop.name);
                    close();
                  },
                },
              )
            }
          />
        )}
      />
    </AdminPage>
  );
}
