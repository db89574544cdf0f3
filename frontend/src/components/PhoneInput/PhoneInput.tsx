// The phone input as forms use it. Its parts and libphonenumber-js's metadata load on first use,
// in their own chunk, so no page that lacks a phone field pays for them; until then a field of
// the same size holds the place.
import { lazy, Suspense } from 'react';
import { FieldFrame } from '@/components/form/FieldFrame';
import { messageSectionsLoaded } from '@/lib/i18n';
import type { PhoneInputProps } from '@/components/PhoneInput/types';

// It shows once its words have arrived in the shopper's language too (see ./messages.ts).
const PhoneInputField = lazy(() => import('@/components/PhoneInput/PhoneInputField').then(async (field) => (await messageSectionsLoaded(), field)));

function PhoneInputPlaceholder({ id, label, hint, error }: Pick<PhoneInputProps, 'id' | 'label' | 'hint' | 'error'>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(aria) => <input id={id} type="tel" disabled {...aria} className="mt-1 min-h-[2.875rem] w-full rounded-lg border border-stone-500 bg-white px-3" />}
    </FieldFrame>
  );
}

export function PhoneInput(props: PhoneInputProps) {
  return (
    <Suspense fallback={<PhoneInputPlaceholder id={props.id} label={props.label} hint={props.hint} error={props.error} />}>
      <PhoneInputField {...props} />
    </Suspense>
  );
}
