//! A UPI payment request per NPCI's deep-link format: `upi://pay?pa=<UPI ID>&pn=<payee>&am=<amount>
//! &cu=INR&tn=<note>`. Any UPI app (BHIM, Google Pay, PhonePe, Paytm) opens it with the amount
//! and the note filled in, so the shop can match the transfer to the order. The query is
//! `application/x-www-form-urlencoded`, exactly as the web app's `URLSearchParams` writes it.

use db::schema::orders;
use db::{DbConnection, OrderId};
use diesel::prelude::*;
use pricing::Paise;

use crate::order::{OrderError, OrderStatus, PaymentMethod, PaymentState, ReadOrder};

/// Whom the money goes to: the shop's UPI ID and the name its bank account is in.
#[derive(Debug, Clone)]
pub struct Payee {
    pub upi_id: String,
    pub name: String,
}

/// One order's payment request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpiRequest {
    pub link: String,
}

#[derive(Debug, thiserror::Error)]
pub enum UpiRequestError {
    /// No such order, or nothing to pay by UPI (cash on delivery, paid, cancelled).
    #[error("This order has nothing to pay by UPI.")]
    NothingToPay,
    #[error("The QR code could not be drawn.")]
    Drawing,
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    /// The order could not be read (a word stored on it is unreadable).
    #[error(transparent)]
    Order(#[from] OrderError),
}

impl UpiRequest {
    pub fn new(payee: &Payee, amount: Paise, order_number: &str) -> Self {
        let query = form_urlencoded::Serializer::new(String::new())
            .append_pair("pa", &payee.upi_id)
            .append_pair("pn", &payee.name)
            .append_pair("am", &rupees(amount))
            .append_pair("cu", "INR")
            .append_pair("tn", order_number)
            .finish();
        Self {
            link: format!("upi://pay?{query}"),
        }
    }

    /// The link as a QR code, a PNG of black modules on white with the quiet zone, big enough
    /// (8 px a module) to scan from a laptop screen or a printed mail.
    pub fn qr_png(&self) -> Result<Vec<u8>, UpiRequestError> {
        let code =
            qrcode::QrCode::with_error_correction_level(self.link.as_bytes(), qrcode::EcLevel::M)
                .map_err(|_| UpiRequestError::Drawing)?;
        let picture = code
            .render::<image::Luma<u8>>()
            .module_dimensions(8, 8)
            .build();
        let mut png = std::io::Cursor::new(Vec::new());
        picture
            .write_to(&mut png, image::ImageFormat::Png)
            .map_err(|_| UpiRequestError::Drawing)?;
        Ok(png.into_inner())
    }
}

/// `1384.21`: rupees with two decimals and no grouping, as UPI apps read `am`.
fn rupees(amount: Paise) -> String {
    let paise = amount.get();
    format!("{}.{:02}", paise / 100, paise % 100)
}

/// The payment request of the order with this UUID while it waits for a bank transfer, or
/// [`UpiRequestError::NothingToPay`]. It reveals only what its QR code shows anyway (the amount,
/// the order number and the shop's UPI ID) to whoever holds the order's unguessable UUID, so that
/// the buyer's mail can show the code without a session.
pub fn upi_request_for(
    conn: &mut DbConnection,
    uuid: &str,
    payee: &Payee,
) -> Result<UpiRequest, UpiRequestError> {
    let id: OrderId = orders::table
        .filter(orders::uuid.eq(uuid))
        .select(orders::id)
        .first(conn)
        .optional()?
        .ok_or(UpiRequestError::NothingToPay)?;
    let (number, total, status, method, state): (
        String,
        i64,
        OrderStatus,
        PaymentMethod,
        PaymentState,
    ) = orders::table
        .find(id)
        .select((
            orders::number,
            orders::total_paise,
            orders::status,
            orders::payment_method,
            orders::payment_state,
        ))
        .first(conn)
        .of_order(id)?;
    let awaits_transfer = method == PaymentMethod::BankTransfer
        && state == PaymentState::Unpaid
        && matches!(status, OrderStatus::Placed | OrderStatus::AwaitingPayment);
    if awaits_transfer {
        Ok(UpiRequest::new(payee, Paise::new(total), &number))
    } else {
        Err(UpiRequestError::NothingToPay)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payee() -> Payee {
        Payee {
            upi_id: "testagri@sbi".into(),
            name: "Test Agri Inputs Pvt Ltd".into(),
        }
    }

    #[test]
    fn the_link_is_the_one_the_web_app_builds() {
        // The same string as PaymentInstructions.tsx's `upiHref` test expects.
        let request = UpiRequest::new(&payee(), Paise::new(138_421), "ORD-2026-000042");
        assert_eq!(
            request.link,
            "upi://pay?pa=testagri%40sbi&pn=Test+Agri+Inputs+Pvt+Ltd&am=1384.21&cu=INR&tn=ORD-2026-000042"
        );
    }

    #[test]
    fn whole_rupees_and_single_paise_keep_two_decimals() {
        assert_eq!(rupees(Paise::new(50_000)), "500.00");
        assert_eq!(rupees(Paise::new(105)), "1.05");
    }

    #[test]
    fn the_qr_code_reads_back_as_the_link() {
        let request = UpiRequest::new(&payee(), Paise::new(138_421), "ORD-2026-000042");
        let png = request.qr_png().unwrap();
        let picture = image::load_from_memory(&png).unwrap().to_luma8();
        let mut prepared = rqrr::PreparedImage::prepare(picture);
        let grids = prepared.detect_grids();
        assert_eq!(grids.len(), 1);
        let (_, content) = grids[0].decode().unwrap();
        assert_eq!(content, request.link);
    }
}
