// The "take back goods" form: what is left of each line to come back, the checks made before
// sending (the server's rules), the body it becomes, and the server's 422 (its fields name lines by
// their place in the body, `lines.0.quantity`) put back beside the order's lines.
import type { MessageId } from '@/lib/i18n';
import type { OrderLine } from '@/types/orders';
import type { ReturnBody } from '@/types/orders-desk';

export interface ReturnDraft {
  /** How many came back, as typed, by the line's position. */
  quantities: Record<number, string>;
  /** Whether they go back on the shelf, by the line's position. */
  restock: Record<number, boolean>;
  refundDelivery: boolean;
  reason: string;
}

/** Units of a line that have not come back yet. */
export const unitsLeft = (line: Pick<OrderLine, 'quantity' | 'returned'>): number => line.quantity - line.returned;

type Built = { ok: true; body: ReturnBody } | { ok: false; errors: Record<string, MessageId> };

/** The body to send, or the problems to show (`<position>.quantity`, `lines`, `reason`). */
export function returnBody(draft: ReturnDraft, order: { lines: readonly OrderLine[] }): Built {
  const errors: Record<string, MessageId> = {};
  const lines: ReturnBody['lines'] = [];
  for (const line of order.lines) {
    const typed = (draft.quantities[line.position] ?? '').trim();
    if (typed === '' || typed === '0') continue;
    const quantity = /^\d+$/.test(typed) ? Number(typed) : NaN;
    if (!Number.isInteger(quantity) || quantity > unitsLeft(line)) {
      errors[`${line.position}.quantity`] = 'desk.returns.badQuantity';
      continue;
    }
    if (quantity > 0) lines.push({ position: line.position, quantity, restock: draft.restock[line.position] ?? true });
  }
  if (lines.length === 0 && Object.keys(errors).length === 0) errors.lines = 'desk.returns.noLines';
  if (draft.reason.trim() === '') errors.reason = 'desk.returns.noReason';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: { lines, refund_delivery: draft.refundDelivery, reason: draft.reason.trim() } };
}

/** The server's field errors on the form's fields: a line's (any of `lines.<i>.*`) beside that
 * line's quantity, the reason beside the reason, the rest (`lines`, `refund_delivery`) above. */
export function returnErrorsByPosition(errors: Record<string, string>, sent: ReturnBody): Record<string, string> {
  const placed: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const line = /^lines\.(\d+)\./.exec(field);
    const position = line ? sent.lines[Number(line[1])]?.position : undefined;
    const key = position !== undefined ? `${position}.quantity` : field === 'reason' ? 'reason' : 'lines';
    placed[key] = placed[key] && key === 'lines' ? `${placed[key]} ${message}` : message;
  }
  return placed;
}
