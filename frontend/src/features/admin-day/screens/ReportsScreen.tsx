import { useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { TextField } from '@/components/form/TextField';
import { SelectField } from '@/components/form/SelectField';
import { useT } from '@/lib/i18n';
import type { Grain } from '@/types/day-desk';
import { ReportsPanel } from '@/features/admin-day/components/ReportsPanel';

const GRAINS: Grain[] = ['day', 'week', 'month'];

/** /admin/reports: sales for any days (this month by default), grouped by day, week or month; kept in the address. */
export default function ReportsScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const grain = (GRAINS as string[]).includes(params.get('grain') ?? '') ? (params.get('grain') as Grain) : 'day';
  const set = (name: string) => (event: { target: { value: string } }) => {
    const next = new URLSearchParams(params);
    if (event.target.value) next.set(name, event.target.value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  // Both days or neither (this month): the server asks for the pair.
  const range = from && to ? { from, to } : {};
  return (
    <AdminPage title={t('admin.reports.title')} intro={t('admin.reports.intro')}>
      <form className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
        <TextField id="report-from" type="date" label={t('admin.reports.from')} value={from ?? ''} onChange={set('from')} />
        <TextField id="report-to" type="date" label={t('admin.reports.to')} value={to ?? ''} onChange={set('to')} />
        <SelectField id="report-grain" label={t('admin.reports.grain')} value={grain} onChange={set('grain')}>
          {GRAINS.map((value) => (
            <option key={value} value={value}>
              {t(value === 'day' ? 'admin.reports.grainDay' : value === 'week' ? 'admin.reports.grainWeek' : 'admin.reports.grainMonth')}
            </option>
          ))}
        </SelectField>
      </form>
      <ReportsPanel range={range} grain={grain} />
    </AdminPage>
  );
}
