// The contact inbox: messages from the contact form, waiting ones first by default. The filter
// and page live in the address.
import { Link, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { Pager } from '@/components/admin/Pager';
import { ErrorBox } from '@/components/ErrorBox';
import { formatLocalDateTime } from '@/lib/dates';
import type { InboxMessage } from '@/types/day-desk';
import { MESSAGES_PER_PAGE, useInbox } from '@/features/admin-messages/api/messages';
import { INBOX_FILTERS, inboxStateFromParams, paramsFromInboxState, preview } from '@/features/admin-messages/inbox-filter';
import { adminPaths } from '@/lib/admin-paths';

function MessageRow({ message }: { message: InboxMessage }) {
  return (
    <li>
      <Link to={adminPaths.message.getHref(message.id)} className="block p-4 hover:bg-stone-50">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-semibold break-words text-green-900">{message.subject ?? '(no subject)'}</span>
          <span className="text-sm text-stone-600">{formatLocalDateTime(message.created_at)}</span>
        </span>
        <span className="mt-0.5 block text-sm text-stone-700">
          {message.name} · <span className="break-all">{message.email}</span>
          {message.handled_at ? <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">Handled</span> : null}
        </span>
        <span className="mt-1 block text-sm break-words text-stone-600">{preview(message.message)}</span>
      </Link>
    </li>
  );
}

export default function MessagesScreen() {
  const [params, setParams] = useSearchParams();
  const state = inboxStateFromParams(params);
  const inbox = useInbox(state.status, state.page);
  const page = inbox.data;
  const empty = { open: 'No message is waiting. Well done.', handled: 'No message has been marked handled yet.', all: 'No message has come through the contact form yet.' }[state.status];

  return (
    <AdminPage title="Messages" intro="What shoppers wrote through the contact form. Mark a message handled once it is answered.">
      <nav aria-label="Show" className="flex gap-2 overflow-x-auto">
        {INBOX_FILTERS.map((filter) => {
          const current = filter.value === state.status;
          return (
            <Link
              key={filter.value}
              to={{ search: `?${paramsFromInboxState({ status: filter.value, page: 1 })}` }}
              aria-current={current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border px-4 font-medium ${current ? 'border-green-800 bg-green-800 text-white' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50'}`}
            >
              {filter.label}
            </Link>
          );
        })}
      </nav>
      <div className="mt-4" aria-busy={inbox.isFetching}>
        {inbox.isError ? <ErrorBox onRetry={() => void inbox.refetch()}>The messages could not be loaded.</ErrorBox> : null}
        {inbox.isPending ? <p role="status">Loading messages…</p> : null}
        {page && page.data.length === 0 ? <p className="rounded-xl border border-stone-200 bg-white p-6 text-center text-stone-700">{empty}</p> : null}
        {page && page.data.length > 0 ? (
          <>
            <p className="mb-2 text-sm text-stone-600" aria-live="polite">
              {page.total} {page.total === 1 ? 'message' : 'messages'}, newest first
            </p>
            <ul className={`divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white ${inbox.isPlaceholderData ? 'opacity-60' : ''}`}>
              {page.data.map((message) => (
                <MessageRow key={message.id} message={message} />
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {page ? <Pager page={page.page} pages={Math.max(1, Math.ceil(page.total / MESSAGES_PER_PAGE))} hasMore={page.has_more} onPage={(next) => setParams(paramsFromInboxState({ status: state.status, page: next }))} /> : null}
    </AdminPage>
  );
}
