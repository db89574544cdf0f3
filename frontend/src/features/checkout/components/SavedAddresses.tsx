import { useT } from '@/lib/i18n';
import type { PostalAddress, SavedAddress } from '@/types/orders';

/** The address on one line: street, town, district, state and PIN code. */
export const addressOneLine = (address: PostalAddress) =>
  [address.line1, address.line2, address.city, address.district, `${address.state} ${address.pincode}`].filter(Boolean).join(', ');

interface SavedAddressesProps {
  addresses: readonly SavedAddress[];
  selectedId: number | null;
  onSelect: (address: SavedAddress) => void;
}

/** The signed-in shopper's saved addresses; choosing one fills the delivery address. */
export function SavedAddresses({ addresses, selectedId, onSelect }: SavedAddressesProps) {
  const t = useT();
  return (
    <fieldset>
      <legend className="font-medium text-stone-900">{t('checkout.saved.legend')}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {addresses.map((address) => {
          const selected = address.id === selectedId;
          return (
            <label
              key={address.id}
              className={`flex cursor-pointer gap-3 rounded-lg border p-3 ${selected ? 'border-green-700 bg-green-50 ring-1 ring-green-700' : 'border-stone-300 bg-white hover:border-green-700'}`}
            >
              <input type="radio" name="saved-address" checked={selected} onChange={() => onSelect(address)} className="mt-1 size-5 shrink-0 accent-green-800" />
              <span className="min-w-0 text-sm text-stone-800">
                <span className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                  {address.label || address.name}
                  {address.is_default ? <span className="rounded bg-stone-200 px-1.5 text-xs font-medium text-stone-800">{t('checkout.saved.default')}</span> : null}
                </span>
                {address.label ? <span className="block">{address.name}</span> : null}
                <span className="block">{addressOneLine(address)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
