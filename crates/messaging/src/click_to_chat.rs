//! WhatsApp's click-to-chat link (`https://wa.me/<number>?text=<message>`): it opens a chat with
//! the number and the message already written, for a shop that sends by hand, without an API
//! account.

use crate::phone::PhoneNumber;

/// The link that opens a chat with `to`, `text` written in the box (the number in international
/// form without `+`, the text percent-encoded as UTF-8, as WhatsApp's help page shows).
pub fn click_to_chat(to: &PhoneNumber, text: &str) -> String {
    let mut url = format!("https://wa.me/{}?text=", to.digits());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~".contains(&byte) {
            url.push(char::from(byte));
        } else {
            url.push_str(&format!("%{byte:02X}"));
        }
    }
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_number_without_plus_and_the_text_encoded() {
        let to = PhoneNumber::from_e164("+919847012345").unwrap();
        assert_eq!(
            click_to_chat(&to, "Hi Anu, order #12 & more: https://x.in/a?b=1"),
            "https://wa.me/919847012345?text=Hi%20Anu%2C%20order%20%2312%20%26%20more%3A%20https%3A%2F%2Fx.in%2Fa%3Fb%3D1"
        );
        assert_eq!(
            click_to_chat(&to, "നമ"),
            "https://wa.me/919847012345?text=%E0%B4%A8%E0%B4%AE"
        );
    }
}
