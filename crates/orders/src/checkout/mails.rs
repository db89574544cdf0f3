//! The customer's order confirmation, in the order's language, and the shop's notice of a new
//! order (in English, as the back office is).

use db::outbox::NewMail;
use mail::{Button, Letter, MailContext, Picture, hello};
use paths::{Locale, Page};
use pricing::format_inr;

use super::terms::ShopTerms;
use crate::order::mail_texts::WORDS;
use crate::order::{OrderView, PaymentMethod};
use crate::payment::UpiRequest;

/// Each line (`2 × Neem oil (1 L) — ₹1,180.00`), then the totals in `totals`' words.
fn lines_text(order: &OrderView, totals: String) -> Vec<String> {
    let mut lines: Vec<String> = order
        .lines
        .iter()
        .map(|line| {
            let name = match &line.variant_name {
                Some(variant) => format!("{} ({variant})", line.product_name),
                None => line.product_name.clone(),
            };
            format!("{} × {name} — {}", line.quantity, format_inr(line.total))
        })
        .collect();
    lines.push(totals);
    lines
}

fn totals(locale: Locale, order: &OrderView) -> String {
    let t = &order.totals;
    WORDS.fill(
        locale,
        "received.totals",
        &[
            ("items", &format_inr(t.subtotal)),
            ("tax", &format_inr(t.tax)),
            ("shipping", &format_inr(t.shipping)),
            ("total", &format_inr(t.total)),
        ],
    )
}

/// To `to`, the address the shopper gave (an order without one gets no mail).
pub fn confirmation(terms: &ShopTerms, locale: Locale, order: &OrderView, to: &str) -> NewMail {
    let mail = &terms.mail;
    let url = crate::order::order_link(mail, locale, &order.uuid);
    let total = format_inr(order.totals.total);
    let number = order.number.as_str();
    let words = |key: &str, args: &[(&str, &str)]| WORDS.fill(locale, key, args);
    let mut paragraphs = vec![words("received.thanks", &[("number", number)])];
    paragraphs.extend(lines_text(order, totals(locale, order)));
    let bank_transfer = order.payment_method == PaymentMethod::BankTransfer;
    let qr_url = format!("{}/api/orders/{}/upi-qr.png", mail.public_url, order.uuid);
    let qr_alt = words("received.upi_qr", &[("total", &total), ("number", number)]);
    if bank_transfer {
        let bank = &terms.bank;
        let details = words(
            "received.bank",
            &[
                ("bank", &bank.bank_name),
                ("account_name", &bank.account_name),
                ("account_number", &bank.account_number),
                ("ifsc", &bank.ifsc),
                ("branch", &bank.branch),
                ("upi_id", &bank.upi_id),
            ],
        );
        paragraphs.push(words(
            "received.transfer",
            &[
                ("total", &total),
                ("number", number),
                ("bank", &details),
                ("days", &terms.unpaid_transfer_days.to_string()),
            ],
        ));
        let upi = UpiRequest::new(&terms.upi_payee, order.totals.total, &order.number);
        paragraphs.push(words("received.upi", &[("link", &upi.link)]));
    } else {
        paragraphs.push(words("received.cod", &[("total", &total)]));
    }
    paragraphs.push(words("received.next", &[]));
    mail.write(Letter {
        locale,
        to,
        subject: words(
            "received.subject",
            &[("number", number), ("shop", &mail.shop_name)],
        ),
        greeting: hello(locale, &order.contact.name),
        paragraphs,
        picture: bank_transfer.then_some(Picture {
            url: &qr_url,
            alt: &qr_alt,
            size: 200,
        }),
        button: Some(Button {
            label: WORDS.text(locale, "view_order"),
            url: &url,
        }),
    })
}

pub fn staff_notice(mail: &MailContext, order: &OrderView) -> NewMail {
    let url = mail.link(Page::ViewOrder { uuid: &order.uuid });
    let address = &order.shipping_address;
    let mut paragraphs = vec![
        format!(
            "{}{}, {} ordered {} item(s) for {} ({}).",
            order.contact.name,
            match &order.contact.email {
                Some(email) => format!(" <{email}>"),
                None => " (no e-mail: reach them by phone or WhatsApp)".to_owned(),
            },
            order.contact.phone,
            order.totals.item_count,
            format_inr(order.totals.total),
            if order.payment_method == PaymentMethod::BankTransfer {
                "bank transfer"
            } else {
                "cash on delivery"
            }
        ),
        format!(
            "Ship to: {}, {}, {}, {}, {} {}",
            address.name,
            address.line1,
            address.city,
            address.district,
            address.state,
            address.pincode
        ),
    ];
    paragraphs.extend(lines_text(order, totals(Locale::En, order)));
    if let Some(notes) = &order.notes {
        paragraphs.push(format!("Notes: {notes}"));
    }
    let refs: Vec<&str> = paragraphs.iter().map(String::as_str).collect();
    mail.compose(
        &mail.shop_email,
        &format!(
            "New order {} — {}",
            order.number,
            format_inr(order.totals.total)
        ),
        "A new order has been placed.",
        &refs,
        Some(Button {
            label: "Open the order",
            url: &url,
        }),
    )
}
