import type { PostalAddress } from '@/types/orders';

/** An Indian mobile number in E.164 as people write it (`+91 98470 12345`); others as they are. */
export const formatPhone = (phone: string): string => phone.replace(/^\+91(\d{5})(\d{5})$/, '+91 $1 $2');

export function PostalAddressView({ address, withPhone = true }: { address: PostalAddress; withPhone?: boolean }) {
  return (
    <address className="not-italic">
      <span className="block font-semibold text-stone-900">{address.name}</span>
      <span className="block">{address.line1}</span>
      {address.line2 ? <span className="block">{address.line2}</span> : null}
      <span className="block">
        {address.city}, {address.district}
      </span>
      <span className="block">
        {address.state} – {address.pincode}
      </span>
      {withPhone ? <span className="block tabular-nums">{formatPhone(address.phone)}</span> : null}
    </address>
  );
}
