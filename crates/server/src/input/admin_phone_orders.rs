//! An order taken on the phone, and the caller's number looked up, as the desk sends them.

use db::VariantId;
use fields::{AddressInput, FieldErrors, FormErrors, PhoneNumber};
use orders::cart::Quantity;
use orders::checkout::{BusinessBuyer, Checkout, PaymentMethod, PhoneOrder};
use paths::Locale;
use serde::Deserialize;
use utoipa::ToSchema;

use super::checkout::ContactInput;
use super::{CheckBody, given};

/// The most lines one phone order takes.
const LINES_MAX: usize = 50;

/// The number a caller gives, in any of the ways people write it (`98470 12345`, `+91…`).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallerQuery {
    /// The caller's mobile number.
    pub phone: Option<String>,
}

impl CallerQuery {
    pub fn parse(&self) -> Result<PhoneNumber, FieldErrors> {
        let mut errors = FormErrors::default();
        let phone = errors.check(
            "phone",
            PhoneNumber::parse(self.phone.as_deref().unwrap_or_default()),
        );
        errors.finish(phone)
    }
}

/// One pack size and how many.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PhoneOrderLine {
    #[schema(required = true, value_type = i64, minimum = 1)]
    pub variant_id: Option<i64>,
    /// 1 to 9,999 (and no more than is in stock).
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 9999)]
    pub quantity: Option<i64>,
}

/// An order taken on the phone. It is placed as a web order is (stock, delivery zone, GST), once
/// per `Idempotency-Key`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PhoneOrderBody {
    /// The caller: name, mobile number, e-mail if they have one.
    #[schema(required = true, value_type = ContactInput)]
    #[serde(default, deserialize_with = "super::objects::one")]
    pub contact: Option<ContactInput>,
    #[schema(required = true, value_type = AddressInput)]
    #[serde(default, deserialize_with = "super::objects::one")]
    pub shipping_address: Option<AddressInput>,
    /// Each pack size once.
    #[schema(required = true)]
    #[serde(default, deserialize_with = "super::objects::many")]
    pub lines: Option<Vec<PhoneOrderLine>>,
    /// `cod` (cash on delivery), or `upi` (the order waits for its payment, and the caller's
    /// messages carry the UPI link; a bank transfer pays it too).
    #[schema(required = true, example = "cod")]
    pub payment_method: Option<String>,
    /// What the caller answered to "Send order updates on WhatsApp/SMS": a yes is kept for the
    /// number (as said on a call); no answer leaves the number's earlier choice.
    pub order_updates_on_phone: Option<bool>,
    /// The language of the caller's messages: `en` (the default), `ml` or `ta`.
    pub language: Option<String>,
    /// For the shop, up to 1,000 characters.
    pub notes: Option<String>,
}

impl CheckBody for PhoneOrderBody {
    type Checked = PhoneOrder;

    fn check(self) -> Result<PhoneOrder, FieldErrors> {
        let mut errors = FormErrors::default();
        let contact = match &self.contact {
            Some(contact) => contact.check(&mut errors),
            None => {
                errors.add(
                    "contact",
                    "The caller's name and number are required.".into(),
                );
                None
            }
        };
        let shipping_address = match &self.shipping_address {
            Some(address) => address.check("shipping_address.", &mut errors),
            None => {
                errors.add("shipping_address", "The address is required.".into());
                None
            }
        };
        let payment_method =
            errors.required("payment_method", given(&self.payment_method), |s| match s {
                "cod" => Ok(PaymentMethod::Cod),
                // UPI is paid to the shop's account before the order moves, as a transfer is.
                "upi" | "bank_transfer" => Ok(PaymentMethod::BankTransfer),
                _ => Err("Choose cod or upi.".to_owned()),
            });
        let locale = errors.optional("language", given(&self.language), |s| {
            Locale::parse(s).ok_or_else(|| "Choose en, ml or ta.".to_owned())
        });
        let notes = errors.optional("notes", self.notes.as_deref(), Checkout::parse_notes);
        let lines = self.lines.unwrap_or_default();
        if lines.is_empty() || lines.len() > LINES_MAX {
            errors.add("lines", format!("Add 1 to {LINES_MAX} products."));
        }
        let mut checked_lines: Vec<(VariantId, Quantity)> = Vec::with_capacity(lines.len());
        for (index, line) in lines.iter().enumerate() {
            let field = |name: &str| format!("lines.{index}.{name}");
            let variant = match line.variant_id {
                Some(id) if id > 0 => Some(VariantId(id)),
                _ => {
                    errors.add(&field("variant_id"), "Choose a pack size.".into());
                    None
                }
            };
            let quantity = match line.quantity.map(Quantity::new) {
                Some(Ok(quantity)) => Some(quantity),
                _ => {
                    errors.add(
                        &field("quantity"),
                        format!("A quantity is 1 to {}.", Quantity::MAX_TEXT),
                    );
                    None
                }
            };
            if let Some(variant) = variant
                && checked_lines.iter().any(|(seen, _)| *seen == variant)
            {
                errors.add(
                    &field("variant_id"),
                    "This pack size is listed twice: change its quantity instead.".into(),
                );
            } else if let (Some(variant), Some(quantity)) = (variant, quantity) {
                checked_lines.push((variant, quantity));
            }
        }
        let checked = (|| {
            Some(PhoneOrder {
                checkout: Checkout {
                    contact: contact?,
                    shipping_address: shipping_address?,
                    billing_address: None,
                    business: BusinessBuyer {
                        gstin: None,
                        name: None,
                    },
                    notes: notes?,
                    payment_method: payment_method?,
                    order_updates_on_phone: self.order_updates_on_phone,
                },
                lines: checked_lines,
                locale: locale?.unwrap_or(Locale::En),
            })
        })();
        errors.finish(checked)
    }
}
