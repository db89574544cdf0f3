// Words that mean one thing to the shop's search (`elam`, `elakkai`, `cardamom`): a shopper who
// types any of them finds what the others find.
import { useState } from 'react';
import { AdminPage } from '@/components/admin/AdminPage';
import { ConfirmDialog } from '@/components/admin/ConfirmDialog';
import { ErrorBox } from '@/components/ErrorBox';
import { FormAlert } from '@/components/form/FormAlert';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { useDeleteSynonyms, useDeskSynonyms, useSaveSynonyms } from '@/features/admin-catalog/api/crops';
import { EntityForm, type FieldSpec, type FormValues } from '@/features/admin-catalog/components/EntityForm';
import { removalProblem } from '@/features/admin-catalog/components/OrderedList';
import { joinWords, splitWords } from '@/features/admin-catalog/words';
import type { SynonymGroup } from '@/types/desk';

const SPECS: FieldSpec[] = [{ name: 'words', label: 'Words', required: true, hint: 'Two or more, in any script, separated by commas.' }];
const values = (group?: SynonymGroup): FormValues => ({ words: joinWords(group?.words ?? []) });
const body = (form: FormValues) => ({ words: splitWords(String(form.words)) });

export default function SynonymsScreen() {
  const toast = useToast();
  const groups = useDeskSynonyms();
  const save = useSaveSynonyms();
  const remove = useDeleteSynonyms();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removal, setRemoval] = useState<SynonymGroup | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (groups.isError) return <ErrorBox onRetry={() => void groups.refetch()}>The search words could not be loaded.</ErrorBox>;
  if (!groups.data) return <PageLoading />;
  const form = (group?: SynonymGroup) => (
    <EntityForm
      idPrefix={group ? `synonyms-${group.id}` : 'new-synonyms'}
      title={group ? `Edit ${joinWords(group.words)}` : 'New group of words'}
      specs={SPECS}
      initial={values(group)}
      submitLabel={group ? 'Save words' : 'Create group'}
      pending={save.isPending}
      error={save.error}
      onCancel={() => setEditing(null)}
      onSubmit={(answers) =>
        save.mutate(
          { id: group?.id, body: body(answers) },
          {
            onSuccess: (saved) => {
              toast.success(group ? 'Words saved' : 'Group created', joinWords(saved.words));
              setEditing(null);
            },
          },
        )
      }
    />
  );
  return (
    <AdminPage
      title="Search words"
      intro="Words that mean the same thing to the shop's search: a shopper typing any of them finds what the others find."
      actions={
        editing === 'new' ? null : (
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              save.reset();
              setEditing('new');
            }}
          >
            New group
          </button>
        )
      }
    >
      {problem ? (
        <div className="mb-3">
          <FormAlert>{problem}</FormAlert>
        </div>
      ) : null}
      {editing === 'new' ? <div className="mb-4">{form()}</div> : null}
      {groups.data.length === 0 && editing !== 'new' ? <p className="text-stone-700">No groups of words yet.</p> : null}
      <ul className="space-y-2">
        {groups.data.map((group) => (
          <li key={group.id}>
            {editing === group.id ? (
              form(group)
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-stone-200 bg-white p-3">
                <p className="w-full min-w-0 font-medium break-words text-stone-900 sm:w-auto sm:flex-1">{joinWords(group.words)}</p>
                <div className="flex flex-wrap gap-1">
                  <button
                    type="button"
                    className="btn-secondary min-h-11 px-3"
                    onClick={() => {
                      save.reset();
                      setEditing(group.id);
                    }}
                  >
                    Edit
                  </button>
                  <button type="button" className="btn min-h-11 border border-red-700 bg-white px-3 text-red-800 hover:bg-red-50" onClick={() => setRemoval(group)}>
                    Remove
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removal !== null}
        title={removal ? `Remove ${joinWords(removal.words)}?` : ''}
        message="Search stops treating these words as one. The words themselves stay wherever they are written."
        confirmLabel="Remove group"
        destructive
        pending={remove.isPending}
        onCancel={() => setRemoval(null)}
        onConfirm={() => {
          if (!removal) return;
          setProblem(null);
          remove.mutate(removal.id, {
            onSuccess: () => {
              toast.success('Group removed', joinWords(removal.words));
              setRemoval(null);
            },
            onError: (error) => {
              setRemoval(null);
              setProblem(removalProblem(error));
            },
          });
        }}
      />
    </AdminPage>
  );
}
