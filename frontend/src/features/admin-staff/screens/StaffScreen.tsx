import { useT } from '@/lib/i18n';
import { useState } from 'react';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { isApiError } from '@/lib/api-client';
import { useStaff } from '@/lib/queries/staff';
import { useUser } from '@/lib/queries/user';
import { InviteStaffDialog } from '@/features/admin-staff/components/InviteStaffDialog';
import { StaffRow } from '@/features/admin-staff/components/StaffRow';

const HEADINGS = ['Name and e-mail', 'Role', 'Two-step sign-in', 'Account', 'Access'];

/** /admin/staff (admins only): who works in the back office, their roles, invitations and access. */
export default function StaffScreen() {
  const t = useT();
  const staff = useStaff();
  const { data: me } = useUser();
  const [inviting, setInviting] = useState(false);

  let content;
  if (staff.isPending) {
    content = <p role="status">Loading the staff…</p>;
  } else if (staff.isError) {
    // A refusal (403: only admins) is final; anything else may pass on a second try.
    const refused = isApiError(staff.error, 403);
    content = (
      <ErrorBox onRetry={refused ? undefined : () => void staff.refetch()}>
        {isApiError(staff.error) ? staff.error.message : 'The staff list could not be loaded.'}
      </ErrorBox>
    );
  } else {
    content = (
      <table className="block w-full text-left md:table md:rounded-xl md:border md:border-stone-200 md:bg-white">
        <caption className="sr-only">Members of staff</caption>
        <thead className="sr-only md:not-sr-only md:table-header-group">
          <tr>
            {HEADINGS.map((heading, index) => (
              <th key={heading} scope="col" className={`py-3 pr-4 text-sm font-semibold text-stone-700 ${index === 0 ? 'pl-4' : ''} ${index === HEADINGS.length - 1 ? 'text-right' : ''}`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block md:table-row-group">
          {staff.data.map((member) => (
            <StaffRow key={member.id} member={member} isSelf={member.id === me?.id} />
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <AdminPage
      title="Staff"
      intro={`Everyone who can sign in to the back office. Staff keep the shop; admins also manage staff. ${t('admin.role.others')}`}
      actions={
        <button type="button" className="btn-primary" onClick={() => setInviting(true)}>
          Invite staff
        </button>
      }
    >
      {content}
      <div className="mt-5">
        <Panel title="About access">
          <ul className="list-disc space-y-1 pl-5 text-stone-700">
            <li>New staff get an e-mail with a link to choose their password, and set up an authenticator app at their first sign-in.</li>
            <li>Disabling an account signs it out everywhere at once. The shop always keeps at least one active admin.</li>
          </ul>
        </Panel>
      </div>
      <InviteStaffDialog open={inviting} onClose={() => setInviting(false)} />
    </AdminPage>
  );
}
