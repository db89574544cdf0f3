// What one audit line changed, field by field: the before and after JSON flattened to paths
// (`declarations.organic`), and only the paths whose values differ.

export interface FieldChange {
  field: string;
  /** `undefined`: the field was not there (a creation, or a field new to the record). */
  before: unknown;
  after: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nested objects become dotted paths; lists stay whole (a changed list shows as one value). */
function flatten(values: Record<string, unknown> | null, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(values ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value) && Object.keys(value).length > 0) flatten(value, path, into);
    else into.set(path, value);
  }
  return into;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const old = flatten(before);
  const now = flatten(after);
  const fields = [...new Set([...old.keys(), ...now.keys()])];
  return fields.filter((field) => !same(old.get(field), now.get(field))).map((field) => ({ field, before: old.get(field), after: now.get(field) }));
}
