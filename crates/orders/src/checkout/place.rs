use chrono::{Datelike, Utc};
use db::schema::{
    cart_items, counters, idempotency_keys, order_lines, order_status_history, orders,
    product_variants, products,
};
use db::{DbConnection, outbox, write_transaction};
use diesel::prelude::*;
use pricing::{GstRate, Paise, PlaceOfSupply, PricedLine, line_amounts, split_gst};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::input::Checkout;
use super::mails;
use crate::cart::CartId;
use crate::order::{OrderStatus, OrderView, order_by_id};

/// The shop's terms that shape an order: where it is (for the tax split), its shipping rule,
/// the seller block printed on invoices, and what bank-transfer buyers are told.
#[derive(Debug, Clone)]
pub struct ShopTerms {
    pub home_state: String,
    pub free_shipping_above: Paise,
    pub shipping_fee: Paise,
    /// The seller as invoices show it (JSON), copied onto every order.
    pub seller: serde_json::Value,
    pub payment_instructions: String,
    pub mail: mail::MailContext,
}

/// A checkout's Idempotency-Key with the hash of the request it came with.
#[derive(Debug, Clone)]
pub struct IdempotencyKey {
    pub key: String,
    pub request_hash: String,
}

impl IdempotencyKey {
    /// `body` should be the request as parsed JSON; its canonical form (sorted keys) is hashed.
    pub fn new(key: &str, body: &serde_json::Value) -> Self {
        Self {
            key: key.to_owned(),
            request_hash: hex::encode(Sha256::digest(body.to_string().as_bytes())),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Shortage {
    pub product_id: i64,
    pub variant_id: i64,
    pub name: String,
    pub requested: i32,
    pub available: i32,
}

#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error("Your cart is empty.")]
    EmptyCart,
    #[error("Some items are no longer available in the quantity you chose.")]
    OutOfStock(Vec<Shortage>),
    #[error("This Idempotency-Key was already used for a different checkout.")]
    KeyReused,
    /// Another request with this key is being placed right now (PostgreSQL): ask again.
    #[error("This checkout is already being placed.")]
    KeyInFlight,
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    #[error("the catalogue holds an invalid value: {0}")]
    InvalidData(String),
}

impl From<pricing::PricingError> for CheckoutError {
    fn from(error: pricing::PricingError) -> Self {
        Self::InvalidData(error.to_string())
    }
}

/// The order, and whether it was placed by an earlier request with the same key.
#[derive(Debug)]
pub struct Placed {
    pub order: OrderView,
    pub replayed: bool,
}

/// A cart line as checkout reads it, with what the order copies from the catalogue.
#[derive(Debug, Queryable)]
struct CartRow {
    variant_id: i64,
    quantity: i32,
    product_id: i64,
    variant_name: Option<String>,
    sku: String,
    price: i64,
    name: String,
    hsn: String,
    rate: i32,
    slug: String,
}

/// A cart line priced for the order.
struct PricedRow {
    row: CartRow,
    amounts: pricing::LineAmounts,
    split: pricing::GstSplit,
}

/// Places the order: re-prices the cart from the catalogue, takes the stock (never below
/// zero), snapshots every line, totals and splits the tax, numbers the order, empties the cart
/// and queues the customer's and the shop's mail — all in one transaction.
pub fn place_order(
    conn: &mut DbConnection,
    cart: Option<&CartId>,
    user_id: Option<i64>,
    key: &IdempotencyKey,
    checkout: &Checkout,
    terms: &ShopTerms,
) -> Result<Placed, CheckoutError> {
    let outcome = write_transaction(conn, |conn| {
        if let Some(existing) = replay(conn, key)? {
            return Ok(Placed {
                order: existing,
                replayed: true,
            });
        }
        // Claim the key first: a concurrent submit with it waits here until this one ends.
        diesel::insert_into(idempotency_keys::table)
            .values((
                idempotency_keys::key.eq(&key.key),
                idempotency_keys::request_hash.eq(&key.request_hash),
            ))
            .execute(conn)?;
        let order_id = create_order(conn, cart, user_id, checkout, terms)?;
        diesel::update(idempotency_keys::table.find(&key.key))
            .set(idempotency_keys::order_id.eq(order_id))
            .execute(conn)?;
        Ok(Placed {
            order: order_by_id(conn, order_id)?,
            replayed: false,
        })
    });
    match outcome {
        Err(CheckoutError::Database(diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            info,
        ))) if info.table_name() == Some("idempotency_keys")
            || info.message().contains("idempotency_keys") =>
        {
            // The other request with this key committed first: answer its order.
            let replayed = replay(conn, key)?.ok_or(CheckoutError::KeyInFlight)?;
            Ok(Placed {
                order: replayed,
                replayed: true,
            })
        }
        other => other,
    }
}

fn replay(
    conn: &mut DbConnection,
    key: &IdempotencyKey,
) -> Result<Option<OrderView>, CheckoutError> {
    let stored: Option<(String, Option<i64>)> = idempotency_keys::table
        .find(&key.key)
        .select((idempotency_keys::request_hash, idempotency_keys::order_id))
        .first(conn)
        .optional()?;
    match stored {
        None => Ok(None),
        Some((hash, _)) if hash != key.request_hash => Err(CheckoutError::KeyReused),
        Some((_, Some(order_id))) => Ok(Some(order_by_id(conn, order_id)?)),
        Some((_, None)) => Err(CheckoutError::KeyInFlight),
    }
}

fn create_order(
    conn: &mut DbConnection,
    cart: Option<&CartId>,
    user_id: Option<i64>,
    checkout: &Checkout,
    terms: &ShopTerms,
) -> Result<i64, CheckoutError> {
    let Some(cart) = cart else {
        return Err(CheckoutError::EmptyCart);
    };
    // Variant order, so that two checkouts lock shared rows in the same order (no deadlock).
    let rows: Vec<CartRow> = cart_items::table
        .inner_join(product_variants::table.inner_join(products::table))
        .filter(cart_items::cart_id.eq(cart.as_str()))
        .filter(products::is_active.eq(true))
        .order(cart_items::variant_id)
        .select((
            cart_items::variant_id,
            cart_items::quantity,
            product_variants::product_id,
            product_variants::name,
            product_variants::sku,
            product_variants::price_paise,
            products::name,
            products::hsn_code,
            products::gst_rate_bp,
            products::slug,
        ))
        .load(conn)?;
    if rows.is_empty() {
        return Err(CheckoutError::EmptyCart);
    }

    let mut shortages = Vec::new();
    for row in &rows {
        let taken = diesel::update(
            product_variants::table
                .find(row.variant_id)
                .filter(product_variants::stock.ge(row.quantity)),
        )
        .set(product_variants::stock.eq(product_variants::stock - row.quantity))
        .execute(conn)?;
        if taken == 0 {
            let available: i32 = product_variants::table
                .find(row.variant_id)
                .select(product_variants::stock)
                .first(conn)?;
            shortages.push(Shortage {
                product_id: row.product_id,
                variant_id: row.variant_id,
                name: match &row.variant_name {
                    Some(v) => format!("{} ({v})", row.name),
                    None => row.name.clone(),
                },
                requested: row.quantity,
                available: available.max(0),
            });
        }
    }
    if !shortages.is_empty() {
        return Err(CheckoutError::OutOfStock(shortages));
    }

    let billing = checkout
        .billing_address
        .as_ref()
        .unwrap_or(&checkout.shipping_address);
    // Place of supply for goods is where they are delivered.
    let place = PlaceOfSupply::between(&terms.home_state, &checkout.shipping_address.state);
    let now = Utc::now().naive_utc();
    let number = next_order_number(conn, now.year())?;
    let mut lines = Vec::with_capacity(rows.len());
    let (mut count, mut taxable, mut tax, mut cgst, mut sgst, mut igst, mut items_total) =
        (0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64);
    for row in rows {
        let gst_rate = GstRate::new(
            u16::try_from(row.rate)
                .map_err(|_| CheckoutError::InvalidData(format!("rate {}", row.rate)))?,
        )?;
        let units = u32::try_from(row.quantity)
            .map_err(|_| CheckoutError::InvalidData(format!("quantity {}", row.quantity)))?;
        let amounts = line_amounts(&PricedLine {
            unit_price: Paise::new(row.price),
            gst_rate,
            quantity: units,
        })?;
        let split = split_gst(amounts.tax, place);
        count += i64::from(row.quantity);
        taxable += amounts.taxable.get();
        tax += amounts.tax.get();
        cgst += split.cgst.get();
        sgst += split.sgst.get();
        igst += split.igst.get();
        items_total += amounts.total.get();
        lines.push(PricedRow {
            row,
            amounts,
            split,
        });
    }
    let shipping = if items_total >= terms.free_shipping_above.get() {
        0
    } else {
        terms.shipping_fee.get()
    };
    let status = match checkout.payment_method {
        super::PaymentMethod::Cod => OrderStatus::Placed,
        super::PaymentMethod::BankTransfer => OrderStatus::AwaitingPayment,
    };
    let uuid = uuid::Uuid::new_v4().to_string();
    let json = |value: &super::Address| {
        serde_json::to_string(value).map_err(|e| CheckoutError::InvalidData(e.to_string()))
    };
    let order_id: i64 = diesel::insert_into(orders::table)
        .values((
            orders::uuid.eq(&uuid),
            orders::number.eq(&number),
            orders::user_id.eq(user_id),
            orders::status.eq(status.as_str()),
            orders::payment_method.eq(checkout.payment_method.as_str()),
            orders::contact_name.eq(&checkout.contact.name),
            orders::contact_email.eq(&checkout.contact.email),
            orders::contact_phone.eq(&checkout.contact.phone),
            orders::shipping_address.eq(json(&checkout.shipping_address)?),
            orders::billing_address.eq(json(billing)?),
            orders::gstin.eq(&checkout.gstin),
            orders::business_name.eq(&checkout.business_name),
            orders::notes.eq(&checkout.notes),
            orders::place_of_supply.eq(match place {
                PlaceOfSupply::IntraState => "intra_state",
                PlaceOfSupply::InterState => "inter_state",
            }),
            orders::item_count
                .eq(i32::try_from(count).map_err(|_| CheckoutError::InvalidData("count".into()))?),
            orders::subtotal_paise.eq(taxable),
            orders::tax_paise.eq(tax),
            orders::cgst_paise.eq(cgst),
            orders::sgst_paise.eq(sgst),
            orders::igst_paise.eq(igst),
            orders::shipping_paise.eq(shipping),
            orders::total_paise.eq(items_total + shipping),
            orders::seller.eq(terms.seller.to_string()),
            orders::created_at.eq(now),
            orders::updated_at.eq(now),
        ))
        .returning(orders::id)
        .get_result(conn)?;
    let brand_paths = brand_slugs(conn, lines.iter().map(|l| l.row.product_id).collect())?;
    for (
        position,
        PricedRow {
            row,
            amounts,
            split,
        },
    ) in lines.into_iter().enumerate()
    {
        let brand = brand_paths
            .iter()
            .find(|(id, _)| *id == row.product_id)
            .map(|(_, b)| b.as_str())
            .unwrap_or_default();
        diesel::insert_into(order_lines::table)
            .values((
                order_lines::order_id.eq(order_id),
                order_lines::position.eq(position as i32),
                order_lines::product_id.eq(row.product_id),
                order_lines::variant_id.eq(row.variant_id),
                order_lines::product_name.eq(row.name),
                order_lines::variant_name.eq(row.variant_name),
                order_lines::sku.eq(row.sku),
                order_lines::hsn_code.eq(row.hsn),
                order_lines::href.eq(paths::Page::Product { brand, slug: &row.slug }.path()),
                order_lines::unit_price_paise.eq(row.price),
                order_lines::gst_rate_bp.eq(row.rate),
                order_lines::quantity.eq(row.quantity),
                order_lines::taxable_paise.eq(amounts.taxable.get()),
                order_lines::cgst_paise.eq(split.cgst.get()),
                order_lines::sgst_paise.eq(split.sgst.get()),
                order_lines::igst_paise.eq(split.igst.get()),
                order_lines::total_paise.eq(amounts.total.get()),
            ))
            .execute(conn)?;
    }
    let mut history = vec![OrderStatus::Placed];
    if status != OrderStatus::Placed {
        history.push(status);
    }
    for step in history {
        diesel::insert_into(order_status_history::table)
            .values((
                order_status_history::order_id.eq(order_id),
                order_status_history::status.eq(step.as_str()),
                order_status_history::created_at.eq(now),
            ))
            .execute(conn)?;
    }
    diesel::delete(cart_items::table.filter(cart_items::cart_id.eq(cart.as_str())))
        .execute(conn)?;

    let order = order_by_id(conn, order_id)?;
    outbox::enqueue(
        conn,
        &mails::confirmation(&terms.mail, &order, &terms.payment_instructions),
    )?;
    outbox::enqueue(conn, &mails::staff_notice(&terms.mail, &order))?;
    Ok(order_id)
}

fn brand_slugs(conn: &mut DbConnection, product_ids: Vec<i64>) -> QueryResult<Vec<(i64, String)>> {
    use db::schema::brands;
    products::table
        .inner_join(brands::table)
        .filter(products::id.eq_any(product_ids))
        .select((products::id, brands::slug))
        .load(conn)
}

/// `ORD-2026-000123`: a counter per year, bumped inside the checkout's transaction.
fn next_order_number(conn: &mut DbConnection, year: i32) -> QueryResult<String> {
    let name = format!("order-{year}");
    let start = (counters::name.eq(&name), counters::value.eq(0_i64));
    db::per_backend!(&mut *conn, |c| diesel::insert_into(counters::table)
        .values(start)
        .on_conflict_do_nothing()
        .execute(c))?;
    diesel::update(counters::table.find(&name))
        .set(counters::value.eq(counters::value + 1))
        .execute(conn)?;
    let value: i64 = counters::table
        .find(&name)
        .select(counters::value)
        .first(conn)?;
    Ok(format!("ORD-{year}-{value:06}"))
}

impl From<crate::order::OrderError> for CheckoutError {
    fn from(error: crate::order::OrderError) -> Self {
        match error {
            crate::order::OrderError::Database(e) => Self::Database(e),
            crate::order::OrderError::NotFound => {
                Self::InvalidData("the order just written is missing".into())
            }
        }
    }
}
