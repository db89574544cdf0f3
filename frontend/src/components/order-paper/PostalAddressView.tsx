import type { PostalAddress } from '@/types/orders';
import { formatPhone } from '@/lib/phone';

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
