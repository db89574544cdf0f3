//! A checkout as the domain takes it: every part already checked at the edge (`fields`), and
//! kept so (the PIN code, the state, the phone) until the order is written in the shapes it
//! stores and shows.

use fields::{Email, Gstin, IndianState, PersonName, PhoneNumber, PostalAddress};
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

impl From<&PostalAddress> for Address {
    fn from(address: &PostalAddress) -> Self {
        Self {
            name: address.name.as_str().to_owned(),
            phone: address.phone.as_str().to_owned(),
            line1: address.line1.clone(),
            line2: address.line2.clone(),
            city: address.city.clone(),
            district: address.district.clone(),
            state: address.state.name().to_owned(),
            pincode: address.pincode.as_str().to_owned(),
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

/// A checked checkout.
#[derive(Debug, Clone)]
pub struct Checkout {
    pub contact: Contact,
    pub shipping_address: PostalAddress,
    /// None bills the shipping address.
    pub billing_address: Option<PostalAddress>,
    pub business: BusinessBuyer,
    pub notes: Option<String>,
    pub payment_method: PaymentMethod,
    /// Whether the shopper wants order updates on their phone; None keeps the number's earlier
    /// answer (`order::consent`).
    pub order_updates_on_phone: Option<bool>,
}

impl Checkout {
    /// Notes to the shop: at most 1,000 characters, line breaks allowed.
    pub fn parse_notes(raw: &str) -> Result<String, String> {
        fields::text::block(raw, "notes", 1, 1000)
    }

    /// The address the invoice is made out to: the billing address, or the delivery address when
    /// none was given.
    pub fn billed_to(&self) -> &PostalAddress {
        self.billing_address
            .as_ref()
            .unwrap_or(&self.shipping_address)
    }

    /// Why the GSTIN cannot be billed at this billing address: a registered buyer's place of
    /// supply is its GSTIN's state (IGST Act s. 10(1)(b)), so an invoice billed to another state
    /// under that GSTIN would name the wrong state.
    pub fn gstin_outside_billing_state(&self) -> Option<String> {
        let state = self.business.gstin.as_ref()?.state()?;
        let billed = self.billed_to().state;
        (state != billed).then(|| {
            format!(
                "This GSTIN is registered in {} ({}), but the billing address is in {}. Give the billing address of the GSTIN's state, or leave the GSTIN out.",
                state.name(),
                state.code(),
                billed.name()
            )
        })
    }

    /// The place of supply's state (IGST Act s. 10): the GSTIN's state for a registered buyer
    /// (s. 10(1)(b): goods delivered to someone else on the buyer's order are supplied where the
    /// buyer is), else the delivery address (s. 10(1)(ca); CBIC Circular 209/3/2024-GST).
    pub fn supply_state(&self) -> IndianState {
        self.business
            .gstin
            .as_ref()
            .and_then(Gstin::state)
            .unwrap_or(self.shipping_address.state)
    }

    /// The checkout as its Idempotency-Key's hash reads it: in the shapes the order stores, so
    /// that a resubmit is the same request however it was typed (and the hash of a key stored
    /// before the checked types came this far is still the one it is compared with).
    pub(crate) fn canonical(&self) -> impl Serialize + '_ {
        Canonical {
            contact: &self.contact,
            shipping_address: Address::from(&self.shipping_address),
            billing_address: self.billing_address.as_ref().map(Address::from),
            gstin: self.business.gstin.as_ref().map(Gstin::as_str),
            business_name: self.business.name.as_deref(),
            notes: self.notes.as_deref(),
            payment_method: self.payment_method,
        }
    }
}

#[derive(Serialize)]
struct Canonical<'a> {
    contact: &'a Contact,
    shipping_address: Address,
    billing_address: Option<Address>,
    gstin: Option<&'a str>,
    business_name: Option<&'a str>,
    notes: Option<&'a str>,
    payment_method: PaymentMethod,
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
    fn the_idempotency_hash_reads_the_checkout_as_the_order_stores_it() {
        let mut errors = fields::FormErrors::default();
        let address = fields::AddressInput {
            name: Some("Anitha Joseph".into()),
            phone: Some("+91 98470 12345".into()),
            line1: Some("Puthenpurackal House".into()),
            line2: None,
            city: Some("Kumily".into()),
            district: Some("Idukki".into()),
            state: Some("kerala".into()),
            pincode: Some("685 509".into()),
        }
        .check("", &mut errors)
        .unwrap();
        let checkout = Checkout {
            contact: Contact::new(
                PersonName::parse("Anitha Joseph").unwrap(),
                None,
                PhoneNumber::parse("+91 98470 12345").unwrap(),
            ),
            shipping_address: address,
            billing_address: None,
            business: BusinessBuyer::new(None, None).unwrap(),
            notes: None,
            payment_method: PaymentMethod::Cod,
            order_updates_on_phone: Some(true),
        };
        // The JSON the hash was taken of when the domain held these parts as strings.
        assert_eq!(
            serde_json::to_string(&checkout.canonical()).unwrap(),
            concat!(
                r#"{"contact":{"name":"Anitha Joseph","email":null,"phone":"+919847012345"},"#,
                r#""shipping_address":{"name":"Anitha Joseph","phone":"+919847012345","#,
                r#""line1":"Puthenpurackal House","line2":null,"city":"Kumily","#,
                r#""district":"Idukki","state":"Kerala","pincode":"685509"},"#,
                r#""billing_address":null,"gstin":null,"business_name":null,"notes":null,"#,
                r#""payment_method":"cod"}"#
            )
        );
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
