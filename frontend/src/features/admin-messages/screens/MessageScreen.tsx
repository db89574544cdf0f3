// One contact message: who wrote, what, ways to answer, and its handled mark (who and when).
import { Link, useParams } from 'react-router';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { FormAlert } from '@/components/form/FormAlert';
import { PageLoading } from '@/components/PageLoading';
import { Paragraphs } from '@/components/Paragraphs';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';
import { formatLocalDateTime } from '@/lib/dates';
import { formatPhone } from '@/lib/phone';
import { useShop } from '@/lib/queries/shop';
import { useInboxMessage, useSetHandled } from '@/features/admin-messages/api/messages';
import { replyLinks } from '@/features/admin-messages/reply-links';
import { adminPaths } from '@/lib/admin-paths';

export default function MessageScreen() {
  const id = Number(useParams().id);
  const message = useInboxMessage(id);
  const shop = useShop();
  const setHandled = useSetHandled();
  const toast = useToast();

  if (message.isError) {
    return isApiError(message.error, 404) ? (
      <AdminPage title="Message not found">
        <Link to={adminPaths.messages.getHref()} className="btn-primary">
          Back to the inbox
        </Link>
      </AdminPage>
    ) : (
      <ErrorBox onRetry={() => void message.refetch()}>The message could not be loaded.</ErrorBox>
    );
  }
  if (!message.data) return <PageLoading />;
  const current = message.data;
  const handled = current.handled_at !== null;
  const mark = () =>
    setHandled.mutate(
      { id: current.id, handled: !handled },
      { onSuccess: (saved) => toast.success(saved.handled_at ? 'Marked handled' : 'Marked as waiting', saved.handled_at ? 'It has left the waiting list.' : 'It is back on the waiting list.') },
    );

  return (
    <AdminPage
      title={current.subject ?? '(no subject)'}
      intro={
        <Link to={adminPaths.messages.getHref()} className="font-medium text-green-800 underline">
          Back to the inbox
        </Link>
      }
    >
      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <Panel>
          <p className="text-sm text-stone-600">
            From <span className="font-semibold text-stone-900">{current.name}</span> · {formatLocalDateTime(current.created_at)}
          </p>
          <Paragraphs text={current.message} className="mt-3 break-words whitespace-pre-line text-stone-900" />
        </Panel>
        <div className="space-y-4">
          <Panel title="Answer">
            <dl className="space-y-1 text-sm">
              <div>
                <dt className="inline text-stone-600">E-mail: </dt>
                <dd className="inline break-all text-stone-900">{current.email}</dd>
              </div>
              <div>
                <dt className="inline text-stone-600">Phone: </dt>
                <dd className="inline text-stone-900 tabular-nums">{current.phone ? formatPhone(current.phone) : 'not given'}</dd>
              </div>
            </dl>
            <ul className="mt-3 flex flex-wrap gap-2">
              {replyLinks(current, shop.data?.name ?? 'our shop').map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="btn-secondary" {...(link.external ? { target: '_blank', rel: 'noreferrer' } : {})}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </Panel>
          <Panel title="Status">
            <p className="text-stone-800" aria-live="polite">
              {handled ? (
                <>
                  Handled {current.handled_by_name ? `by ${current.handled_by_name} ` : ''}on {formatLocalDateTime(current.handled_at ?? current.created_at)}.
                </>
              ) : (
                'Waiting for an answer.'
              )}
            </p>
            <button type="button" className={`mt-3 ${handled ? 'btn-secondary' : 'btn-primary'}`} disabled={setHandled.isPending} onClick={mark}>
              {handled ? 'Mark as not handled' : 'Mark handled'}
            </button>
            {setHandled.isError ? (
              <div className="mt-3">
                <FormAlert>{isApiError(setHandled.error) ? setHandled.error.message : 'The shop could not be reached. Please try again.'}</FormAlert>
              </div>
            ) : null}
          </Panel>
        </div>
      </div>
    </AdminPage>
  );
}
