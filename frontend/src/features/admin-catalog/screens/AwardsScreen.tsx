import { useState } from 'react';
import { AdminPage } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { useDeleteAward, useDeskAwards, useSaveAward } from '@/features/admin-catalog/api/taxonomy';
import { EntityForm, type FieldSpec, type FormValues } from '@/features/admin-catalog/components/EntityForm';
import { PictureField } from '@/features/admin-catalog/components/PictureField';
import { OrderedList, removalProblem } from '@/features/admin-catalog/components/OrderedList';
import { useReorder } from '@/features/admin-catalog/components/use-reorder';
import { localBody, localValues } from '@/features/admin-catalog/words';
import type { AwardBody, StaffAward } from '@/types/desk';

const SPECS: FieldSpec[] = [
  { name: 'title', label: 'Title', required: true, translated: true },
  { name: 'description', label: 'Description', kind: 'textarea', translated: true },
];

const WORDS = ['title', 'description'] as const;
const values = (award?: StaffAward): FormValues => ({ title: award?.title ?? '', description: award?.description ?? '', ...localValues(WORDS, award?.translations) });
const body = (form: FormValues, position: number): AwardBody => ({
  title: String(form.title),
  description: String(form.description).trim() || null,
  position,
  translations: localBody(WORDS, form),
});

export default function AwardsScreen() {
  const toast = useToast();
  const awards = useDeskAwards();
  const save = useSaveAward();
  const remove = useDeleteAward();
  const [adding, setAdding] = useState(false);
  const { reorder, pending } = useReorder<StaffAward>(
    (award) => award.position,
    (award, place) => save.mutateAsync({ id: award.id, body: body(values(award), place) }),
  );

  if (awards.isError) return <ErrorBox onRetry={() => void awards.refetch()}>The awards could not be loaded.</ErrorBox>;
  if (!awards.data) return <PageLoading />;
  const list = awards.data;
  return (
    <AdminPage
      title="Awards"
      intro="Shown on the About page, in this order."
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
            New award
          </button>
        )
      }
    >
      {adding ? (
        <div className="mb-4">
          <EntityForm
            idPrefix="new-award"
            title="New award"
            specs={SPECS}
            initial={values()}
            submitLabel="Create award"
            pending={save.isPending}
            error={save.error}
            onCancel={() => setAdding(false)}
            onSubmit={(form) =>
              save.mutate(
                { body: body(form, list.length) },
                {
                  onSuccess: (award) => {
                    toast.success('Award created', award.title);
                    setAdding(false);
                  },
                },
              )
            }
          />
        </div>
      ) : null}
      {list.length === 0 ? <p className="text-stone-700">No awards yet.</p> : null}
      <OrderedList
        items={list}
        noun="award"
        label={(award) => award.title}
        detail={(award) => award.description?.slice(0, 120)}
        onEdit={() => save.reset()}
        reordering={pending}
        onReorder={reorder}
        removing={remove.isPending}
        onRemove={(award, done, failed) =>
          remove.mutate(award.id, {
            onSuccess: () => {
              toast.success('Award removed', award.title);
              done();
            },
            onError: (error) => failed(removalProblem(error)),
          })
        }
        editor={(award, close) => (
          <>
          <EntityForm
            idPrefix={`award-${award.id}`}
            title={`Edit ${award.title}`}
            specs={SPECS}
            initial={values(award)}
            submitLabel="Save award"
            pending={save.isPending}
            error={save.error}
            onCancel={close}
            onSubmit={(form) =>
              save.mutate(
                { id: award.id, body: body(form, award.position) },
                {
                  onSuccess: () => {
                    toast.success('Award saved');
                    close();
                  },
                },
              )
            }
          />
          <PictureField label="Picture" path={`/awards/${award.id}/picture`} alt={award.title} />
          </>
        )}
      />
    </AdminPage>
  );
}
