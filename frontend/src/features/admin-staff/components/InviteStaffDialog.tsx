import { useId, useRef, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { FormAlert } from '@/components/form/FormAlert';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { useFocusFirstInvalid } from '@/components/form/use-focus-first-invalid';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import type { Role } from '@/types/api';
import { useInviteStaff } from '@/features/admin-staff/api/invite-staff';
import { ROLES } from '@/features/admin-staff/roles';

const FIELDS = ['name', 'email', 'role'];

/** A new member of staff: their name, e-mail address and role; they are mailed a link to choose a password. */
export function InviteStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const toast = useToast();
  const invite = useInviteStaff();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, invite.error);
  const errors = fieldErrors(invite.error);
  const alert = formError(invite.error, FIELDS, 'The shop could not be reached. Please try again.');

  const close = () => {
    invite.reset();
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { name: String(data.get('name') ?? '').trim(), email: String(data.get('email') ?? '').trim(), role: String(data.get('role')) as Role };
    invite.mutate(body, {
      onSuccess: (member) => {
        toast.success('Invitation sent', `${member.name} will get an e-mail at ${member.email} with a link to choose a password.`);
        close();
      },
    });
  };

  return (
    <Dialog open={open} onClose={close} labelledBy={titleId} className="fixed inset-x-4 top-[8%] mx-auto max-h-[84dvh] max-w-md overflow-y-auto rounded-xl p-5 shadow-xl">
      <h2 id={titleId} className="text-lg font-bold text-stone-900">
        Invite a member of staff
      </h2>
      <p className="mt-1 text-stone-700">They get an e-mail with a link to choose their password, then set up two-step sign-in at their first sign-in.</p>
      <form ref={form} noValidate onSubmit={submit} className="mt-5 space-y-4">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextField id="invite-name" name="name" label="Name" autoComplete="off" required error={errors.name} />
        <TextField id="invite-email" name="email" type="email" label="E-mail address" autoComplete="off" required error={errors.email} />
        <SelectField id="invite-role" name="role" label="Role" hint={ROLES.map((role) => `${role.label}: ${role.description}.`).join(' ')} defaultValue="staff" error={errors.role}>
          {ROLES.map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <button type="button" className="btn-secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
