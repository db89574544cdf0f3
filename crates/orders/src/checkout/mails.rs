//! The customer's order confirmation and the shop's notice of a new order.

use db::outbox::NewMail;
use mail::{Button, MailContext};
use paths::Page;
use pricing::format_inr;

use crate::order::OrderView;

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

pub fn confirmation(mail: &MailContext, order: &OrderView, payment_instructions: &str) -> NewMail {
    let url = mail.link(Page::ViewOrder { uuid: &order.uuid });
    let mut paragraphs = vec![format!(
        "Thank you for your order {}. We have received it and will pack it at our shop.",
        order.number
    )];
    paragraphs.extend(lines_text(order));
    paragraphs.push(if order.payment_method == "bank_transfer" {
        format!(
            "Payment: please transfer {} quoting {} as the reference. {payment_instructions} We confirm and ship your order once the payment arrives.",
            format_inr(order.totals.total),
            order.number
        )
    } else {
        format!("Payment: cash on delivery. Please keep {} ready when the parcel arrives.", format_inr(order.totals.total))
    });
    paragraphs.push("We will e-mail you again when your order is on its way.".into());
    let refs: Vec<&str> = paragraphs.iter().map(String::as_str).collect();
    mail.compose(
        &order.contact.email,
        &format!("Order {} received — {}", order.number, mail.shop_name),
        &format!("Hello {},", order.contact.name),
        &refs,
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
            "{} <{}>, {} ordered {} item(s) for {} ({}).",
            order.contact.name,
            order.contact.email,
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
