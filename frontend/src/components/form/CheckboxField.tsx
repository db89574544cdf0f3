/** A checkbox with its label beside it, and a hint under the label. */
export function CheckboxField({ id, label, hint, checked, onChange }: { id: string; label: string; hint?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-3 size-5 shrink-0 accent-green-800"
      />
      <div>
        <label htmlFor={id} className="inline-flex min-h-11 items-center font-medium text-stone-900">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="-mt-2 text-sm text-stone-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
