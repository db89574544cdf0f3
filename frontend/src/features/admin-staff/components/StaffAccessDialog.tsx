import { ConfirmDialog } from '@/components/admin/ConfirmDialog';
import type { StaffMember } from '@/types/api';

interface StaffAccessDialogProps {
  /** The member to disable or enable; nothing while closed. */
  member: StaffMember | null;
  /** The member is the signed-in admin. */
  isSelf: boolean;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before disabling (their sessions end at once) or enabling a member of staff. */
export function StaffAccessDialog({ member, isSelf, pending, onConfirm, onCancel }: StaffAccessDialogProps) {
  const disable = member?.disabled_at === null;
  const name = member?.name ?? '';
  const message = disable
    ? isSelf
      ? 'This is your own account. You will be signed out at once and cannot sign in again until another admin enables it.'
      : `${name} will not be able to sign in, and every session of theirs ends now: they are signed out on every device. You can enable the account again later.`
    : `${name} will be able to sign in again, with their password and their authenticator app.`;
  return (
    <ConfirmDialog
      open={member !== null}
      title={disable ? `Disable ${name}?` : `Enable ${name}?`}
      message={message}
      confirmLabel={disable ? 'Disable and sign out' : 'Enable'}
      destructive={disable}
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
