//! The checkout form, parsed into checked values; every problem is named by its path
//! (`shipping_address.pincode`).

use accounts::FieldErrors;
use accounts::input::{Email, FormErrors, PersonName, PhoneNumber};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::gstin::parse_gstin;
use super::states::canonical_state;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contact {
    pub name: String,
    pub email: String,
    pub phone: String,
}

/// A postal address in India, as checked and as kept on an order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Address {
    pub name: String,
    pub phone: String,
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    pub district: String,
    pub state: String,
    pub pincode: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    Cod,
    BankTransfer,
}

impl PaymentMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cod => "cod",
            Self::BankTransfer => "bank_transfer",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "cod" => Some(Self::Cod),
            "bank_transfer" => Some(Self::BankTransfer),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Checkout {
    pub contact: Contact,
    pub shipping_address: Address,
    pub billing_address: Option<Address>,
    pub gstin: Option<String>,
    pub business_name: Option<String>,
    pub notes: Option<String>,
    pub payment_method: PaymentMethod,
}

const MAX_NOTES: usize = 1000;

pub fn parse_checkout(body: &Value) -> Result<Checkout, FieldErrors> {
    let mut errors = FormErrors::default();
    let contact = parse_contact(body.get("contact"), &mut errors);
    let shipping_address = parse_address(
        body.get("shipping_address"),
        "shipping_address.",
        &mut errors,
    );
    let billing_address = match body.get("billing_address") {
        None | Some(Value::Null) => None,
        given => parse_address(given, "billing_address.", &mut errors),
    };
    let gstin =
        optional_text(body, "gstin").and_then(|raw| errors.check("gstin", parse_gstin(raw)));
    let business_name = optional_text(body, "business_name").map(str::to_owned);
    if business_name
        .as_ref()
        .is_some_and(|b| b.chars().count() > 200)
    {
        errors.add(
            "business_name",
            "The business name may not be greater than 200 characters.".into(),
        );
    }
    if gstin.is_some() && business_name.is_none() {
        errors.add(
            "business_name",
            "The business name is required with a GSTIN.".into(),
        );
    }
    let notes = optional_text(body, "notes").map(str::to_owned);
    if notes
        .as_ref()
        .is_some_and(|n| n.chars().count() > MAX_NOTES)
    {
        errors.add(
            "notes",
            format!("The notes may not be greater than {MAX_NOTES} characters."),
        );
    }
    let payment_method = match body.get("payment_method").and_then(Value::as_str) {
        Some(raw) => errors.check(
            "payment_method",
            PaymentMethod::parse(raw)
                .ok_or_else(|| "Choose cash on delivery or bank transfer.".to_owned()),
        ),
        None => {
            errors.add(
                "payment_method",
                "The payment method field is required.".into(),
            );
            None
        }
    };
    let (Some(contact), Some(shipping_address), Some(payment_method), true) =
        (contact, shipping_address, payment_method, errors.is_empty())
    else {
        return Err(errors.into_errors());
    };
    Ok(Checkout {
        contact,
        shipping_address,
        billing_address,
        gstin,
        business_name,
        notes,
        payment_method,
    })
}

fn optional_text<'a>(body: &'a Value, field: &str) -> Option<&'a str> {
    body.get(field)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

fn text<'a>(body: Option<&'a Value>, field: &str) -> &'a str {
    body.and_then(|b| b.get(field))
        .and_then(Value::as_str)
        .unwrap_or_default()
}

fn parse_contact(value: Option<&Value>, errors: &mut FormErrors) -> Option<Contact> {
    if !matches!(value, Some(Value::Object(_))) {
        errors.add("contact", "The contact details are required.".into());
        return None;
    }
    let name = errors.check("contact.name", PersonName::parse(text(value, "name")));
    let email = errors.check("contact.email", Email::parse(text(value, "email")));
    let phone = errors.check("contact.phone", PhoneNumber::parse(text(value, "phone")));
    Some(Contact {
        name: name?.as_str().to_owned(),
        email: email?.as_str().to_owned(),
        phone: phone?.as_str().to_owned(),
    })
}

/// An address under `prefix` (`shipping_address.`, `billing_address.`, or `` for the address
/// book).
pub fn parse_address(
    value: Option<&Value>,
    prefix: &str,
    errors: &mut FormErrors,
) -> Option<Address> {
    if !matches!(value, Some(Value::Object(_))) {
        errors.add(
            prefix.trim_end_matches('.').max("address"),
            "The address is required.".into(),
        );
        return None;
    }
    let key = |field: &str| format!("{prefix}{field}");
    let name = errors.check(&key("name"), PersonName::parse(text(value, "name")));
    let phone = errors.check(&key("phone"), PhoneNumber::parse(text(value, "phone")));
    let line1 = errors.check(
        &key("line1"),
        bounded(text(value, "line1"), "address line", 3, 200),
    );
    let line2 = match text(value, "line2").trim() {
        "" => Some(None),
        raw => errors.check(
            &key("line2"),
            bounded(raw, "second address line", 1, 200).map(Some),
        ),
    };
    let city = errors.check(&key("city"), bounded(text(value, "city"), "city", 2, 100));
    let district = errors.check(
        &key("district"),
        bounded(text(value, "district"), "district", 2, 100),
    );
    let state = errors.check(
        &key("state"),
        canonical_state(text(value, "state"))
            .map(str::to_owned)
            .ok_or_else(|| "Choose one of India's states or union territories.".to_owned()),
    );
    let pincode = errors.check(&key("pincode"), parse_pincode(text(value, "pincode")));
    Some(Address {
        name: name?.as_str().to_owned(),
        phone: phone?.as_str().to_owned(),
        line1: line1?,
        line2: line2?,
        city: city?,
        district: district?,
        state: state?,
        pincode: pincode?,
    })
}

fn bounded(raw: &str, what: &str, min: usize, max: usize) -> Result<String, String> {
    let value = raw.trim();
    match value.chars().count() {
        0 => Err(format!("The {what} is required.")),
        n if n < min => Err(format!("The {what} must be at least {min} characters.")),
        n if n > max => Err(format!(
            "The {what} may not be greater than {max} characters."
        )),
        _ => Ok(value.to_owned()),
    }
}

/// Six digits, not starting with 0.
pub fn parse_pincode(raw: &str) -> Result<String, String> {
    let pin: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    let valid = pin.len() == 6 && pin.bytes().all(|b| b.is_ascii_digit()) && !pin.starts_with('0');
    if valid {
        Ok(pin)
    } else {
        Err("The PIN code must be 6 digits and cannot start with 0.".into())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn address() -> Value {
        json!({"name": "Anitha Joseph", "phone": "+91 98470 12345", "line1": "Puthenpurackal House", "city": "Kumily", "district": "Idukki", "state": "kerala", "pincode": "685509"})
    }

    #[test]
    fn a_complete_checkout_parses() {
        let body = json!({
            "contact": {"name": "Anitha Joseph", "email": "Anitha@Example.in", "phone": "9847012345"},
            "shipping_address": address(),
            "gstin": "27aapfu0939f1zv",
            "business_name": "Joseph Estates",
            "payment_method": "bank_transfer"
        });
        let checkout = parse_checkout(&body).unwrap();
        assert_eq!(checkout.shipping_address.state, "Kerala");
        assert_eq!(checkout.contact.email, "anitha@example.in");
        assert_eq!(checkout.gstin.as_deref(), Some("27AAPFU0939F1ZV"));
        assert_eq!(checkout.payment_method, PaymentMethod::BankTransfer);
    }

    #[test]
    fn every_bad_field_is_named() {
        let mut shipping = address();
        shipping["pincode"] = json!("012345");
        shipping["state"] = json!("Atlantis");
        let errors = parse_checkout(&json!({"contact": {"name": "A"}, "shipping_address": shipping, "payment_method": "card"})).unwrap_err();
        for field in [
            "contact.name",
            "contact.email",
            "contact.phone",
            "shipping_address.pincode",
            "shipping_address.state",
            "payment_method",
        ] {
            assert!(errors.contains_key(field), "{field} not named: {errors:?}");
        }
        let errors = parse_checkout(&json!({})).unwrap_err();
        assert!(errors.contains_key("contact") && errors.contains_key("shipping_address"));
    }

    #[test]
    fn pincodes() {
        assert_eq!(parse_pincode("685 509").unwrap(), "685509");
        for bad in ["012345", "68550", "6855099", "68550a"] {
            assert!(parse_pincode(bad).is_err(), "{bad}");
        }
    }
}
