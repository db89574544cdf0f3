// The notice shown beside the order-updates choice (India's DPDP Act, 2023, s. 5): what the shop
// keeps and why, that sign-in codes are sent anyway, how to withdraw, and whom to complain to. Its
// words are versioned by the server (`privacy_notice_version` in GET /api/shop): a new wording
// needs a new version there.
import '@/components/consent/messages';
import { useT } from '@/lib/i18n';
import { useShop } from '@/lib/queries/shop';

/** A short line, and the whole notice behind a toggle. `id` names it for `aria-describedby`. */
export function PrivacyNotice({ id }: { id: string }) {
  const t = useT();
  const officer = useShop().data?.grievance_officer;
  return (
    <div id={id} className="text-sm text-stone-700">
      <p>{t('consent.notice.short')}</p>
      <details className="mt-1">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-green-800 underline underline-offset-2">
          {t('consent.notice.more')}
        </summary>
        <div className="space-y-2 pb-2" data-testid="privacy-notice">
          <p>{t('consent.notice.keep')}</p>
          <p>{t('consent.notice.codes')}</p>
          <p>{t('consent.notice.withdraw')}</p>
          {officer ? <p className="break-words">{t('consent.notice.officer', { name: officer.name, email: officer.email, phone: officer.phone })}</p> : null}
        </div>
      </details>
    </div>
  );
}
