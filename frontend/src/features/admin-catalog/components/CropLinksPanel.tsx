// A product's place on the crop pages: the crops it serves, each for one need (nutrition,
// protection, ...), and the pests, diseases and deficiencies it treats.
import { useState } from 'react';
import { Panel } from '@/components/admin/AdminPage';
import { FormAlert } from '@/components/form/FormAlert';
import { SelectField } from '@/components/form/SelectField';
import { CheckboxField } from '@/components/form/CheckboxField';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { formError } from '@/lib/form-errors';
import { useDeskCrops, useDeskProblems, useProductCropLinks, useSaveProductCropLinks } from '@/features/admin-catalog/api/crops';
import { kindLabel, NEEDS } from '@/features/admin-catalog/crop-terms';
import type { Need, ProductCropLinks, StaffCrop, StaffProblem } from '@/types/desk';

interface Links {
  crops: { crop_id: number; need: Need }[];
  problem_ids: number[];
}

const linksOf = (saved: ProductCropLinks): Links => ({ crops: saved.crops.map(({ crop_id, need }) => ({ crop_id, need })), problem_ids: [...saved.problem_ids] });

export function CropLinksPanel({ productId }: { productId: number }) {
  const saved = useProductCropLinks(productId);
  const crops = useDeskCrops();
  const problems = useDeskProblems();
  return (
    <Panel title="Crops and problems">
      {saved.data && crops.data && problems.data ? (
        // Keyed by what was saved: a save (or another tab's) starts the form again from it.
        <CropLinksForm key={JSON.stringify(saved.data)} productId={productId} saved={linksOf(saved.data)} crops={crops.data} problems={problems.data} />
      ) : saved.isError || crops.isError || problems.isError ? (
        <FormAlert>The crops could not be loaded. Reload the page to try again.</FormAlert>
      ) : (
        <PageLoading />
      )}
    </Panel>
  );
}

interface CropLinksFormProps {
  productId: number;
  saved: Links;
  crops: StaffCrop[];
  problems: StaffProblem[];
}

function CropLinksForm({ productId, saved, crops, problems }: CropLinksFormProps) {
  const toast = useToast();
  const save = useSaveProductCropLinks(productId);
  const [links, setLinks] = useState<Links>(saved);
  const unlinked = crops.filter((crop) => !links.crops.some((link) => link.crop_id === crop.id));
  const [adding, setAdding] = useState<{ crop: string; need: Need }>({ crop: '', need: 'nutrition' });
  const changed = JSON.stringify(links) !== JSON.stringify(saved);
  const cropName = (id: number) => crops.find((crop) => crop.id === id)?.name ?? `#${id}`;
  // The problems of the crops it serves come first: those are the ones a crop's page can show.
  const linkedCrops = new Set(links.crops.map((link) => link.crop_id));
  const ranked = [...problems].sort((a, b) => Number(b.crop_ids.some((id) => linkedCrops.has(id))) - Number(a.crop_ids.some((id) => linkedCrops.has(id))));
  const alert = formError(save.error, [], 'The shop could not be reached. Try again.');

  const add = () => {
    const crop = Number(adding.crop);
    if (!crop) return;
    setLinks({ ...links, crops: [...links.crops, { crop_id: crop, need: adding.need }] });
    setAdding({ crop: '', need: adding.need });
  };

  return (
    <form
      noValidate
      aria-label="Crops and problems"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(links, { onSuccess: () => toast.success('Crops saved') });
      }}
    >
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <fieldset>
        <legend className="font-semibold text-stone-900">Crops it serves</legend>
        {links.crops.length === 0 ? <p className="mt-1 text-sm text-stone-600">No crop yet: it is on no crop page.</p> : null}
        <ul className="mt-2 space-y-2">
          {links.crops.map((link, index) => (
            <li key={link.crop_id} className="flex flex-wrap items-end gap-2 rounded-lg border border-stone-200 p-2">
              <SelectField
                id={`crop-link-${link.crop_id}-need`}
                label={cropName(link.crop_id)}
                className="min-w-40 flex-1"
                value={link.need}
                onChange={(event) => {
                  const crops = [...links.crops];
                  crops[index] = { ...link, need: event.target.value as Need };
                  setLinks({ ...links, crops });
                }}
              >
                {NEEDS.map((need) => (
                  <option key={need.value} value={need.value}>
                    {need.label}
                  </option>
                ))}
              </SelectField>
              <button
                type="button"
                className="btn min-h-11 border border-red-700 bg-white px-3 text-red-800 hover:bg-red-50"
                aria-label={`Take off ${cropName(link.crop_id)}`}
                onClick={() => setLinks({ ...links, crops: links.crops.filter((other) => other.crop_id !== link.crop_id) })}
              >
                Take off
              </button>
            </li>
          ))}
        </ul>
        {unlinked.length > 0 ? (
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <SelectField id={`crop-add-${productId}`} label="Add a crop" className="min-w-40 flex-1" value={adding.crop} onChange={(event) => setAdding({ ...adding, crop: event.target.value })}>
              <option value="">Choose a crop</option>
              {unlinked.map((crop) => (
                <option key={crop.id} value={crop.id}>
                  {crop.name}
                </option>
              ))}
            </SelectField>
            <SelectField id={`crop-add-${productId}-need`} label="For" className="min-w-40 flex-1" value={adding.need} onChange={(event) => setAdding({ ...adding, need: event.target.value as Need })}>
              {NEEDS.map((need) => (
                <option key={need.value} value={need.value}>
                  {need.label}
                </option>
              ))}
            </SelectField>
            <button type="button" className="btn-secondary" disabled={adding.crop === ''} onClick={add}>
              Add crop
            </button>
          </div>
        ) : null}
      </fieldset>
      {problems.length > 0 ? (
        <fieldset>
          <legend className="font-semibold text-stone-900">Pests, diseases and deficiencies it treats</legend>
          <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
            {ranked.map((problem) => (
              <CheckboxField
                key={problem.id}
                id={`treats-${productId}-${problem.id}`}
                label={problem.name}
                hint={`${kindLabel(problem.kind)} · ${problem.crop_ids.map(cropName).join(', ') || 'no crop'}`}
                checked={links.problem_ids.includes(problem.id)}
                onChange={(checked) =>
                  setLinks({ ...links, problem_ids: checked ? [...links.problem_ids, problem.id] : links.problem_ids.filter((id) => id !== problem.id) })
                }
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={save.isPending || !changed}>
          {save.isPending ? 'Saving…' : 'Save crops'}
        </button>
        {changed ? <span className="text-sm text-stone-600">Unsaved changes</span> : null}
      </div>
    </form>
  );
}
