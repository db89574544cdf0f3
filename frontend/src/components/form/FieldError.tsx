/** A field's message, under its control; nothing when there is none. */
export function FieldError({ id, children }: { id: string | undefined; children: string | undefined }) {
  return children ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {children}
    </p>
  ) : null;
}
