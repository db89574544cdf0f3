import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/online';

/** While the phone is offline: a note that what shows is what this phone saved (README, "Offline"). */
export function OfflineBanner() {
  const t = useT();
  if (useOnline()) return null;
  return (
    <p role="status" data-testid="offline-banner" className="sticky top-0 z-40 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      {t('offline.banner')}
    </p>
  );
}
