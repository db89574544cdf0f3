// An audit line as a sentence staff can read ("Anu changed the price of Neem Cake 5 kg from ₹480
// to ₹520"): who (the staff member's name), what they did (from the action), to what (the
// server's human name for it: product and pack size, order number, person), and the fields that
// changed, each `field: before → after` with money as rupees. The words are in the message
// catalogues (en, ml, ta) under `audit.`.
import { t, type MessageId } from '@/lib/i18n';
import { formatRupees, formatRupeesShort, toPaise } from '@/lib/money';
import type { AuditLine } from '@/types/api';
import { changedFields, type FieldChange } from '@/features/admin-audit/changes';

/** Sentences by action; `…One` when a single field changed and the sentence can say it. */
const SENTENCES: Record<string, MessageId> = {
  'product.create': 'audit.do.create',
  'variant.create': 'audit.do.create',
  'product.update': 'audit.do.update',
  'variant.update': 'audit.do.update',
  'product.delete': 'audit.do.delete',
  'brand.delete': 'audit.do.delete',
  'category.delete': 'audit.do.delete',
  'award.delete': 'audit.do.delete',
  'stock.adjust': 'audit.do.stock',
  'stock.count': 'audit.do.stock',
  'order.status': 'audit.do.orderStatus',
  'order.note': 'audit.do.orderNote',
  'order.payment': 'audit.do.payment',
  'order.refund': 'audit.do.refund',
  'staff.invite': 'audit.do.invite',
  'staff.role': 'audit.do.role',
  'staff.disable': 'audit.do.disable',
  'staff.enable': 'audit.do.enable',
  'staff.sign_in': 'audit.do.signIn',
  'staff.two_factor_enrol': 'audit.do.twoFactor',
  'customer.note': 'audit.do.customerNote',
  'customer.view': 'audit.do.customerView',
  'customer.orders_view': 'audit.do.customerView',
  'customer.search': 'audit.do.customerSearch',
  'customer.password_reset': 'audit.do.passwordReset',
  'customer.export': 'audit.do.export',
  'customer.erase': 'audit.do.erase',
  'contact_message.handled': 'audit.do.handled',
};

/** Field names staff know (`retail_price` is "price"); others stay as they are. */
const FIELDS: Record<string, MessageId> = {
  retail_price: 'audit.field.price',
  price: 'audit.field.price',
  MRP: 'audit.field.mrp',
  mrp: 'audit.field.mrp',
  stock: 'audit.field.stock',
  variant_name: 'audit.field.pack',
  name: 'audit.field.name',
  status: 'audit.field.status',
  note: 'audit.field.note',
  role: 'audit.field.role',
  is_active: 'audit.field.onSale',
  gst_rate: 'audit.field.gstRate',
};

const BOOKKEEPING = new Set(['version', 'updated_at']);

const MONEY = /(^|_)(price|mrp|amount|total)$/i;

export const fieldLabel = (field: string): string => {
  const id = FIELDS[field];
  return id ? t(id) : field;
};

/** A value as staff read it: rupees for money, words for yes and no. */
export function valueText(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return t('audit.value.none');
  if (value === true) return t('audit.value.yes');
  if (value === false) return t('audit.value.no');
  if (typeof value === 'number' && MONEY.test(field)) {
    // Whole rupees read shorter (₹480); paise are never rounded away.
    const paise = toPaise(value);
    return paise % 100 === 0 ? formatRupeesShort(paise) : formatRupees(paise);
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** What a line says: the sentence, and the changes it did not already name. */
export function describeLine(line: AuditLine): { sentence: string; changes: FieldChange[] } {
  const who = line.actor_name ?? t('audit.system');
  const what = line.subject ?? t('audit.unnamed');
  // A stock adjustment also records its delta and reason; the stock is what changed. The edit
  // counter (`version`) is bookkeeping, not a change anyone made.
  const changes = changedFields(line.old_values, line.new_values).filter(
    (change) => !BOOKKEEPING.has(change.field) && !((line.action === 'stock.adjust' || line.action === 'stock.count') && change.field !== 'stock'),
  );
  const id = SENTENCES[line.action];
  if (!id) return { sentence: t('audit.do.other', { who, what, action: line.action }), changes };
  const only = changes.length === 1 ? changes[0] : undefined;
  const oneId = `${id}One` as MessageId;
  if (only && only.before !== undefined && only.after !== undefined && (id === 'audit.do.update' || id === 'audit.do.stock' || id === 'audit.do.orderStatus')) {
    const sentence = t(oneId, { who, what, field: fieldLabel(only.field), before: valueText(only.field, only.before), after: valueText(only.field, only.after) });
    return { sentence, changes: [] };
  }
  return { sentence: t(id, { who, what }), changes };
}
