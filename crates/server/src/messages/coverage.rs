//! The catalogues against the code: both languages hold the same messages with the same
//! placeholders, every English message in them is still written somewhere in the workspace's
//! source (a reworded message fails here instead of going untranslated), and every message a
//! shopper can get from the API, produced below by the real checks and errors, is translated
//! in both languages.

use std::collections::BTreeSet;
use std::path::Path;

use actix_web::ResponseError;
use paths::Locale;
use regex::Regex;
use serde_json::json;

use super::{MALAYALAM, TAMIL, catalogue};
use crate::error::ApiError;
use crate::input::CheckBody;
use texts::matching::{CatalogueFile, fixed_parts, placeholders};

fn file(json: &str) -> CatalogueFile {
    serde_json::from_str(json).expect("a readable catalogue")
}

#[test]
fn both_languages_translate_the_same_messages_with_the_same_placeholders() {
    let (ml, ta) = (file(MALAYALAM), file(TAMIL));
    let keys = |f: &CatalogueFile| f.messages.keys().cloned().collect::<BTreeSet<_>>();
    let terms = |f: &CatalogueFile| f.terms.keys().cloned().collect::<BTreeSet<_>>();
    assert_eq!(
        keys(&ml),
        keys(&ta),
        "the same messages in ml.json and ta.json"
    );
    assert_eq!(
        terms(&ml),
        terms(&ta),
        "the same terms in ml.json and ta.json"
    );
    let mut problems = Vec::new();
    for (code, f) in [("ml", &ml), ("ta", &ta)] {
        for (english, translation) in f.messages.iter().chain(&f.terms) {
            let wanted: BTreeSet<_> = placeholders(english).into_iter().collect();
            let given: BTreeSet<_> = placeholders(translation).into_iter().collect();
            if wanted != given {
                problems.push(format!(
                    "{code}: {english:?} has {wanted:?} but its translation {given:?}"
                ));
            }
            if translation.trim().is_empty() || translation == english {
                problems.push(format!("{code}: {english:?} is not translated"));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Every `.rs` file under `crates/*/src`, without its unit-test module, as one text.
fn workspace_source() -> String {
    fn walk(dir: &Path, out: &mut String) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs")
                && let Ok(text) = std::fs::read_to_string(&path)
            {
                let code = text.split("#[cfg(test)]\nmod ").next().unwrap_or(&text);
                out.push_str(code);
                out.push('\n');
            }
        }
    }
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = String::new();
    for krate in std::fs::read_dir(&crates)
        .expect("the crates folder")
        .flatten()
    {
        walk(&krate.path().join("src"), &mut out);
    }
    out
}

#[test]
fn every_english_message_in_the_catalogues_is_still_in_the_source() {
    let source = workspace_source();
    let f = file(MALAYALAM);
    let mut stale = Vec::new();
    for english in f.messages.keys() {
        for part in fixed_parts(english) {
            if !source.contains(part) {
                stale.push(format!("{english:?}: {part:?}"));
            }
        }
    }
    for term in f.terms.keys() {
        // A term is a word the code passes in, or a field's name (`payment_method`).
        if !source.contains(term.as_str()) && !source.contains(&term.replace(' ', "_")) {
            stale.push(format!("term {term:?}"));
        }
    }
    assert!(
        stale.is_empty(),
        "these catalogue entries no longer match anything in the source; update the English \
         key (and both translations) to the new wording: {stale:#?}"
    );
}

fn field_errors<T: CheckBody>(body: serde_json::Value) -> Vec<String> {
    let raw: T = serde_json::from_value(body).expect("a body of the right shape");
    match raw.check() {
        Ok(_) => panic!("the body was accepted"),
        Err(errors) => errors.into_values().flatten().collect(),
    }
}

/// Words that come from the request or the catalogue and so stay as sent.
const SENT: [&str; 2] = ["Neem Oil (1 L)", "Neem Oil"];

/// Every message a shopper can read in an error answer of the API, made by the code that makes
/// it (so a reworded message shows up here), with the few that need a database written out.
fn shopper_messages() -> Vec<String> {
    use crate::input::{account, addresses, cart, checkout, contact, find_order};
    use accounts::AccountError;
    use orders::cart::CartError;
    use orders::checkout::CheckoutError;

    let mut all = Vec::new();
    let long = |n: usize| "x".repeat(n);
    let address = |line1: &str, city: &str, district: &str| {
        json!({"name": "Anu", "phone": "+91 98470 12345", "line1": line1, "line2": "a\nb",
               "city": city, "district": district, "state": "Kerala", "pincode": "685509"})
    };

    // Registration, sign-in, profile, passwords.
    all.extend(field_errors::<account::RegisterBody>(json!({})));
    all.extend(field_errors::<account::RegisterBody>(json!({
        "name": "A", "email": "nope", "phone": "12", "password": "short1",
        "password_confirmation": "short1"})));
    all.extend(field_errors::<account::RegisterBody>(json!({
        "name": long(101), "email": "a@b.in", "phone": "+91 98470 12345",
        "password": long(65), "password_confirmation": long(65)})));
    all.extend(field_errors::<account::RegisterBody>(json!({
        "name": "A\u{0}b", "password": "password1", "password_confirmation": "password1"})));
    all.extend(field_errors::<account::RegisterBody>(json!({
        "password": "Cardamom-Hills-2026", "password_confirmation": "other"})));
    all.extend(field_errors::<account::LoginBody>(json!({})));
    all.extend(field_errors::<account::LoginBody>(
        json!({"email": "a@b.in", "phone": "+91 98470 12345", "password": "x"}),
    ));
    all.extend(field_errors::<account::CodeSignInBody>(json!({})));
    all.extend(field_errors::<account::PhoneUpdatesBody>(json!({})));
    all.extend(field_errors::<contact::ContactBody>(
        json!({"name": "Anu", "message": "A question about neem oil."}),
    ));
    all.extend(field_errors::<account::ForgotPasswordBody>(
        json!({"email": "nope"}),
    ));
    all.extend(field_errors::<account::ProfileBody>(json!({})));
    all.extend(field_errors::<account::ProfileBody>(
        json!({"name": "Anu", "phone": "+91 98470 12345", "locale": "hi"}),
    ));
    all.extend(field_errors::<account::LanguageBody>(json!({})));
    all.extend(field_errors::<account::LanguageBody>(
        json!({"locale": "fr"}),
    ));
    all.extend(field_errors::<account::PasswordChangeBody>(json!({})));
    all.extend(field_errors::<account::ResetPasswordBody>(json!({})));
    all.extend(
        [
            AccountError::InvalidCredentials,
            AccountError::InvalidToken,
            AccountError::InvalidCode,
            AccountError::InvalidPhoneCredentials,
            AccountError::WrongCode,
        ]
        .map(|e| e.to_string()),
    );
    // Written by `accounts` after a database look-up.
    all.push("The email has already been taken.".into());
    all.push("The current password is incorrect.".into());
    all.extend(
        [
            "The phone has already been taken.",
            "If this number has an account, we have sent it a code.",
            "We have sent a code to your mobile number.",
            "Staff accounts sign in with a password and an authenticator app.",
            "Add your mobile number to your profile first.",
            "Your mobile number is already verified.",
            "We cannot send a code to this number. Please give a mobile number.",
            "Add your e-mail address to your profile first.",
        ]
        .map(String::from),
    );

    // Checkout.
    all.extend(field_errors::<checkout::CheckoutBody>(json!({})));
    all.extend(field_errors::<checkout::CheckoutBody>(json!({
        "contact": {}, "shipping_address": {}, "payment_method": "upi", "gstin": "x"})));
    all.extend(field_errors::<checkout::CheckoutBody>(json!({
        "contact": {"name": "Anu", "email": "a@b.in", "phone": "+91 98470 12345"},
        "shipping_address": address("ab", "K", "I"),
        "billing_address": address(&long(201), &long(101), "Idu\u{7}kki"),
        "gstin": "27AAPFU0939F1ZV", "notes": long(1001), "payment_method": "cod"})));
    all.extend(field_errors::<checkout::CheckoutBody>(json!({
        "contact": {"name": "Anu", "email": "a@b.in", "phone": "+91 98470 12345"},
        "shipping_address": address("Puthenpurackal House", "Kumily", "Idukki"),
        "gstin": "27AAPFU0939F1ZW", "business_name": long(201), "payment_method": "cod"})));
    all.extend(
        [
            CheckoutError::EmptyCart,
            CheckoutError::OutOfStock(Vec::new()),
            CheckoutError::Restricted {
                state: "Kerala".into(),
                lines: Vec::new(),
            },
            CheckoutError::KeyReused,
            CheckoutError::TooLarge,
        ]
        .map(|e| ApiError::from(e).to_string()),
    );
    all.push(ApiError::from(CheckoutError::KeyInFlight).to_string());
    all.push(
        ApiError::from(CheckoutError::NotServed {
            pin: "744101".into(),
        })
        .to_string(),
    );
    all.push(
        ApiError::from(CheckoutError::Destination(
            delivery::DestinationError::WrongState {
                pin: "641001".into(),
                pin_state: "Tamil Nadu",
                given: "Kerala",
            },
        ))
        .to_string(),
    );

    all.push(
        ApiError::from(CheckoutError::Destination(
            delivery::DestinationError::OutsidePrefix {
                prefix: "641".into(),
                states: "Tamil Nadu".into(),
                given: "Kerala",
            },
        ))
        .to_string(),
    );

    // Where the shop delivers: PIN codes and delivery quotes.
    all.push(ApiError::from(delivery::DestinationError::UnknownPin("999999".into())).to_string());
    for query in [
        json!({}),
        json!({"pin": "012345", "variant": "x", "quantity": "0", "state": "Atlantis"}),
    ] {
        let raw: crate::input::delivery::DeliveryQuery =
            serde_json::from_value(query).expect("a query of the right shape");
        all.extend(
            raw.check()
                .expect_err("a bad query")
                .into_values()
                .flatten(),
        );
    }
    // One line of `Restricted`, as `orders::checkout` names it.
    all.push("Neem Oil (1 L) may not be shipped to Kerala.".into());

    // Cart.
    all.extend(field_errors::<cart::LineChangeBody>(json!({})));
    all.extend(field_errors::<cart::LineChangeBody>(json!({
        "product_id": -1, "variant_id": 0, "quantity": 0})));
    all.extend(
        [
            CartError::ProductNotFound,
            CartError::VariantNotFound,
            CartError::VariantRequired,
            CartError::NotInCart,
            CartError::LineLimit,
            CartError::TooLarge,
            CartError::InsufficientStock {
                name: "Neem Oil".into(),
                available: 2,
            },
        ]
        .map(|e| e.to_string()),
    );

    // Address book, contact form.
    let mut book = address("Puthenpurackal House", "Kumily", "Idukki");
    book["label"] = json!(long(51));
    all.extend(field_errors::<addresses::AddressBody>(book));
    all.push(ApiError::from(orders::addresses::AddressError::NotFound).to_string());
    all.extend(field_errors::<contact::ContactBody>(json!({})));
    all.extend(field_errors::<contact::ContactBody>(json!({
        "name": "Anu", "email": "a@b.in", "subject": "a\nb", "message": "short"})));

    // Orders, catalogue reads, paging, search.
    all.push(ApiError::from(orders::order::OrderError::NotFound).to_string());
    all.extend(field_errors::<find_order::FindOrderBody>(json!({})));
    all.extend(field_errors::<find_order::FindOrderBody>(
        json!({"order_number": "12", "phone": "12"}),
    ));
    all.push(crate::handlers::orders::NO_MATCH.into());
    all.push(ApiError::from(orders::payment::UpiRequestError::NothingToPay).to_string());
    for what in ["Product", "Brand", "Category"] {
        all.push(ApiError::from(catalog::CatalogError::NotFound(what)).to_string());
    }
    for (page, per_page) in [(Some("x"), None), (None, Some("99"))] {
        let error = catalog::PageRequest::parse(page, per_page).expect_err("a bad page");
        all.push(ApiError::from(error).to_string());
    }
    // A list's filters.
    let many = vec!["a"; 41].join(",");
    for error in [
        catalog::ListFilter::parse(Some("X"), None, None, None),
        catalog::ListFilter::parse(None, Some("X"), None, None),
        catalog::ListFilter::parse(None, None, Some("9"), None),
        catalog::ListFilter::parse(None, None, None, Some("out")),
        catalog::ListFilter::parse(Some(&many), None, None, None),
    ] {
        all.push(ApiError::from(error.expect_err("a bad filter")).to_string());
    }
    let error = catalog::ListSort::parse(Some("x")).expect_err("a bad sort");
    all.push(ApiError::from(error).to_string());
    // Written in handlers.
    all.push("The search may not be longer than 200 characters.".into());
    all.push("There is nothing at this address.".into());

    // Successful answers a shopper reads (`handlers::responses::Message`).
    all.extend(
        [
            "If an account uses that address, we have e-mailed a link to reset its password.",
            "Your password has been reset. You can sign in now.",
            "Your password has been changed.",
            "Your e-mail address is verified.",
            "A new verification link has been sent to your e-mail address.",
            "Your e-mail address is already verified.",
            "Thank you! We have received your message and will reply within one working day.",
        ]
        .map(String::from),
    );

    // The shell's own answers.
    all.extend(
        [
            ApiError::CsrfMismatch,
            ApiError::Unauthenticated,
            ApiError::TooManyRequests { retry_after: 42 },
            ApiError::PayloadTooLarge,
            ApiError::Unavailable,
            ApiError::internal(anyhow::anyhow!("a cause nobody reads")),
            ApiError::invalid(Default::default()),
            ApiError::invalid(
                [
                    (
                        "name".to_owned(),
                        vec!["The name field is required.".to_owned()],
                    ),
                    ("phone".to_owned(), vec!["Invalid phone number".to_owned()]),
                ]
                .into(),
            ),
        ]
        .map(|e| {
            assert!(e.status_code().is_client_error() || e.status_code().is_server_error());
            e.to_string()
        }),
    );
    all.sort();
    all.dedup();
    all
}

#[test]
fn every_message_a_shopper_can_get_is_translated_in_both_languages() {
    let messages = shopper_messages();
    assert!(messages.len() > 60, "{} messages", messages.len());
    // English words left over (two lowercase letters or more; GSTIN, UPI and PIN are fine).
    let english = Regex::new("[a-z]{2,}").expect("a regex");
    let mut missing = Vec::new();
    for locale in [Locale::Ml, Locale::Ta] {
        let catalogue = catalogue(locale).expect("a catalogue");
        for message in &messages {
            let Some(translated) = catalogue.translate(message) else {
                missing.push(format!("{locale}: {message:?} has no translation"));
                continue;
            };
            let mut rest = translated.clone();
            for sent in SENT {
                rest = rest.replace(sent, "");
            }
            if english.is_match(&rest) || rest.contains('{') {
                missing.push(format!("{locale}: {message:?} became {translated:?}"));
            }
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
}
