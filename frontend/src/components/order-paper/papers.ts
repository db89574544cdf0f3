// Which papers an order has and what each one shows: one per document (tax invoice, bill of
// supply, invoice-cum-bill of supply) and one per credit note, each with the lines it covers and
// the server's figures for them (the browser never works out tax).
import { toPaise } from '@/lib/money';
import type { Order, OrderLine } from '@/types/orders';

export type OrderDocument = Order['documents'][number];
export type DocumentKind = OrderDocument['kind'];
export type CreditNote = Order['credit_notes'][number];
export type SupplyKind = OrderLine['supply_kind'];
type Shipping = OrderLine['shipping'];

/** Whether a document of `kind` covers a line of `supply`: a tax invoice the taxable lines, a bill
 * of supply the others (nil-rated, exempt, non-GST), an invoice-cum-bill every line. */
export function covers(kind: DocumentKind, supply: SupplyKind): boolean {
  if (kind === 'invoice_cum_bill') return true;
  return (supply === 'taxable') === (kind === 'tax_invoice');
}

/** A row of a paper: the order line it names, and the figures (rupees) this paper gives it. */
export interface PaperLine {
  line: OrderLine;
  quantity: number;
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  shipping: Shipping;
}

export type Paper =
  | { kind: 'document'; id: string; document: OrderDocument; lines: PaperLine[] }
  | { kind: 'credit-note'; id: string; note: CreditNote; against: OrderDocument | undefined; documentKind: DocumentKind; lines: PaperLine[] };

const asSold = (line: OrderLine): PaperLine => {
  const { quantity, taxable_value, cgst, sgst, igst, total, shipping } = line;
  return { line, quantity, taxable_value, cgst, sgst, igst, total, shipping };
};

/** The lines a document covers, as sold. */
export const documentLines = (order: Order, document: OrderDocument): PaperLine[] =>
  order.lines.filter((line) => covers(document.kind, line.supply_kind)).map(asSold);

/** A credit note's lines: a whole document's (a cancellation), else what came back of it. */
export function creditNoteLines(order: Order, note: CreditNote): PaperLine[] {
  const against = order.documents.find((document) => document.number === note.against);
  if (!against) return [];
  if (note.return_id === null) return documentLines(order, against);
  const taken = order.returns.find((back) => back.id === note.return_id);
  if (!taken) return [];
  return taken.lines.flatMap((back) => {
    const line = order.lines.find((sold) => sold.position === back.position);
    if (!line || !covers(against.kind, back.supply_kind)) return [];
    const { quantity, taxable_value, cgst, sgst, igst, total, shipping } = back;
    return [{ line, quantity, taxable_value, cgst, sgst, igst, total, shipping }];
  });
}

/** The anchor of a document's paper: the first keeps `tax-invoice`, where messages link. */
export const documentAnchor = (order: Order, document: OrderDocument): string =>
  order.documents[0]?.number === document.number ? 'tax-invoice' : `document-${document.number}`;

export const creditNoteAnchor = (note: CreditNote): string => `credit-note-${note.number}`;

/** Every document of the order, in the order issued, as papers. */
export const documentPapers = (order: Order): Paper[] =>
  order.documents.map((document) => ({ kind: 'document', id: documentAnchor(order, document), document, lines: documentLines(order, document) }));

/** Every credit note of the order, in the order issued, as papers. */
export const creditNotePapers = (order: Order): Paper[] =>
  order.credit_notes.map((note) => {
    const against = order.documents.find((document) => document.number === note.against);
    return { kind: 'credit-note', id: creditNoteAnchor(note), note, against, documentKind: against?.kind ?? 'tax_invoice', lines: creditNoteLines(order, note) };
  });

/** Whether a paper's table has tax columns (a bill of supply has none). */
export const paperHasTax = (paper: Paper): boolean => (paper.kind === 'document' ? paper.document.kind : paper.documentKind) !== 'bill_of_supply';

export interface PaperTotals {
  units: number;
  /** Paise, goods and delivery shares together. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/** A paper's sums in paise: its lines' goods and delivery shares. */
export function paperTotals(lines: readonly PaperLine[]): PaperTotals {
  const sum = (pick: (line: PaperLine) => number) => lines.reduce((total, line) => total + toPaise(pick(line)), 0);
  return {
    units: lines.reduce((total, line) => total + line.quantity, 0),
    taxable: sum((line) => line.taxable_value) + sum((line) => line.shipping.taxable),
    cgst: sum((line) => line.cgst) + sum((line) => line.shipping.cgst),
    sgst: sum((line) => line.sgst) + sum((line) => line.shipping.sgst),
    igst: sum((line) => line.igst) + sum((line) => line.shipping.igst),
    total: sum((line) => line.total) + sum((line) => line.shipping.total),
  };
}

/** How much of its unit `units` packs hold (`3` bags of `50` KGS → `150`), up to 3 decimals
 * without trailing zeros; none for a service (`NA`). Worked in thousandths, so 0.1 × 3 is 0.3. */
export function unitAmount(units: number, perPack: string | null): string | null {
  if (perPack === null || perPack === '') return null;
  const [whole = '0', fraction = ''] = perPack.split('.');
  const thousandths = Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
  const total = thousandths * units;
  const integer = Math.floor(total / 1000);
  const rest = String(total % 1000).padStart(3, '0').replace(/0+$/, '');
  return rest === '' ? String(integer) : `${integer}.${rest}`;
}

/** A quantity with its unit: `3 (150 KGS)`; a service's count alone. */
export function quantityWithUnit(line: Pick<OrderLine, 'uqc' | 'uqc_quantity'>, units: number): string {
  const amount = line.uqc === 'NA' ? null : unitAmount(units, line.uqc_quantity);
  return amount === null ? String(units) : `${units} (${amount} ${line.uqc})`;
}
