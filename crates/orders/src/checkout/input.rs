//! A checkout as the domain takes it: every part already checked at the edge (`fields`), kept in
//! the shapes an order stores and shows.

use fields::{Email, Gstin, PersonName, PhoneNumber, PostalAddress};
use serde::Serialize;

pub use crate::order::{Address, Contact, PaymentMethod};

impl Contact {
    pub fn new(name: PersonName, email: Option<Email>, phone: PhoneNumber) -> Self {
        Self {
            name: name.as_str().to_owned(),
            email: email.map(|email| email.as_str().to_owned()),
            phone: phone.as_str().to_owned(),
        }
    }
}

impl From<PostalAddress> for Address {
    fn from(address: PostalAddress) -> Self {
        Self {
            name: address.name.as_str().to_owned(),
            phone: address.phone.as_str().to_owned(),
            line1: address.line1,
            line2: address.line2,
            city: address.city,
            district: address.district,
            state: address.state.name().to_owned(),
            pincode: address.pincode.into_string(),
        }
    }
}

/// The business a GST invoice is made out to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BusinessBuyer {
    pub gstin: Option<Gstin>,
    pub name: Option<String>,
}

impl BusinessBuyer {
    /// A business name: one line of at most 200 characters.
    pub fn parse_name(raw: &str) -> Result<String, String> {
        fields::text::line(raw, "business name", 1, 200)
    }

    /// A GSTIN needs the business's name beside it on the invoice.
    pub fn new(gstin: Option<Gstin>, name: Option<String>) -> Result<Self, String> {
        if gstin.is_some() && name.is_none() {
            return Err("The business name is required with a GSTIN.".into());
        }
        Ok(Self { gstin, name })
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Checkout {
    pub contact: Contact,
    pub shipping_address: Address,
    pub billing_address: Option<Address>,
    pub gstin: Option<String>,
    pub business_name: Option<String>,
    pub notes: Option<String>,
    pub payment_method: PaymentMethod,
}

/// A checked checkout form.
#[derive(Debug, Clone)]
pub struct CheckoutForm {
    pub contact: Contact,
    pub shipping_address: PostalAddress,
    pub billing_address: Option<PostalAddress>,
    pub business: BusinessBuyer,
    pub notes: Option<String>,
    pub payment_method: PaymentMethod,
}

impl Checkout {
    /// Notes to the shop: at most 1,000 characters, line breaks allowed.
    pub fn parse_notes(raw: &str) -> Result<String, String> {
        fields::text::block(raw, "notes", 1, 1000)
    }
}

impl From<CheckoutForm> for Checkout {
    fn from(form: CheckoutForm) -> Self {
        Self {
            contact: form.contact,
            shipping_address: form.shipping_address.into(),
            billing_address: form.billing_address.map(Address::from),
            gstin: form.business.gstin.map(Gstin::into_string),
            business_name: form.business.name,
            notes: form.notes,
            payment_method: form.payment_method,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gstin_needs_a_business_name() {
        let gstin = Gstin::parse("27aapfu0939f1zv").unwrap();
        assert!(BusinessBuyer::new(Some(gstin.clone()), None).is_err());
        let buyer = BusinessBuyer::new(Some(gstin), Some("Joseph Estates".into())).unwrap();
        assert_eq!(buyer.gstin.unwrap().as_str(), "27AAPFU0939F1ZV");
        assert!(BusinessBuyer::new(None, Some("Joseph Estates".into())).is_ok());
    }

    #[test]
    fn payment_methods() {
        assert_eq!(PaymentMethod::parse("cod"), Ok(PaymentMethod::Cod));
        assert_eq!(
            PaymentMethod::parse("bank_transfer"),
            Ok(PaymentMethod::BankTransfer)
        );
        assert!(PaymentMethod::parse("card").is_err());
    }
}
