//! The packing desk: confirmed orders as the person who packs and ships them needs them, and
//! nothing more. No prices, totals or payments (only the cash to collect on delivery, which the
//! packing slip must show), and of the customer only the delivery name, address and phone.
//!
//! "Packed" is a mark on a confirmed order (`order_packing`: who and when), not a status: the
//! shopper, the tax invoice and the messages know the order as confirmed until it ships. Shipping
//! is the desk's own move ([`crate::desk::move_order`]), so its rules, messages and audit row are
//! those of every shipment.

use chrono::{NaiveDateTime, Utc};
use db::audit::{self, AuditEntry};
use db::schema::{order_packing, orders, users};
use db::{DbConnection, OrderId, UserId, write_transaction};
use diesel::prelude::*;
use pricing::Paise;
use serde::Serialize;

use crate::desk::{self, DeskError};
use crate::order::{
    Address, EWAY_BILL_ABOVE, MoveContext, OrderMove, OrderStatus, OrderView, PaymentMethod,
    PaymentState, ReadOrder, Shipment, consignment_value, locate, order_by_id,
};
use crate::stored_as_text::{Word, word_of};

/// How many orders the packing list shows at once: the oldest first, so none waits unseen.
pub const LIST_LIMIT: i64 = 200;

/// An order on the packing list.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PackingListItem {
    pub number: String,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub placed_at: NaiveDateTime,
    /// Who the parcel goes to, and the town and PIN code.
    pub deliver_to: String,
    pub city: String,
    pub pincode: String,
    pub item_count: i32,
    /// When it was packed; `null` while it waits to be packed.
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub packed_at: Option<NaiveDateTime>,
    /// Cash the carrier collects on delivery; `null` when the order is paid.
    #[schema(required = true)]
    pub collect_on_delivery: Option<Paise>,
}

/// The orders to pack and to ship: confirmed, oldest first.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PackingList {
    pub data: Vec<PackingListItem>,
    /// How many confirmed orders wait in all (the list shows at most 200).
    pub count: i64,
}

/// A line of a parcel: what goes in the box.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PackingLine {
    pub product_name: String,
    #[schema(required = true)]
    pub variant_name: Option<String>,
    pub sku: String,
    pub quantity: i32,
    /// The batches its units are taken from (first expiring, first out), each with its dates:
    /// the packer picks these.
    pub batches: Vec<batches::allot::LineBatch>,
}

/// One order as the packing desk shows it, and its packing slip.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PackingOrder {
    pub number: String,
    pub status: OrderStatus,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub placed_at: NaiveDateTime,
    /// The delivery address with its name and phone.
    pub deliver_to: Address,
    pub lines: Vec<PackingLine>,
    pub item_count: i32,
    /// Cash the carrier collects on delivery; `null` when the order is paid (or cancelled).
    #[schema(required = true)]
    pub collect_on_delivery: Option<Paise>,
    #[schema(required = true)]
    #[serde(serialize_with = "fields::utc::serialize_option")]
    pub packed_at: Option<NaiveDateTime>,
    /// Who packed it.
    #[schema(required = true)]
    pub packed_by: Option<String>,
    /// Whether it may be marked packed now (confirmed and not packed yet).
    pub can_pack: bool,
    /// Whether it may be shipped now.
    pub can_ship: bool,
    /// Over ₹50,000 of goods: shipping it needs the e-way bill's number.
    pub needs_eway_bill: bool,
    #[schema(required = true)]
    pub carrier: Option<String>,
    #[schema(required = true)]
    pub tracking_number: Option<String>,
}

/// Cash to collect: the total of an unpaid cash-on-delivery order that is still going out.
fn cash_to_collect(
    method: PaymentMethod,
    state: PaymentState,
    status: OrderStatus,
    total: Paise,
) -> Option<Paise> {
    let going_out = !matches!(status, OrderStatus::Cancelled | OrderStatus::Delivered);
    (method == PaymentMethod::Cod && state == PaymentState::Unpaid && going_out).then_some(total)
}

type ListRow = (
    OrderId,
    String,
    NaiveDateTime,
    String,
    i32,
    String,
    String,
    i64,
    Option<NaiveDateTime>,
);

/// Confirmed orders, oldest first (at most [`LIST_LIMIT`]), packed or not.
pub fn packing_list(conn: &mut DbConnection) -> Result<PackingList, DeskError> {
    let confirmed = OrderStatus::Confirmed.as_str();
    let count: i64 = orders::table
        .filter(orders::status.eq(confirmed))
        .count()
        .get_result(conn)?;
    let rows: Vec<ListRow> = orders::table
        .left_join(order_packing::table)
        .filter(orders::status.eq(confirmed))
        .order(orders::id)
        .limit(LIST_LIMIT)
        .select((
            orders::id,
            orders::number,
            orders::created_at,
            orders::shipping_address,
            orders::item_count,
            orders::payment_method,
            orders::payment_state,
            orders::total_paise,
            order_packing::packed_at.nullable(),
        ))
        .load(conn)?;
    let data = rows
        .into_iter()
        .map(
            |(id, number, placed_at, address, item_count, method, state, total, packed_at)| {
                let address: Address = serde_json::from_str(&address)
                    .map_err(|e| DeskError::InvalidData(format!("order {}: {e}", id.0)))?;
                let method: PaymentMethod = word_of(id.0, &method)?;
                let state: PaymentState = word_of(id.0, &state)?;
                Ok(PackingListItem {
                    number,
                    placed_at,
                    deliver_to: address.name,
                    city: address.city,
                    pincode: address.pincode,
                    item_count,
                    packed_at,
                    collect_on_delivery: cash_to_collect(
                        method,
                        state,
                        OrderStatus::Confirmed,
                        Paise::new(total),
                    ),
                })
            },
        )
        .collect::<Result<_, DeskError>>()?;
    Ok(PackingList { data, count })
}

fn packing_order_by_id(conn: &mut DbConnection, id: OrderId) -> Result<PackingOrder, DeskError> {
    let order: OrderView = order_by_id(conn, id)?;
    let packed: Option<(NaiveDateTime, Option<String>)> = order_packing::table
        .left_join(users::table.on(users::id.nullable().eq(order_packing::packed_by)))
        .filter(order_packing::order_id.eq(id))
        .select((order_packing::packed_at, users::name.nullable()))
        .first(conn)
        .optional()?;
    let consignment = consignment_value(conn, id)?;
    let confirmed = order.status == OrderStatus::Confirmed;
    Ok(PackingOrder {
        collect_on_delivery: cash_to_collect(
            order.payment_method,
            order.payment_state,
            order.status,
            order.totals.total,
        ),
        number: order.number,
        status: order.status,
        placed_at: order.placed_at,
        deliver_to: order.shipping_address,
        lines: order
            .lines
            .into_iter()
            .map(|line| PackingLine {
                product_name: line.product_name,
                variant_name: line.variant_name,
                sku: line.sku,
                quantity: line.quantity,
                batches: line.batches,
            })
            .collect(),
        item_count: order.totals.item_count,
        can_pack: confirmed && packed.is_none(),
        can_ship: confirmed,
        needs_eway_bill: consignment > EWAY_BILL_ABOVE,
        packed_at: packed.as_ref().map(|(at, _)| *at),
        packed_by: packed.and_then(|(_, name)| name),
        carrier: order.carrier,
        tracking_number: order.tracking_number,
    })
}

fn find(conn: &mut DbConnection, number: &str) -> Result<OrderId, DeskError> {
    Ok(locate(conn, number)?.0)
}

/// The order with this number as the packing desk shows it.
pub fn packing_order(conn: &mut DbConnection, number: &str) -> Result<PackingOrder, DeskError> {
    let id = find(conn, number)?;
    packing_order_by_id(conn, id)
}

/// Marks a confirmed order packed, by `actor`, with its audit row in the same transaction.
/// 409 for an order that is not confirmed, or packed already.
pub fn mark_packed(
    conn: &mut DbConnection,
    number: &str,
    actor: UserId,
) -> Result<PackingOrder, DeskError> {
    write_transaction(conn, |conn| {
        let id = find(conn, number)?;
        let status: OrderStatus = orders::table
            .find(id)
            .select(orders::status)
            .first(conn)
            .of_order(id)?;
        if status != OrderStatus::Confirmed {
            return Err(DeskError::Conflict(format!(
                "Only a confirmed order is packed; this one is {}.",
                status.as_str().replace('_', " ")
            )));
        }
        let packed_already = || DeskError::Conflict("This order is packed already.".into());
        let marked: i64 = order_packing::table
            .filter(order_packing::order_id.eq(id))
            .count()
            .get_result(conn)?;
        if marked > 0 {
            return Err(packed_already());
        }
        // The primary key makes the second of two packers at once fail here, not pack twice.
        diesel::insert_into(order_packing::table)
            .values((
                order_packing::order_id.eq(id),
                order_packing::packed_by.eq(Some(actor)),
                order_packing::packed_at.eq(Utc::now().naive_utc()),
            ))
            .execute(conn)
            .map_err(|error| match error {
                diesel::result::Error::DatabaseError(
                    diesel::result::DatabaseErrorKind::UniqueViolation,
                    _,
                ) => packed_already(),
                other => other.into(),
            })?;
        let after = serde_json::json!({ "packed": true }).to_string();
        audit::record(
            conn,
            &AuditEntry {
                actor_id: Some(actor),
                action: "order.packed",
                entity: "order",
                entity_id: &id.0.to_string(),
                old_values: None,
                new_values: Some(&after),
            },
        )?;
        packing_order_by_id(conn, id)
    })
}

/// Ships a confirmed order: the desk's own move (its rules, the customer's messages, the audit
/// row, all in the move's transaction); answers the packing view.
pub fn ship(
    conn: &mut DbConnection,
    number: &str,
    shipment: Shipment,
    actor: UserId,
    shop: &MoveContext,
) -> Result<PackingOrder, DeskError> {
    let id = find(conn, number)?;
    let status: OrderStatus = orders::table
        .find(id)
        .select(orders::status)
        .first(conn)
        .of_order(id)?;
    // The packing desk ships what the desk confirmed (paid, or cash on delivery accepted); the
    // move itself checks the status again inside its transaction.
    if status != OrderStatus::Confirmed {
        return Err(DeskError::Conflict(format!(
            "Only a confirmed order ships from the packing desk; this one is {}.",
            status.as_str().replace('_', " ")
        )));
    }
    desk::move_order(conn, number, &OrderMove::Ship(shipment), actor, None, shop)?;
    packing_order_by_id(conn, id)
}
