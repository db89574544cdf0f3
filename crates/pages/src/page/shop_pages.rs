//! The shop's own pages: about, contact, terms and privacy, each titled as the app's screen.

use paths::Page;

use super::{DESCRIPTION_LENGTH, Draft, Written};
use crate::head::summary;
use crate::head_texts::HeadText;

pub(super) fn about(page: &mut Draft) -> Written {
    page.head.title = page.titled(page.texts.text(HeadText::About));
    page.head.description = summary(page.shop().blurb_in(page.locale()), DESCRIPTION_LENGTH);
    page.head.canonical = Some(page.url(Page::About));
    Ok(())
}

/// Described with how to reach the shop: phone, WhatsApp, the address and the opening hours.
pub(super) fn contact(page: &mut Draft) -> Written {
    let shop = page.shop();
    let address = &shop.address;
    let place = format!("{}, {}, {}", address.line1, address.city, address.state);
    page.head.title = page.titled(page.texts.text(HeadText::Contact));
    page.head.description = summary(
        &page.texts.fill(
            HeadText::ContactDescription,
            &[
                ("phone", &shop.phone),
                ("whatsapp", &shop.whatsapp),
                ("address", &place),
                ("hours", shop.hours_in(page.locale())),
            ],
        ),
        DESCRIPTION_LENGTH,
    );
    page.head.canonical = Some(page.url(Page::Contact));
    Ok(())
}

pub(super) fn terms(page: &mut Draft) -> Written {
    page.head.title = page.titled(page.texts.text(HeadText::Terms));
    page.head.description = page.about_shop(HeadText::TermsDescription);
    page.head.canonical = Some(page.url(Page::Terms));
    Ok(())
}

pub(super) fn privacy(page: &mut Draft) -> Written {
    page.head.title = page.titled(page.texts.text(HeadText::Privacy));
    page.head.description = page.about_shop(HeadText::PrivacyDescription);
    page.head.canonical = Some(page.url(Page::Privacy));
    Ok(())
}
