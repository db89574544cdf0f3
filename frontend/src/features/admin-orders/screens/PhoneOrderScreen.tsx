// An order taken on the phone: a farmer calls; staff find them by their number (an account, or
// earlier orders with the address they gave), add what they ask for from the catalogue, take the
// address by its PIN code (which fills the district and state), ask how they pay and whether they
// want order updates on WhatsApp/SMS, and place it. The server places it through the shop's own
// checkout and marks it as taken by this member of staff.
import '@/lib/desk-messages';
import TrashIcon from '@heroicons/react/24/outline/TrashIcon';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { CheckboxField } from '@/components/form/CheckboxField';
import { controlClass } from '@/components/form/FieldFrame';
import { FormAlert } from '@/components/form/FormAlert';
import { SelectField } from '@/components/form/SelectField';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { formatDate } from '@/components/order-paper/order-format';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useDebouncedValue } from '@/lib/hooks';
import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import { usePincode, validPin } from '@/lib/queries/delivery';
import { useStates } from '@/lib/queries/states';
import { useCaller, usePlacePhoneOrder } from '@/features/admin-orders/api/orders-desk';
import { usePacks, useProductSearch } from '@/features/admin-orders/api/phone-order-products';
import { addLine, emptyPhoneOrder, fromEarlier, phoneOrderBody, type MessageLanguage, type PhoneOrderFields, type PhoneOrderLineDraft } from '@/features/admin-orders/phone-order';
import { adminPaths } from '@/lib/admin-paths';

/** The languages' own names, as the language switch writes them. */
const LANGUAGES: Record<MessageLanguage, string> = { en: 'English', ml: 'മലയാളം', ta: 'தமிழ்' };

const FIELDS_OF_THE_FORM = ['contact.name', 'contact.phone', 'contact.email', 'shipping_address.line1', 'shipping_address.line2', 'shipping_address.city', 'shipping_address.district', 'shipping_address.state', 'shipping_address.pincode', 'lines', 'payment_method', 'notes'];

/** Who is calling: their number looked up, with a tap to use an earlier order's address. */
function CallerPanel({ fields, set, onEarlier, errors }: { fields: PhoneOrderFields; set: (name: keyof PhoneOrderFields, value: string) => void; onEarlier: (fields: PhoneOrderFields) => void; errors: Record<string, string> }) {
  const t = useT();
  const [asked, setAsked] = useState('');
  const caller = useCaller(asked);
  const find = () => setAsked(fields.phone.trim());
  return (
    <Panel title={t('desk.phone.caller')}>
      <div className="flex items-end gap-2">
        <TextField
          id="phone-order-phone"
          className="flex-1"
          label={t('desk.phone.mobile')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={fields.phone}
          onChange={(event) => set('phone', event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              find();
            }
          }}
          error={errors['contact.phone'] ?? (isApiError(caller.error, 422) ? fieldErrors(caller.error).phone : undefined)}
          required
        />
        <button type="button" className="btn-secondary mb-0.5" onClick={find}>
          {t('desk.phone.find')}
        </button>
      </div>
      {caller.data ? (
        <div className="mt-3 space-y-2" role="status">
          {caller.data.account ? <p className="font-semibold">{t('desk.phone.account', { name: caller.data.account.name })}</p> : null}
          {caller.data.earlier_orders.length === 0 ? (
            <p className="text-stone-700">{t('desk.phone.newCaller')}</p>
          ) : (
            <>
              <h3 className="text-sm font-semibold text-stone-700">{t('desk.phone.earlier')}</h3>
              <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
                {caller.data.earlier_orders.map((earlier) => (
                  <li key={earlier.number} className="flex flex-wrap items-center justify-between gap-2 p-3">
                    <span className="text-sm">
                      <span className="block font-medium text-stone-900">
                        {earlier.name} · {earlier.number}
                      </span>
                      {formatDate(earlier.placed_at)} · {earlier.shipping_address.line1}, {earlier.shipping_address.city} {earlier.shipping_address.pincode}
                    </span>
                    <button type="button" className="btn-secondary" onClick={() => onEarlier(fromEarlier(fields, earlier))}>
                      {t('desk.phone.useAddress')}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField id="phone-order-name" label={t('desk.phone.name')} autoComplete="off" value={fields.name} onChange={(event) => set('name', event.target.value)} error={errors['contact.name']} required />
        <TextField id="phone-order-email" label={t('desk.phone.email')} type="email" autoComplete="off" value={fields.email} onChange={(event) => set('email', event.target.value)} error={errors['contact.email']} />
      </div>
    </Panel>
  );
}

/** A product's pack sizes, each with its price, stock and an Add button. */
function Packs({ slug, onAdd }: { slug: string; onAdd: (line: Omit<PhoneOrderLineDraft, 'quantity'>) => void }) {
  const t = useT();
  const product = usePacks(slug);
  if (!product.data) return null;
  const detail = product.data;
  const packs =
    detail.variants.length > 0
      ? detail.variants.map((variant) => ({ id: variant.id, name: `${detail.name} – ${variant.variant_name}`, price: variant.retail_price, stock: variant.stock }))
      : [{ id: detail.default_variant_id, name: detail.name, price: detail.retail_price, stock: detail.stock }];
  return (
    <ul className="mt-2 space-y-2">
      {packs.map((pack) => (
        <li key={pack.id} className="flex items-center justify-between gap-2 rounded-lg bg-stone-50 p-2">
          <span className="text-sm">
            <span className="block font-medium">{pack.name}</span>
            {formatRupees(toPaise(pack.price))} · {t('desk.phone.inStock', { count: pack.stock })}
          </span>
          <button type="button" className="btn-secondary" disabled={pack.stock < 1} onClick={() => onAdd({ variantId: pack.id, name: pack.name, price: pack.price, stock: pack.stock })} aria-label={`${t('desk.phone.add')} ${pack.name}`}>
            {t('desk.phone.add')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The catalogue searched by name, and the lines on the order with their quantities. */
function LinesPanel({ lines, setLines, errors }: { lines: PhoneOrderLineDraft[]; setLines: (lines: PhoneOrderLineDraft[]) => void; errors: Record<string, string> }) {
  const t = useT();
  const [words, setWords] = useState('');
  const [chosen, setChosen] = useState('');
  const found = useProductSearch(useDebouncedValue(words.trim(), 250));
  return (
    <Panel title={t('desk.phone.products')}>
      <TextField id="phone-order-search" label={t('desk.phone.search')} type="search" autoComplete="off" value={words} onChange={(event) => setWords(event.target.value)} />
      {words.trim().length >= 2 && found.data ? (
        <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200">
          {found.data.map((product) => (
            <li key={product.id} className="p-2">
              <button type="button" className="min-h-11 w-full text-left font-medium text-green-900 underline" aria-expanded={chosen === product.slug} onClick={() => setChosen(chosen === product.slug ? '' : product.slug)}>
                {product.name}
              </button>
              {chosen === product.slug ? <Packs slug={product.slug} onAdd={(line) => setLines(addLine(lines, line))} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {errors.lines ? (
        <p className="mt-3 text-sm font-medium text-red-800" role="alert">
          {errors.lines}
        </p>
      ) : null}
      {lines.length === 0 ? (
        <p className="mt-3 text-stone-600">{t('desk.phone.noLines')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 border-t border-stone-200" aria-label={t('desk.phone.products')}>
          {lines.map((line, index) => (
            <li key={line.variantId} className="flex items-center gap-2 py-2">
              <span className="min-w-0 flex-1 text-sm">
                <span className="block font-medium">{line.name}</span>
                {formatRupees(toPaise(line.price))}
                {errors[`lines.${index}.quantity`] ? <span className="block text-red-800">{errors[`lines.${index}.quantity`]}</span> : null}
              </span>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={9999}
                aria-label={t('desk.phone.quantity', { name: line.name })}
                value={line.quantity}
                onChange={(event) => setLines(lines.map((l) => (l.variantId === line.variantId ? { ...l, quantity: Math.max(0, Math.trunc(Number(event.target.value) || 0)) } : l)))}
                className={`${controlClass()} min-h-11 max-w-20 shrink-0 text-right tabular-nums`}
              />
              <button type="button" className="flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100" onClick={() => setLines(lines.filter((l) => l.variantId !== line.variantId))} aria-label={t('desk.phone.remove', { name: line.name })}>
                <TrashIcon className="size-5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Where the parcel goes: the PIN code first, which fills the district and state. */
function AddressPanel({ fields, set, errors }: { fields: PhoneOrderFields; set: (name: keyof PhoneOrderFields, value: string) => void; errors: Record<string, string> }) {
  const t = useT();
  const states = useStates().data ?? [];
  const place = usePincode(validPin(fields.pincode));
  useEffect(() => {
    if (place.data) {
      if (place.data.district) set('district', place.data.district);
      if (place.data.state) set('state', place.data.state);
    }
    // Only a newly looked-up PIN code fills these; staff may still correct them after.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [place.data]);
  const field = (name: 'line1' | 'line2' | 'city' | 'district', label: string) => (
    <TextField id={`phone-order-${name}`} label={label} autoComplete="off" value={fields[name]} onChange={(event) => set(name, event.target.value)} error={errors[`shipping_address.${name}`]} required={name !== 'line2'} />
  );
  return (
    <Panel title={t('desk.phone.address')}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="phone-order-pincode" label={t('desk.phone.pincode')} inputMode="numeric" autoComplete="off" maxLength={7} value={fields.pincode} onChange={(event) => set('pincode', event.target.value)} error={errors['shipping_address.pincode']} required />
        {field('line1', t('desk.phone.line1'))}
        {field('line2', t('desk.phone.line2'))}
        {field('city', t('desk.phone.city'))}
        {field('district', t('desk.phone.district'))}
        <SelectField id="phone-order-state" label={t('desk.phone.state')} value={fields.state} onChange={(event) => set('state', event.target.value)} error={errors['shipping_address.state']} required>
          <option value="" />
          {states.map((state) => (
            <option key={state.code} value={state.name}>
              {state.name}
            </option>
          ))}
        </SelectField>
      </div>
    </Panel>
  );
}

export default function PhoneOrderScreen() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const place = usePlacePhoneOrder();
  const [fields, setFields] = useState<PhoneOrderFields>(emptyPhoneOrder);
  const [lines, setLines] = useState<PhoneOrderLineDraft[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  // One key per order: a retry after a lost answer places it once; a refused attempt wrote
  // nothing, so the corrected form may send it again.
  const [key] = useState(() => crypto.randomUUID());
  const set = (name: keyof PhoneOrderFields, value: string) => setFields((current) => ({ ...current, [name]: value }));
  const errors = { ...fieldErrors(place.error), ...problems };
  const shortage = isApiError(place.error, 409) ? place.error.message : undefined;
  const alert = shortage ?? formError(place.error, FIELDS_OF_THE_FORM, t('desk.unreachable'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!fields.name.trim()) found['contact.name'] = t('desk.phone.needName');
    if (lines.length === 0) found.lines = t('desk.phone.needLines');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    place.mutate(
      { body: phoneOrderBody(fields, lines), key },
      {
        onSuccess: (order) => {
          toast.success(t('desk.phone.placed', { number: order.number }));
          void navigate(adminPaths.order.getHref(order.number));
        },
      },
    );
  };

  return (
    <AdminPage title={t('desk.phone.title')}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={t('desk.phone.title')}>
        {alert ? <FormAlert>{alert}</FormAlert> : Object.keys(problems).length > 0 ? <FormAlert>{t('desk.phone.fix')}</FormAlert> : null}
        <CallerPanel fields={fields} set={set} onEarlier={setFields} errors={errors} />
        <LinesPanel lines={lines} setLines={setLines} errors={errors} />
        <AddressPanel fields={fields} set={set} errors={errors} />
        <Panel title={t('desk.phone.payment')}>
          <fieldset className="space-y-2">
            <legend className="sr-only">{t('desk.phone.payment')}</legend>
            {(['cod', 'upi'] as const).map((payment) => (
              <label key={payment} className="flex min-h-11 cursor-pointer items-center gap-3">
                <input type="radio" name="phone-order-payment" className="size-5 accent-green-800" checked={fields.payment === payment} onChange={() => setFields((current) => ({ ...current, payment }))} />
                {t(`desk.phone.${payment}`)}
              </label>
            ))}
          </fieldset>
          <div className="mt-3 grid gap-3">
            <SelectField id="phone-order-language" label={t('desk.phone.language')} value={fields.language} onChange={(event) => setFields((current) => ({ ...current, language: event.target.value as MessageLanguage }))}>
              {(Object.keys(LANGUAGES) as MessageLanguage[]).map((language) => (
                <option key={language} value={language}>
                  {LANGUAGES[language]}
                </option>
              ))}
            </SelectField>
            <CheckboxField id="phone-order-consent" label={t('desk.phone.consent')} hint={t('desk.phone.consentHint')} checked={fields.consent} onChange={(consent) => setFields((current) => ({ ...current, consent }))} />
            <TextAreaField id="phone-order-notes" label={t('desk.phone.notes')} value={fields.notes} onChange={(event) => set('notes', event.target.value)} error={errors.notes} rows={2} />
          </div>
        </Panel>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={place.isPending}>
          {t('desk.phone.place')}
        </button>
      </form>
    </AdminPage>
  );
}
