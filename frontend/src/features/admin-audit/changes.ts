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

/** A value as staff read it. */
export function showValue(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'empty';
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (value === '') return '(blank)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** `product.update` → `Product changed`; an unknown action keeps its code. */
const VERBS: Record<string, string> = {
  create: 'created',
  update: 'changed',
  delete: 'removed',
  adjust: 'adjusted',
  invite: 'invited',
  role: 'role changed',
  disable: 'disabled',
  enable: 'enabled',
  two_factor_enrol: 'set up two-step sign-in',
  recovery_code_use: 'signed in with a recovery code',
  create_admin: 'made admin from the command line',
  password_reset: 'password reset mailed',
  handled: 'marked handled',
  reopened: 'marked not handled',
};

export function actionLabel(action: string): string {
  const [subject = '', verb = ''] = action.split('.', 2);
  const described = VERBS[verb];
  if (!described) return action;
  const noun = subject.charAt(0).toUpperCase() + subject.slice(1).replaceAll('_', ' ');
  return `${noun} ${described}`;
}
