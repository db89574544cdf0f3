//! The checkout form.

use fields::{AddressInput, Email, FieldErrors, FormErrors, Gstin, PersonName, PhoneNumber};
use orders::checkout::{BusinessBuyer, Checkout, Contact, PaymentMethod};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};

/// The `Idempotency-Key` header's UUID, or a 422 asking for one, new for each `attempt` ("order
/// attempt", "order"): the web checkout and a phone order read it alike.
pub fn idempotency_uuid(
    request: &actix_web::HttpRequest,
    attempt: &str,
) -> Result<uuid::Uuid, crate::error::ApiError> {
    request
        .headers()
        .get("Idempotency-Key")
        .and_then(|v| v.to_str().ok())
        .and_then(|k| uuid::Uuid::parse_str(k.trim()).ok())
        .ok_or_else(|| {
            crate::error::ApiError::validation(
                "idempotency_key",
                format!("Send an Idempotency-Key header holding a UUID, new for each {attempt}."),
            )
        })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ContactInput {
    #[schema(required = true, value_type = String, min_length = 2, max_length = 100)]
    pub name: Option<String>,
    /// Optional (phone first): without it the confirmation page is the shopper's only copy, and
    /// no mail is sent to them.
    #[schema(value_type = Option<String>, min_length = 3, max_length = 254)]
    pub email: Option<String>,
    /// The mobile number (required): the shop calls it, and a guest finds the order again with it.
    #[schema(required = true, value_type = String, min_length = 1)]
    pub phone: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CheckoutBody {
    #[schema(required = true, value_type = ContactInput)]
    #[serde(default, deserialize_with = "super::objects::one")]
    pub contact: Option<ContactInput>,
    #[schema(required = true, value_type = AddressInput)]
    #[serde(default, deserialize_with = "super::objects::one")]
    pub shipping_address: Option<AddressInput>,
    /// Leave out (or null) to bill the shipping address.
    #[serde(default, deserialize_with = "super::objects::one")]
    pub billing_address: Option<AddressInput>,
    /// For a GST invoice to a registered business; needs `business_name`.
    #[schema(example = "32AAPFU0939F1ZO")]
    pub gstin: Option<String>,
    pub business_name: Option<String>,
    /// For the shop, up to 1,000 characters.
    pub notes: Option<String>,
    /// `cod` or `bank_transfer`.
    #[schema(example = "cod")]
    #[schema(required = true, value_type = orders::checkout::PaymentMethod)]
    pub payment_method: Option<String>,
    /// The shopper's answer to "Send me order updates on WhatsApp" (shown with the notice of
    /// what the shop keeps and why): kept for the phone number, and order updates go to it only
    /// after a yes. Leave out to keep the number's earlier answer.
    pub order_updates_on_phone: Option<bool>,
}

impl ContactInput {
    pub(crate) fn check(&self, errors: &mut FormErrors) -> Option<Contact> {
        let name = errors.check(
            "contact.name",
            PersonName::parse(self.name.as_deref().unwrap_or_default()),
        );
        let email = errors.optional("contact.email", self.email.as_deref(), Email::parse);
        let phone = errors.check(
            "contact.phone",
            PhoneNumber::parse(self.phone.as_deref().unwrap_or_default()),
        );
        Some(Contact::new(name?, email?, phone?))
    }
}

impl CheckBody for CheckoutBody {
    type Checked = Checkout;

    fn check(self) -> Result<Checkout, FieldErrors> {
        let mut errors = FormErrors::default();
        let contact = match &self.contact {
            Some(contact) => contact.check(&mut errors),
            None => {
                errors.add("contact", "The contact details are required.".into());
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
        let billing_address = match &self.billing_address {
            Some(address) => address.check("billing_address.", &mut errors).map(Some),
            None => Some(None),
        };
        let gstin = errors.optional("gstin", self.gstin.as_deref(), Gstin::parse);
        let business_name = errors.optional(
            "business_name",
            self.business_name.as_deref(),
            BusinessBuyer::parse_name,
        );
        let business = match (gstin, business_name) {
            (Some(gstin), Some(name)) => {
                errors.check("business_name", BusinessBuyer::new(gstin, name))
            }
            _ => None,
        };
        let notes = errors.optional("notes", self.notes.as_deref(), Checkout::parse_notes);
        let payment_method = errors.required(
            "payment_method",
            given(&self.payment_method),
            PaymentMethod::parse,
        );
        let checkout = (|| {
            Some(Checkout {
                contact: contact?,
                shipping_address: shipping_address?,
                billing_address: billing_address?,
                business: business?,
                notes: notes?,
                payment_method: payment_method?,
                order_updates_on_phone: self.order_updates_on_phone,
            })
        })();
        if let Some(message) = checkout
            .as_ref()
            .and_then(Checkout::gstin_outside_billing_state)
        {
            errors.add("gstin", message);
        }
        errors.finish(checkout)
    }
}
