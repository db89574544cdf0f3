//! An order taken on the phone: a farmer calls, and staff place the order for them. It is the
//! shop's own checkout ([`create_order`]: stock, delivery zones, GST, the order's messages), once
//! per Idempotency-Key, from a cart made for it in the same transaction and gone with it; only
//! what the desk adds is here: who took it (`phone_orders`, its first timeline entry and the
//! audit log), and the caller's answer to order updates on their phone, recorded as said on the call.

use chrono::Utc;
use db::audit::{self, AuditEntry};
use db::schema::{
    cart_items, carts, order_status_history, orders, phone_orders, product_variants, products,
    users,
};
use db::{DbConnection, OrderId, UserId, VariantId};
use diesel::prelude::*;
use paths::Locale;

use super::input::Checkout;
use super::place::{CheckoutError, IdempotencyKey, Placed, PlacedBy, create_order, place_once};
use super::terms::ShopTerms;
use crate::cart::{CartId, Quantity};
use crate::order::OrderStatus;
use crate::order::consent::{self, ChoiceVia};
use crate::stored_as_text::Word;

/// The timeline's note on an order taken on the phone.
pub const TAKEN_ON_PHONE: &str = "Taken on the phone.";

/// A phone order as the desk sends it, every part checked at the edge.
#[derive(Debug, Clone)]
pub struct PhoneOrder {
    /// The caller (contact), the delivery address, the payment method; `order_updates_on_phone`
    /// is what the caller answered when asked (the staff's tick).
    pub checkout: Checkout,
    /// Each pack size once, with its quantity.
    pub lines: Vec<(VariantId, Quantity)>,
    /// The language the caller's messages are written in.
    pub locale: Locale,
}

impl PhoneOrder {
    /// What the Idempotency-Key's hash adds to the checkout's: the lines, as the cart is not the
    /// session's.
    pub fn key_owner(&self, staff: UserId) -> String {
        let lines: Vec<String> = self
            .lines
            .iter()
            .map(|(variant, quantity)| format!("{variant}x{}", quantity.get()))
            .collect();
        format!("staff:{staff}:{}:{}", self.locale.code(), lines.join(","))
    }
}

/// Places the caller's order, taken by `staff`: linked to the account that verified the
/// caller's number, if one did (so it shows among their orders), else a guest order under the
/// number (linked when they verify it).
pub fn place_phone_order(
    conn: &mut DbConnection,
    order: &PhoneOrder,
    staff: UserId,
    key: &IdempotencyKey,
    terms: &ShopTerms,
) -> Result<Placed, CheckoutError> {
    place_once(conn, key, |conn| {
        refuse_unsold(conn, &order.lines)?;
        let phone = order.checkout.contact.phone.as_str();
        let account = verified_account(conn, phone)?;
        let cart = fill_cart(conn, &order.lines)?;
        // What the caller said to "Send order updates on WhatsApp/SMS" (DPDP Act 2023, s. 6:
        // consent given for this purpose, here by voice to the staff who asked): a yes is kept
        // for the number before the order's messages are queued, so its first message goes. No
        // tick changes nothing: a number's earlier answer stands until its owner changes it.
        if order.checkout.order_updates_on_phone == Some(true) {
            consent::record(conn, phone, true, ChoiceVia::PhoneCall)?;
        }
        let checkout = Checkout {
            order_updates_on_phone: None,
            ..order.checkout.clone()
        };
        let by = PlacedBy {
            user_id: account,
            locale: order.locale,
        };
        let id = create_order(conn, Some(&cart), by, &checkout, terms)?;
        diesel::delete(carts::table.find(cart.as_str())).execute(conn)?;
        mark_taken(conn, id, staff, order)?;
        Ok(id)
    })
}

/// Checkout leaves out lines of products no longer for sale (a shopper's cart may hold them);
/// a phone order names what it wants, so an unknown or inactive pack size is refused.
fn refuse_unsold(
    conn: &mut DbConnection,
    lines: &[(VariantId, Quantity)],
) -> Result<(), CheckoutError> {
    let ids: Vec<VariantId> = lines.iter().map(|(variant, _)| *variant).collect();
    let sold: Vec<VariantId> = product_variants::table
        .inner_join(products::table)
        .filter(product_variants::id.eq_any(&ids))
        .filter(products::is_active.eq(true))
        .filter(product_variants::is_active.eq(true))
        .select(product_variants::id)
        .load(conn)?;
    let unsold: Vec<VariantId> = ids.into_iter().filter(|id| !sold.contains(id)).collect();
    if unsold.is_empty() {
        Ok(())
    } else {
        Err(CheckoutError::NotForSale(unsold))
    }
}

/// The account whose verified mobile number is `phone`, if any.
fn verified_account(conn: &mut DbConnection, phone: &str) -> QueryResult<Option<UserId>> {
    users::table
        .filter(users::phone.eq(phone))
        .filter(users::phone_verified_at.is_not_null())
        .select(users::id)
        .first(conn)
        .optional()
}

/// A cart of the lines, for this transaction only: checkout empties it, the caller removes it.
fn fill_cart(conn: &mut DbConnection, lines: &[(VariantId, Quantity)]) -> QueryResult<CartId> {
    let cart = CartId::generate();
    let now = Utc::now().naive_utc();
    diesel::insert_into(carts::table)
        .values((
            carts::id.eq(cart.as_str()),
            carts::created_at.eq(now),
            carts::updated_at.eq(now),
        ))
        .execute(conn)?;
    for (variant, quantity) in lines {
        diesel::insert_into(cart_items::table)
            .values((
                cart_items::cart_id.eq(cart.as_str()),
                cart_items::variant_id.eq(variant),
                cart_items::quantity.eq(i32::from(quantity.get())),
                cart_items::created_at.eq(now),
                cart_items::updated_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(cart)
}

/// The order says who took it: its `phone_orders` row, its first timeline entry, and the audit
/// log.
fn mark_taken(
    conn: &mut DbConnection,
    id: OrderId,
    staff: UserId,
    order: &PhoneOrder,
) -> Result<(), CheckoutError> {
    diesel::insert_into(phone_orders::table)
        .values((
            phone_orders::order_id.eq(id),
            phone_orders::taken_by.eq(staff),
            phone_orders::taken_at.eq(Utc::now().naive_utc()),
        ))
        .execute(conn)?;
    let (number, total): (String, i64) = orders::table
        .find(id)
        .select((orders::number, orders::total_paise))
        .first(conn)?;
    diesel::update(
        order_status_history::table
            .filter(order_status_history::order_id.eq(id))
            .filter(order_status_history::status.eq(OrderStatus::Placed)),
    )
    .set((
        order_status_history::actor_id.eq(staff),
        order_status_history::note.eq(TAKEN_ON_PHONE),
    ))
    .execute(conn)?;
    let lines: Vec<serde_json::Value> = order
        .lines
        .iter()
        .map(|(variant, quantity)| {
            serde_json::json!({ "variant_id": variant, "quantity": quantity.get() })
        })
        .collect();
    let contact = &order.checkout.contact;
    audit::record(
        conn,
        &AuditEntry {
            actor_id: Some(staff),
            action: "order.phone",
            entity: "order",
            entity_id: &number,
            old_values: None,
            new_values: Some(
                &serde_json::json!({
                    "taken_by": staff,
                    "name": contact.name,
                    "phone": contact.phone,
                    "lines": lines,
                    "payment_method": order.checkout.payment_method.as_str(),
                    "total": pricing::Paise::new(total),
                    "order_updates_on_phone": order.checkout.order_updates_on_phone == Some(true),
                })
                .to_string(),
            ),
        },
    )?;
    Ok(())
}
