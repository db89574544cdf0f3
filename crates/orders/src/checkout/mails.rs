//! The customer's order confirmation and the shop's notice of a new order.

use db::outbox::NewMail;
use mail::{Button, MailContext, Picture};
use paths::Page;
use pricing::format_inr;

use super::terms::ShopTerms;
use crate::order::OrderView;
use crate::payment::UpiRequest;

fn lines_text(order: &OrderView) -> Vec<String> {
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
    lines.push(format!(
        "Items: {}   Tax included: {}   Shipping: {}   Total: {}",
        format_inr(order.totals.subtotal),
        format_inr(order.totals.tax),
        format_inr(order.totals.shipping),
        format_inr(order.totals.total)
    ));
    lines
}

/// To `to`, the address the shopper gave (an order without one gets no mail).
pub fn confirmation(terms: &ShopTerms, order: &OrderView, to: &str) -> NewMail {
    let mail = &terms.mail;
    let url = mail.link(Page::ViewOrder { uuid: &order.uuid });
    let mut paragraphs = vec![format!(
        "Thank you for your order {}. We have received it and will pack it at our shop.",
        order.number
    )];
    paragraphs.extend(lines_text(order));
    let bank_transfer = order.payment_method == "bank_transfer";
    let qr_url = format!("{}/api/orders/{}/upi-qr.png", mail.public_url, order.uuid);
    let qr_alt = format!(
        "UPI QR code to pay {} for {}",
        format_inr(order.totals.total),
        order.number
    );
    if bank_transfer {
        paragraphs.push(format!(
            "Payment: please transfer {} quoting {} as the reference. {} We confirm and ship your order once the payment arrives; if it has not reached us within {} days, the order is cancelled.",
            format_inr(order.totals.total),
            order.number,
            terms.payment_instructions,
            terms.unpaid_transfer_days
        ));
        let upi = UpiRequest::new(&terms.upi_payee, order.totals.total, &order.number);
        paragraphs.push(format!(
            "To pay by UPI, scan this QR code with any UPI app (BHIM, Google Pay, PhonePe, Paytm), or open this link on your phone: {}",
            upi.link
        ));
    } else {
        paragraphs.push(format!(
            "Payment: cash on delivery. Please keep {} ready when the parcel arrives.",
            format_inr(order.totals.total)
        ));
    }
    paragraphs.push("We will e-mail you again when your order is on its way.".into());
    let refs: Vec<&str> = paragraphs.iter().map(String::as_str).collect();
    mail.compose_with_picture(
        to,
        &format!("Order {} received — {}", order.number, mail.shop_name),
        &format!("Hello {},", order.contact.name),
        &refs,
        bank_transfer.then_some(Picture {
            url: &qr_url,
            alt: &qr_alt,
            size: 200,
        }),
        Some(Button {
            label: "View your order",
            url: &url,
        }),
    )
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
            if order.payment_method == "bank_transfer" {
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
    paragraphs.extend(lines_text(order));
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
