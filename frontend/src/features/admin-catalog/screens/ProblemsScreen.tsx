// Pests, diseases and deficiencies: each with the crops it affects. A crop's page lists them with
// the products that treat them (set on each product's page).
import { useState } from 'react';
import { AdminPage } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { useDeleteProblem, useDeskCrops, useDeskProblems, useSaveProblem } from '@/features/admin-catalog/api/crops';
import { EntityForm, type FieldSpec, type FormValues } from '@/features/admin-catalog/components/EntityForm';
import { OrderedList, removalProblem } from '@/features/admin-catalog/components/OrderedList';
import { useReorder } from '@/features/admin-catalog/components/use-reorder';
import { kindLabel, PROBLEM_KINDS } from '@/features/admin-catalog/crop-terms';
import { namedBody, namedErrors, namedSpecs, namedValues } from '@/features/admin-catalog/named-form';
import type { ProblemBody, StaffCrop, StaffProblem } from '@/types/desk';

const cropField = (crop: StaffCrop) => `crop_${crop.id}`;

const specs = (crops: StaffCrop[]): FieldSpec[] => [
  ...namedSpecs('it names the problem in links and the audit log'),
  { name: 'kind', label: 'Kind', kind: 'select', options: PROBLEM_KINDS },
  ...crops.map((crop): FieldSpec => ({ name: cropField(crop), label: `Affects ${crop.name}`, kind: 'checkbox' })),
];

const values = (crops: StaffCrop[], problem?: StaffProblem): FormValues => ({
  ...namedValues(problem),
  kind: problem?.kind ?? 'pest',
  ...Object.fromEntries(crops.map((crop) => [cropField(crop), problem?.crop_ids.includes(crop.id) ?? false])),
});

const body = (crops: StaffCrop[], form: FormValues, sort_order: number): ProblemBody => ({
  ...namedBody(form, sort_order),
  kind: String(form.kind),
  crop_ids: crops.filter((crop) => form[cropField(crop)] === true).map((crop) => crop.id),
});

export default function ProblemsScreen() {
  const toast = useToast();
  const problems = useDeskProblems();
  const crops = useDeskCrops();
  const save = useSaveProblem();
  const remove = useDeleteProblem();
  const [adding, setAdding] = useState(false);
  const cropList = crops.data ?? [];
  const { reorder, pending } = useReorder<StaffProblem>(
    (problem) => problem.sort_order,
    (problem, place) => save.mutateAsync({ id: problem.id, body: body(cropList, values(cropList, problem), place) }),
  );

  if (problems.isError || crops.isError)
    return (
      <ErrorBox
        onRetry={() => {
          void problems.refetch();
          void crops.refetch();
        }}
      >
        The pests and diseases could not be loaded.
      </ErrorBox>
    );
  if (!problems.data || !crops.data) return <PageLoading />;
  const list = problems.data;
  const fields = specs(cropList);
  const cropNames = (problem: StaffProblem) =>
    cropList
      .filter((crop) => problem.crop_ids.includes(crop.id))
      .map((crop) => crop.name)
      .join(', ');
  return (
    <AdminPage
      title="Pests and diseases"
      intro="Each crop's page lists the problems that affect it with the products that treat them. Choose what a product treats on its page."
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
            New problem
          </button>
        )
      }
    >
      {adding ? (
        <div className="mb-4">
          <EntityForm
            idPrefix="new-problem"
            title="New pest, disease or deficiency"
            specs={fields}
            initial={values(cropList)}
            submitLabel="Create"
            pending={save.isPending}
            error={namedErrors(save.error)}
            onCancel={() => setAdding(false)}
            onSubmit={(form) =>
              save.mutate(
                { body: body(cropList, form, list.length) },
                {
                  onSuccess: (problem) => {
                    toast.success('Created', problem.name);
                    setAdding(false);
                  },
                },
              )
            }
          />
        </div>
      ) : null}
      {list.length === 0 && !adding ? <p className="text-stone-700">No pests or diseases yet.</p> : null}
      <OrderedList
        items={list}
        noun="problem"
        label={(problem) => problem.name}
        detail={(problem) => `${kindLabel(problem.kind)} · ${cropNames(problem) || 'no crop'} · ${problem.product_count === 1 ? '1 product' : `${problem.product_count} products`}`}
        onEdit={() => save.reset()}
        reordering={pending}
        onReorder={reorder}
        removing={remove.isPending}
        onRemove={(problem, done, failed) =>
          remove.mutate(problem.id, {
            onSuccess: () => {
              toast.success('Removed', problem.name);
              done();
            },
            onError: (error) => failed(removalProblem(error)),
          })
        }
        editor={(problem, close) => (
          <EntityForm
            idPrefix={`problem-${problem.id}`}
            title={`Edit ${problem.name}`}
            specs={fields}
            initial={values(cropList, problem)}
            submitLabel="Save"
            pending={save.isPending}
            error={namedErrors(save.error)}
            onCancel={close}
            onSubmit={(form) =>
              save.mutate(
                { id: problem.id, body: body(cropList, form, problem.sort_order) },
                {
                  onSuccess: () => {
                    toast.success('Saved', problem.name);
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
