//! The back office's people: roles, the staff list and its changes (each audited in its
//! transaction), the second factor (TOTP and recovery codes), and reading the audit log.

mod audit_list;
pub(crate) mod events;
pub mod lockout;
mod members;
mod role;
mod two_factor;

pub use audit_list::{AuditArea, AuditFilter, AuditLine, audit_page};
pub use members::{
    StaffInvite, StaffMember, create_admin, disable_staff, enable_staff, invite_staff, list_staff,
    set_role,
};
pub use role::{Role, SignInStatus, sign_in_status};
pub use two_factor::{
    Enrolment, RECOVERY_CODE_COUNT, SecondFactor, begin_enrolment, confirm_enrolment,
    verify_second_factor,
};
