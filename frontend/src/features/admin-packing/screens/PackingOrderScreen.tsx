import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { PageLoading } from '@/components/PageLoading';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { adminPaths } from '@/lib/admin-paths';
import { useShop } from '@/lib/queries/shop';
import type { PackingOrder } from '@/types/packing';
import { PackingSlipBody } from '@/features/admin-packing/components/PackingSlipBody';
import { useMarkPacked, usePackingOrder, useShip } from '@/features/admin-packing/api/packing';

function ShipForm({ order }: { order: PackingOrder }) {
  const t = useT();
  const toast = useToast();
  const carriers = useShop().data?.carriers ?? [];
  const ship = useShip(order.number);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [ewayBill, setEwayBill] = useState('');
  const errors = fieldErrors(ship.error);
  const alert = formError(ship.error, ['carrier', 'tracking_number', 'eway_bill_number'], t('admin.packing.unreachable'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ship.mutate(
      { carrier, tracking_number: tracking, eway_bill_number: ewayBill.trim() === '' ? null : ewayBill },
      { onSuccess: () => toast.success(t('admin.packing.shippedToast', { number: order.number })) },
    );
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t('admin.packing.ship')} className="space-y-3">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <TextField id="ship-carrier" label={t('admin.packing.carrier')} value={carrier} onChange={(e) => setCarrier(e.target.value)} error={errors.carrier} list="packing-carriers" required />
      <datalist id="packing-carriers">
        {carriers.map((known) => (
          <option key={known.name} value={known.name} />
        ))}
      </datalist>
      <TextField id="ship-tracking" label={t('admin.packing.trackingNumber')} value={tracking} onChange={(e) => setTracking(e.target.value)} error={errors.tracking_number} autoCapitalize="characters" required />
      {order.needs_eway_bill ? (
        <TextField id="ship-eway" label={t('admin.packing.ewayBill')} inputMode="numeric" value={ewayBill} onChange={(e) => setEwayBill(e.target.value)} error={errors.eway_bill_number} hint={t('admin.packing.ewayBillHint')} required />
      ) : null}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={ship.isPending}>
        {t('admin.packing.ship')}
      </button>
    </form>
  );
}

/** /admin/packing/:number: what goes in the box, where it goes, the cash to collect; pack, ship, print the slip. */
export default function PackingOrderScreen() {
  const t = useT();
  const toast = useToast();
  const { number = '' } = useParams();
  const order = usePackingOrder(number);
  const pack = useMarkPacked(number);
  if (order.isError) return <ErrorBox onRetry={() => void order.refetch()}>{t('admin.packing.orderLoadFailed')}</ErrorBox>;
  if (!order.data) return <PageLoading />;
  const data = order.data;
  const packError = formError(pack.error, [], t('admin.packing.unreachable'));
  return (
    <AdminPage
      title={t('admin.packing.orderTitle', { number: data.number })}
      actions={
        <button type="button" className="btn-secondary print:hidden" onClick={() => window.print()}>
          {t('admin.packing.print')}
        </button>
      }
    >
      <div className="space-y-4">
        <p className="print:hidden">
          <Link to={adminPaths.packing.getHref()} className="font-medium text-green-800 underline">
            {t('admin.packing.back')}
          </Link>
        </p>
        <PackingSlipBody order={data} />
        <Panel title={t('admin.packing.stateTitle')}>
          <div className="space-y-3 print:hidden">
            <p className="text-stone-800">
              {data.status === 'shipped'
                ? t('admin.packing.shippedWith', { carrier: data.carrier ?? '', tracking: data.tracking_number ?? '' })
                : data.packed_at
                  ? t('admin.packing.packedBy', { name: data.packed_by ?? '' })
                  : data.can_pack
                    ? t('admin.packing.notPackedYet')
                    : t('admin.packing.notConfirmed')}
            </p>
            {packError ? <FormAlert>{packError}</FormAlert> : null}
            {data.can_pack ? (
              <button
                type="button"
                className="btn-primary w-full sm:w-auto"
                disabled={pack.isPending}
                onClick={() => pack.mutate({}, { onSuccess: () => toast.success(t('admin.packing.packedToast', { number: data.number })) })}
              >
                {t('admin.packing.markPacked')}
              </button>
            ) : null}
            {data.can_ship ? <ShipForm order={data} /> : null}
          </div>
        </Panel>
      </div>
    </AdminPage>
  );
}
