import type { ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { useT } from '@/lib/i18n';
import { pincodeQuery, usePincode, validPin } from '@/lib/queries/delivery';
import { districtLabel, stateLabel, useStates } from '@/lib/queries/states';
import { ADDRESS_PATH, type AddressForm, type AddressKind } from '@/features/checkout/checkout-form';
import { PhoneField } from '@/features/checkout/components/PhoneField';
import type { CheckoutFormState } from '@/features/checkout/use-checkout-form';

/** The fields of a postal address in India; ids and errors follow the API's paths. */
export function AddressFields({ kind, state }: { kind: AddressKind; state: CheckoutFormState }) {
  const t = useT();
  const states = useStates().data;
  const queryClient = useQueryClient();
  const address = state.form[kind];
  const pin = validPin(address.pincode);
  const place = usePincode(pin);
  const { errors } = state;
  const onChange = (patch: Partial<AddressForm>) => state.setAddress(kind, patch);
  const path = ADDRESS_PATH[kind];
  const id = (field: keyof AddressForm) => `${path}.${field}`;
  const auto = (token: string) => `${kind} ${token}`;
  const text = (field: 'name' | 'line1' | 'line2' | 'city' | 'district' | 'pincode') => ({
    id: id(field),
    name: id(field),
    value: address[field],
    error: errors[id(field)],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ [field]: event.target.value }),
  });
  // A whole PIN code typed fills the district and state from India Post's directory.
  const onPincode = (value: string) => {
    onChange({ pincode: value });
    const typed = validPin(value);
    if (typed === null) return;
    void queryClient
      .fetchQuery(pincodeQuery(typed))
      .then((found) => {
        if (found) state.fillFromPincode(kind, typed, found);
      })
      .catch(() => undefined);
  };
  const placeState = states?.find((s) => s.name === place.data?.state);
  const pincodeHint =
    pin === null || place.data === undefined
      ? undefined
      : place.data === null
        ? t('checkout.pincode.unknown')
        : t('checkout.pincode.found', {
            place: [place.data.district ? districtLabel(t, place.data.district) : null, placeState ? stateLabel(t, placeState) : place.data.state].filter(Boolean).join(', '),
          });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField {...text('name')} label={t('checkout.field.recipient')} autoComplete={auto('name')} required maxLength={100} />
      <PhoneField
        id={id('phone')}
        name={id('phone')}
        label={t('checkout.field.phone')}
        value={address.phone}
        resetKey={state.phoneKeys[kind]}
        error={errors[id('phone')]}
        onChange={(phone) => onChange({ phone })}
      />
      <TextField {...text('line1')} className="sm:col-span-2" label={t('checkout.field.line1')} hint={t('checkout.field.line1Hint')} autoComplete={auto('address-line1')} required maxLength={200} />
      <TextField {...text('line2')} className="sm:col-span-2" label={t('checkout.field.line2')} optional autoComplete={auto('address-line2')} maxLength={200} />
      <TextField
        {...text('pincode')}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onPincode(event.target.value)}
        label={t('checkout.field.pincode')}
        hint={pincodeHint}
        autoComplete={auto('postal-code')}
        inputMode="numeric"
        required
        maxLength={7}
      />
      <TextField {...text('city')} label={t('checkout.field.city')} autoComplete={auto('address-level2')} required maxLength={100} />
      <TextField {...text('district')} label={t('checkout.field.district')} autoComplete="off" required maxLength={100} />
      <SelectField
        id={id('state')}
        name={id('state')}
        label={t('checkout.field.state')}
        value={address.state}
        error={errors[id('state')]}
        onChange={(event) => onChange({ state: event.target.value })}
        autoComplete={auto('address-level1')}
        required
      >
        <option value="">{states ? t('checkout.field.stateChoose') : t('list.loading')}</option>
        {states?.map((state) => (
          <option key={state.code} value={state.name}>
            {stateLabel(t, state)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
