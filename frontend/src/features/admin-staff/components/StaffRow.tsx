import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/admin/ConfirmDialog';
import { useUnsavedChanges } from '@/components/admin/unsaved-changes';
import { FormAlert } from '@/components/form/FormAlert';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';
import { formatLocalDate } from '@/lib/dates';
import { setSignedOut, userQuery } from '@/lib/queries/user';
import type { Role, StaffMember } from '@/types/api';
import { useSetStaffAccess, useSetStaffRole } from '@/features/admin-staff/api/update-staff';
import { StaffAccessDialog } from '@/features/admin-staff/components/StaffAccessDialog';
import { ROLES, roleLabel } from '@/features/admin-staff/roles';

const UNREACHABLE = 'The shop could not be reached. Please try again.';
const problem = (error: unknown) => (isApiError(error) ? error.message : UNREACHABLE);

function Badge({ tone, children }: { tone: 'good' | 'warn' | 'off'; children: ReactNode }) {
  const colours = { good: 'bg-green-100 text-green-900', warn: 'bg-amber-100 text-amber-950', off: 'bg-stone-200 text-stone-800' }[tone];
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap ${colours}`}>{children}</span>;
}

/** The phone's label of a cell (the table's header names it on a desktop). */
const CellLabel = ({ children }: { children: string }) => <span className="mr-2 text-sm text-stone-600 md:hidden">{children}</span>;

/**
 * One member of staff: a table row on a desktop, a card on a phone. Their role is changed with the
 * select and Save; disabling and enabling ask first.
 */
export function StaffRow({ member, isSelf }: { member: StaffMember; isSelf: boolean }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<Role>(member.role);
  const [asking, setAsking] = useState<'role' | 'access' | null>(null);
  const setStaffRole = useSetStaffRole();
  const setAccess = useSetStaffAccess();
  const dirty = role !== member.role;
  useUnsavedChanges(dirty);
  const disabled = member.disabled_at !== null;
  const error = setStaffRole.error ?? setAccess.error;

  const saveRole = () => {
    setAsking(null);
    setAccess.reset();
    setStaffRole.mutate(
      { id: member.id, role },
      {
        onSuccess: (saved) => {
          setRole(saved.role);
          toast.success('Role changed', `${saved.name} is now ${roleLabel(saved.role).toLowerCase()}.`);
          // One's own role decides what the back office shows.
          if (isSelf) void queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
        },
      },
    );
  };
  const changeAccess = () => {
    setStaffRole.reset();
    setAccess.mutate(
      { id: member.id, disable: !disabled },
      {
        onSuccess: (saved) => {
          setAsking(null);
          toast.success(saved.disabled_at ? 'Account disabled' : 'Account enabled', saved.disabled_at ? `${saved.name} has been signed out everywhere.` : `${saved.name} can sign in again.`);
          // Disabling oneself ended this very session.
          if (isSelf && saved.disabled_at) setSignedOut(queryClient);
        },
        onError: () => setAsking(null),
      },
    );
  };

  const roleId = `staff-role-${member.id}`;
  return (
    <tr className="mb-3 block rounded-xl border border-stone-200 bg-white p-4 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-t md:p-0">
      <td className="block md:table-cell md:py-3 md:pr-4 md:pl-4 md:align-top">
        <p className="font-semibold break-words text-stone-900">
          {member.name}
          {isSelf ? <span className="ml-2 text-sm font-normal text-stone-600">(you)</span> : null}
        </p>
        <p className="break-all text-stone-700">{member.email}</p>
        {error ? (
          <div className="mt-2">
            <FormAlert>{problem(error)}</FormAlert>
          </div>
        ) : null}
      </td>
      <td className="mt-3 block md:mt-0 md:table-cell md:py-3 md:pr-4 md:align-top">
        <label htmlFor={roleId} className="block text-sm text-stone-600 md:sr-only">
          Role<span className="sr-only"> of {member.name}</span>
        </label>
        <div className="mt-1 flex gap-2 md:mt-0">
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            className="min-h-11 rounded-lg border border-stone-500 bg-white px-3 text-stone-900 focus:border-green-700 focus:ring-2 focus:ring-green-700/30 focus:outline-none"
          >
            {ROLES.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </select>
          {dirty ? (
            <button
              type="button"
              className="btn-primary min-h-11 px-4"
              aria-label={`Save role of ${member.name}`}
              disabled={setStaffRole.isPending}
              onClick={() => (isSelf && role === 'staff' ? setAsking('role') : saveRole())}
            >
              {setStaffRole.isPending ? 'Saving…' : 'Save'}
            </button>
          ) : null}
        </div>
      </td>
      <td className="mt-3 block md:mt-0 md:table-cell md:py-3 md:pr-4 md:align-top">
        <CellLabel>Two-step sign-in</CellLabel>
        {member.two_factor_enrolled ? <Badge tone="good">Set up</Badge> : <Badge tone="warn">Not set up yet</Badge>}
      </td>
      <td className="mt-2 block md:mt-0 md:table-cell md:py-3 md:pr-4 md:align-top">
        <CellLabel>Account</CellLabel>
        {disabled ? <Badge tone="off">Disabled {formatLocalDate(member.disabled_at ?? '')}</Badge> : <Badge tone="good">Active</Badge>}
      </td>
      <td className="mt-3 block md:mt-0 md:table-cell md:py-3 md:pr-4 md:text-right md:align-top">
        <button
          type="button"
          className={disabled ? 'btn-secondary min-h-11 w-full md:w-auto' : 'btn min-h-11 w-full border border-red-700 bg-white text-red-800 hover:bg-red-50 md:w-auto'}
          aria-label={`${disabled ? 'Enable' : 'Disable'} ${member.name}`}
          disabled={setAccess.isPending}
          onClick={() => setAsking('access')}
        >
          {disabled ? 'Enable' : 'Disable'}
        </button>
        <StaffAccessDialog member={asking === 'access' ? member : null} isSelf={isSelf} pending={setAccess.isPending} onConfirm={changeAccess} onCancel={() => setAsking(null)} />
        <ConfirmDialog
          open={asking === 'role'}
          title="Give up your admin role?"
          message="You will no longer be able to manage staff or read the audit log. Only another admin can make you an admin again."
          confirmLabel="Make me staff"
          destructive
          pending={setStaffRole.isPending}
          onConfirm={saveRole}
          onCancel={() => setAsking(null)}
        />
      </td>
    </tr>
  );
}
