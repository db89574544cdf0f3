#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed test set-up should stop the test loudly

//! What shoppers type as their number, and what the shop's SMS cost in each language.

use messaging::{PhoneError, PhoneNumber, SmsEncoding, sms_encoding, sms_segments};

#[test]
fn a_farmers_number_is_read_however_it_is_typed() {
    for typed in [
        "98470 12345",
        "+91 98470-12345",
        "09847012345",
        "+919847012345",
    ] {
        let number = PhoneNumber::parse(typed, &[]).unwrap();
        assert_eq!(number.e164(), "+919847012345", "{typed:?}");
        assert_eq!(number.digits(), "919847012345");
    }
}

#[test]
fn numbers_the_shop_cannot_message_are_refused_with_the_reason() {
    let parse = |typed| PhoneNumber::parse(typed, &[]);
    assert_eq!(
        parse("0471 255 1234"),
        Err(PhoneError::NotMobile),
        "a landline"
    );
    assert_eq!(parse("98470"), Err(PhoneError::Invalid));
    assert_eq!(
        parse("ninety-eight"),
        Err(PhoneError::InvalidCharacter('n'))
    );
    assert_eq!(parse(" "), Err(PhoneError::Empty));
    assert_eq!(
        parse("+1 201 555 0123"),
        Err(PhoneError::CountryNotAllowed { calling_code: 1 })
    );
    assert_eq!(
        PhoneNumber::parse("+1 201 555 0123", &[1]).unwrap().e164(),
        "+12015550123"
    );
    // Shoppers read these sentences through the shop's own words, but they must say something.
    assert_eq!(
        PhoneError::CountryNotAllowed { calling_code: 1 }.to_string(),
        "numbers with country code +1 are not accepted"
    );
}

// Lengths in UTF-16 units counted apart from this crate (Python's `len(text.encode("utf-16-le"))
// // 2`): English 96, Malayalam 82 and 137, Tamil 83 and 149.
const ENGLISH: &str = "Your order A1B2C3 from Vithu Agro has been shipped. Track it: https://shop.example/orders/A1B2C3";
const MALAYALAM: &str = "നിങ്ങളുടെ ഓർഡർ A1B2C3 അയച്ചു. ട്രാക്ക് ചെയ്യാൻ: https://shop.example/orders/A1B2C3";
const MALAYALAM_LONG: &str = "പ്രിയ അനു, നിങ്ങളുടെ ഓർഡർ A1B2C3 (2 കിലോ പൊട്ടാഷ്, 1 ലിറ്റർ വേപ്പെണ്ണ) ഇന്ന് അയച്ചു. ട്രാക്ക് ചെയ്യാൻ: https://shop.example/orders/A1B2C3";
const TAMIL: &str = "உங்கள் ஆர்டர் A1B2C3 அனுப்பப்பட்டது. கண்காணிக்க: https://shop.example/orders/A1B2C3";
const TAMIL_LONG: &str = "அன்புள்ள முருகன், உங்கள் ஆர்டர் A1B2C3 (2 கிலோ பொட்டாஷ், 1 லிட்டர் வேப்பெண்ணெய்) இன்று அனுப்பப்பட்டது. கண்காணிக்க: https://shop.example/orders/A1B2C3";

#[test]
fn an_english_order_notice_is_one_sms() {
    assert_eq!(sms_encoding(ENGLISH), SmsEncoding::Gsm7);
    assert_eq!(sms_segments(ENGLISH), 1);
    let twice = format!("{ENGLISH} {ENGLISH}");
    assert_eq!(sms_segments(&twice), 2, "193 characters");
}

#[test]
fn malayalam_and_tamil_go_as_unicode_and_cost_more() {
    for (text, segments) in [
        (MALAYALAM, 2),
        (MALAYALAM_LONG, 3),
        (TAMIL, 2),
        (TAMIL_LONG, 3),
    ] {
        assert_eq!(sms_encoding(text), SmsEncoding::Ucs2, "{text}");
        assert_eq!(sms_segments(text), segments, "{text}");
    }
    // The rupee sign alone turns an English text into Unicode.
    assert_eq!(sms_segments(&format!("{} ₹450", &ENGLISH[..70])), 2);
    assert_eq!(sms_segments(&format!("{} Rs 450", &ENGLISH[..70])), 1);
}
