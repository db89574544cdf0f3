//! Getting paid: the UPI payment request a bank-transfer order shows its buyer (a `upi://pay`
//! link and its QR code, for the exact amount with the order number as the note).

mod upi;

pub use upi::{Payee, UpiRequest, UpiRequestError, upi_request_for};
