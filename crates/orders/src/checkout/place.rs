use chrono::{Datelike, NaiveDateTime, Utc};
use db::schema::{
    brands, cart_items, idempotency_keys, order_lines, order_supply_places, orders,
    product_variants, products, stock_movements, users,
};
use db::{DbConnection, OrderId, ProductId, UserId, VariantId, outbox, write_transaction};
use diesel::prelude::*;
use fields::{IndianState, PostalAddress};
use paths::{Locale, Page};
use pricing::{GstRate, PackUnit, Paise, PlaceOfSupply, SupplyKind, TaxedAmount, tax_in};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::input::{Address, Checkout, PaymentMethod};
use super::mails;
use super::terms::ShopTerms;
use crate::cart::CartId;
use crate::order::consent::{self, ChoiceVia};
use crate::order::owner_alerts;
use crate::order::phone_news::News;
use crate::order::{
    MovedBy, OrderLineRecord, OrderRecord, OrderStatus, OrderView, order_by_id, phone_news,
    record_status,
};

/// A checkout's Idempotency-Key with the hash of the request it came with.
#[derive(Debug, Clone)]
pub struct IdempotencyKey {
    pub key: String,
    pub request_hash: String,
}

impl IdempotencyKey {
    /// The checked checkout is hashed with who sent it (`owner`: the account, or for a guest
    /// the session's cart), so a resubmit that differs only in spacing or case counts as the same
    /// request, and the same key from anyone else is refused instead of replaying the order
    /// (with the buyer's contact and addresses) to them.
    pub fn new(key: &str, checkout: &Checkout, owner: &str) -> Self {
        let canonical = serde_json::to_string(&(owner, checkout.canonical())).unwrap_or_default();
        Self {
            key: key.to_owned(),
            request_hash: hex::encode(Sha256::digest(canonical.as_bytes())),
        }
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Shortage {
    #[schema(value_type = i64)]
    pub product_id: ProductId,
    #[schema(value_type = i64)]
    pub variant_id: VariantId,
    pub name: String,
    pub requested: i32,
    pub available: i32,
}

#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error("Your cart is empty.")]
    EmptyCart,
    /// Pack sizes asked for by id (an order taken at the desk) that are not for sale.
    #[error("Some pack sizes are not for sale.")]
    NotForSale(Vec<VariantId>),
    #[error("Some items are no longer available in the quantity you chose.")]
    OutOfStock(Vec<Shortage>),
    /// Lines whose products may not be shipped to the delivery state (hazardous goods), each
    /// named as "Product (variant) may not be shipped to State."
    #[error("Some items may not be shipped to {state}.")]
    Restricted { state: String, lines: Vec<String> },
    /// Lines whose products need a dealer licence the shop does not hold in force today
    /// (Insecticides Rules 1971 r. 10, FCO 1985 cl. 8, Seeds (Control) Order 1983 cl. 3), each
    /// named as "Product (variant)".
    #[error("{} cannot be sold at present: the shop's licence to sell it is not in force.", .0.join(", "))]
    Unlicensed(Vec<String>),
    /// The PIN code is in no zone the shop delivers to.
    #[error("We do not deliver to PIN code {pin}.")]
    NotServed { pin: String },
    /// The PIN code is not where the address says (or is unknown without a state to go by).
    #[error(transparent)]
    Destination(#[from] delivery::DestinationError),
    #[error("This Idempotency-Key was already used for a different checkout.")]
    KeyReused,
    /// Another request with this key is being placed right now (PostgreSQL): ask again.
    #[error("This checkout is already being placed.")]
    KeyInFlight,
    /// The order would come to more than [`ORDER_TOTAL_MAX`] (or past what the sums can hold).
    #[error("An order may come to at most {max}; please split it into smaller orders.", max = ORDER_TOTAL_MAX_TEXT)]
    TooLarge,
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    #[error(transparent)]
    Batch(#[from] batches::BatchError),
    #[error("the catalogue holds an invalid value: {0}")]
    InvalidData(String),
}

impl From<pricing::PricingError> for CheckoutError {
    fn from(error: pricing::PricingError) -> Self {
        match error {
            pricing::PricingError::Overflow => Self::TooLarge,
            other => Self::InvalidData(other.to_string()),
        }
    }
}

/// Who places the order: their account (none for a guest), and the language of the page they
/// check out on (the language of the order's mail).
#[derive(Debug, Clone, Copy)]
pub struct PlacedBy {
    pub user_id: Option<UserId>,
    pub locale: Locale,
}

/// The order, and whether it was placed by an earlier request with the same key.
#[derive(Debug)]
pub struct Placed {
    pub order: OrderView,
    pub replayed: bool,
}

/// A cart line as checkout reads it, with what the order copies from the catalogue.
#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = cart_items)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
struct CartLineRow {
    variant_id: VariantId,
    quantity: i32,
    #[diesel(select_expression = product_variants::product_id)]
    product_id: ProductId,
    #[diesel(select_expression = product_variants::name)]
    variant_name: Option<String>,
    #[diesel(select_expression = product_variants::sku)]
    sku: String,
    #[diesel(select_expression = product_variants::price_paise)]
    price_paise: i64,
    #[diesel(select_expression = products::name)]
    product_name: String,
    #[diesel(select_expression = products::hsn_code)]
    hsn_code: String,
    #[diesel(select_expression = products::gst_rate_bp)]
    #[diesel(deserialize_as = i32)]
    gst_rate: GstRate,
    #[diesel(select_expression = products::slug)]
    slug: String,
    #[diesel(select_expression = brands::slug)]
    brand_slug: String,
    /// A JSON array of the states the product may not be shipped to.
    #[diesel(select_expression = products::restricted_states)]
    restricted_states: String,
    /// One unit's shipping weight.
    #[diesel(select_expression = product_variants::weight_grams)]
    weight_grams: i32,
    #[diesel(select_expression = products::supply_kind)]
    supply_kind: String,
    #[diesel(select_expression = product_variants::uqc)]
    uqc: String,
    #[diesel(select_expression = product_variants::uqc_milli)]
    uqc_milli: Option<i64>,
    #[diesel(select_expression = products::regulated_as)]
    regulated_as: String,
    #[diesel(select_expression = products::registration_number)]
    registration_number: Option<String>,
}

impl CartLineRow {
    /// The line's variant as a parcel: its weight, price and where it may not go.
    fn parcel(&self) -> Result<catalog::Parcel, CheckoutError> {
        catalog::Parcel::from_stored(self.weight_grams, self.price_paise, &self.restricted_states)
            .map_err(|e| CheckoutError::InvalidData(e.to_string()))
    }

    /// The line's quantity as a count of units.
    fn units(&self) -> Result<u32, CheckoutError> {
        u32::try_from(self.quantity)
            .map_err(|_| CheckoutError::InvalidData(format!("quantity {}", self.quantity)))
    }

    /// What the law makes of the product (its kind and its rate agree) and of one pack's unit.
    fn classification(&self) -> Result<(SupplyKind, PackUnit), CheckoutError> {
        let invalid = |e: pricing::SupplyError| CheckoutError::InvalidData(e.to_string());
        let kind = SupplyKind::parse(&self.supply_kind).map_err(invalid)?;
        kind.check_rate(self.gst_rate).map_err(invalid)?;
        let unit = PackUnit::from_stored(&self.uqc, self.uqc_milli).map_err(invalid)?;
        Ok((kind, unit))
    }

    /// The product's name with its pack size, as a shortage names it.
    fn display_name(&self) -> String {
        match &self.variant_name {
            Some(variant) => format!("{} ({variant})", self.product_name),
            None => self.product_name.clone(),
        }
    }
}

/// A cart line priced for the order.
struct PricedRow {
    row: CartLineRow,
    kind: SupplyKind,
    unit: PackUnit,
    /// The line's value (unit price × quantity) taken apart by [`tax_in`].
    goods: TaxedAmount,
    /// The line's share of the delivery charge, taken apart the same way.
    shipping: TaxedAmount,
}

/// The sums of an order's lines, in paise.
#[derive(Default)]
struct LineSums {
    count: i64,
    taxable: i64,
    tax: i64,
    cgst: i64,
    sgst: i64,
    igst: i64,
    total: i64,
}

impl LineSums {
    /// Adds one line; an order whose sums leave `i64` is refused, never wrapped.
    fn add(&mut self, quantity: i32, goods: &TaxedAmount) -> Result<(), CheckoutError> {
        let add = |sum: &mut i64, value: i64| {
            *sum = sum.checked_add(value).ok_or(CheckoutError::TooLarge)?;
            Ok::<(), CheckoutError>(())
        };
        add(&mut self.count, i64::from(quantity))?;
        add(&mut self.taxable, goods.taxable.get())?;
        add(&mut self.tax, goods.tax().get())?;
        add(&mut self.cgst, goods.cgst.get())?;
        add(&mut self.sgst, goods.sgst.get())?;
        add(&mut self.igst, goods.igst.get())?;
        add(&mut self.total, goods.gross().get())
    }
}

/// The most one order may come to, delivery included: ₹1 crore. Far above any farm's order
/// here, and it keeps every sum over orders (the day's sales, a GST return) far inside `i64`.
pub const ORDER_TOTAL_MAX: Paise = Paise::new(10_000_000_000); // ₹1,00,00,000 in paise
/// [`ORDER_TOTAL_MAX`] as messages write it.
pub const ORDER_TOTAL_MAX_TEXT: &str = "₹1,00,00,000";

/// The order's total with its delivery charge, when it is within [`ORDER_TOTAL_MAX`].
fn order_total(sums: &LineSums, shipping: i64) -> Result<i64, CheckoutError> {
    sums.total
        .checked_add(shipping)
        .filter(|total| *total <= ORDER_TOTAL_MAX.get())
        .ok_or(CheckoutError::TooLarge)
}

/// Places the order: re-prices the cart from the catalogue, takes the stock (never below
/// zero), snapshots every line, totals and splits the tax, numbers the order, empties the cart
/// and queues the customer's and the shop's mail — all in one transaction.
pub fn place_order(
    conn: &mut DbConnection,
    cart: Option<&CartId>,
    by: PlacedBy,
    key: &IdempotencyKey,
    checkout: &Checkout,
    terms: &ShopTerms,
) -> Result<Placed, CheckoutError> {
    place_once(conn, key, |conn| {
        create_order(conn, cart, by, checkout, terms)
    })
}

/// The frame every order is placed in, on the web or at the desk: one transaction, once per
/// Idempotency-Key. A key already used answers its order (`create` is not called); else the key
/// is claimed, `create` writes the order, and the key remembers it.
pub(super) fn place_once(
    conn: &mut DbConnection,
    key: &IdempotencyKey,
    create: impl FnOnce(&mut DbConnection) -> Result<OrderId, CheckoutError>,
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
        let order_id = create(conn)?;
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
    let stored: Option<(String, Option<OrderId>)> = idempotency_keys::table
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

/// Writes the order of the cart's lines (which it empties) and queues its messages.
pub(super) fn create_order(
    conn: &mut DbConnection,
    cart: Option<&CartId>,
    by: PlacedBy,
    checkout: &Checkout,
    terms: &ShopTerms,
) -> Result<OrderId, CheckoutError> {
    let cart = cart.ok_or(CheckoutError::EmptyCart)?;
    let rows = read_cart_lines(conn, cart)?;
    let rate = delivery_rate(terms, &checkout.shipping_address)?;
    refuse_restricted(&rows, checkout.shipping_address.state)?;
    refuse_unlicensed(&rows, &terms.licences, batches::india_today())?;
    // A batch that expired since the midnight sweep last ran is withdrawn before any stock is
    // taken, so checkout never sells from it (Insecticides Rules r. 10A).
    let variants: Vec<VariantId> = rows.iter().map(|r| r.variant_id).collect();
    let at = Utc::now().naive_utc();
    batches::expiry::withdraw_expired_within(conn, Some(&variants), batches::india_date(at), at)?;
    take_stock(conn, &rows)?;
    let sold: Vec<(VariantId, i32)> = rows.iter().map(|r| (r.variant_id, r.quantity)).collect();
    let weight = parcel_weight(&rows)?;
    let supply_state = checkout.supply_state();
    let place = PlaceOfSupply::between(&terms.home_state, supply_state.name());
    let (mut lines, sums) = price_lines(rows, place)?;
    let shipping = rate.fee(weight, Paise::new(sums.total))?.get();
    order_total(&sums, shipping)?;
    apportion_shipping(&mut lines, shipping, place)?;
    let now = Utc::now().naive_utc();
    let number = next_order_number(conn, now.year())?;
    let order = order_record(number, by, checkout, terms, place, &sums, shipping, now)?;
    let order_id: OrderId = diesel::insert_into(orders::table)
        .values(order)
        .returning(orders::id)
        .get_result(conn)?;
    diesel::insert_into(order_supply_places::table)
        .values((
            order_supply_places::order_id.eq(order_id),
            order_supply_places::state.eq(supply_state.name()),
        ))
        .execute(conn)?;
    insert_lines(conn, order_id, lines)?;
    record_sales(conn, order_id, &sold)?;
    record_history(conn, order_id, initial_status(checkout.payment_method), now)?;
    diesel::delete(cart_items::table.filter(cart_items::cart_id.eq(cart.as_str())))
        .execute(conn)?;
    let phone = checkout.contact.phone.as_str();
    match checkout.order_updates_on_phone {
        Some(true) => consent::record(conn, phone, true, ChoiceVia::Checkout)?,
        // A no withdraws what the number's owner chose, so it counts only from the account that
        // proved the number; anyone can type a number at checkout (and an untouched box is a no).
        Some(false) if verified_by(conn, by.user_id, phone)? => {
            consent::record(conn, phone, false, ChoiceVia::Checkout)?
        }
        _ => {}
    }
    queue_mails(conn, order_id, by.locale, terms)?;
    Ok(order_id)
}

/// Whether the account `user_id` has verified `phone` as its number.
fn verified_by(
    conn: &mut DbConnection,
    user_id: Option<UserId>,
    phone: &str,
) -> diesel::QueryResult<bool> {
    let Some(user_id) = user_id else {
        return Ok(false);
    };
    let found: Option<UserId> = users::table
        .find(user_id)
        .filter(users::phone.eq(phone))
        .filter(users::phone_verified_at.is_not_null())
        .select(users::id)
        .first(conn)
        .optional()?;
    Ok(found.is_some())
}

/// The cart's lines of active products, in variant order, so that two checkouts lock shared rows
/// in the same order (no deadlock).
fn read_cart_lines(
    conn: &mut DbConnection,
    cart: &CartId,
) -> Result<Vec<CartLineRow>, CheckoutError> {
    let rows: Vec<CartLineRow> = cart_items::table
        .inner_join(product_variants::table.inner_join(products::table.inner_join(brands::table)))
        .filter(cart_items::cart_id.eq(cart.as_str()))
        .filter(products::is_active.eq(true))
        .filter(product_variants::is_active.eq(true))
        .order(cart_items::variant_id)
        .select(CartLineRow::as_select())
        .load(conn)?;
    if rows.is_empty() {
        return Err(CheckoutError::EmptyCart);
    }
    Ok(rows)
}

/// The delivery rate of the address's zone: refused when the shop does not deliver there, or when
/// the PIN code is in another state than the address's.
fn delivery_rate<'t>(
    terms: &'t ShopTerms,
    address: &PostalAddress,
) -> Result<&'t pricing::WeightRate, CheckoutError> {
    let destination =
        delivery::Destination::find(&address.pincode, Some((&address.district, address.state)))?;
    match terms.delivery.quote(&destination) {
        delivery::Quote::Delivers { rate, .. } => Ok(rate),
        delivery::Quote::NotServed => Err(CheckoutError::NotServed {
            pin: address.pincode.as_str().to_owned(),
        }),
    }
}

/// What the parcel weighs: every unit of every line.
fn parcel_weight(rows: &[CartLineRow]) -> Result<u64, CheckoutError> {
    rows.iter().try_fold(0_u64, |sum, row| {
        let line = row.parcel()?.weight_of(row.units()?);
        line.and_then(|line| sum.checked_add(line))
            .ok_or(CheckoutError::TooLarge)
    })
}

/// Refuses the lines whose products may not be shipped to `state` (hazardous goods that a
/// state restricts, such as some pesticides).
fn refuse_restricted(rows: &[CartLineRow], state: IndianState) -> Result<(), CheckoutError> {
    let mut lines = Vec::new();
    for row in rows {
        if !row.parcel()?.may_go_to(state) {
            lines.push(format!(
                "{} may not be shipped to {}.",
                row.display_name(),
                state.name()
            ));
        }
    }
    if lines.is_empty() {
        Ok(())
    } else {
        Err(CheckoutError::Restricted {
            state: state.name().to_owned(),
            lines,
        })
    }
}

/// Refuses the lines whose products need a licence of a kind the shop holds none of in force on
/// the Indian date `today`: nothing is placed and no stock taken.
fn refuse_unlicensed(
    rows: &[CartLineRow],
    licences: &batches::licences::Licences,
    today: chrono::NaiveDate,
) -> Result<(), CheckoutError> {
    let lines: Vec<String> = rows
        .iter()
        .filter_map(|row| {
            let regulation = batches::Regulation::parse(&row.regulated_as)?;
            (!licences.may_sell(regulation, today)).then(|| row.display_name())
        })
        .collect();
    if lines.is_empty() {
        Ok(())
    } else {
        Err(CheckoutError::Unlicensed(lines))
    }
}

/// One `sold` stock movement per line, so a variant's history explains every change of stock.
fn record_sales(
    conn: &mut DbConnection,
    order_id: OrderId,
    sold: &[(VariantId, i32)],
) -> QueryResult<()> {
    for (variant_id, quantity) in sold {
        diesel::insert_into(stock_movements::table)
            .values((
                stock_movements::variant_id.eq(variant_id),
                stock_movements::delta.eq(-quantity),
                stock_movements::reason.eq("sold"),
                stock_movements::order_id.eq(order_id),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Takes each line's quantity off its variant's stock, never below zero; fails with every line
/// that is short (the transaction then puts back what was taken).
fn take_stock(conn: &mut DbConnection, rows: &[CartLineRow]) -> Result<(), CheckoutError> {
    let mut shortages = Vec::new();
    for row in rows {
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
                name: row.display_name(),
                requested: row.quantity,
                available: available.max(0),
            });
        }
    }
    if shortages.is_empty() {
        Ok(())
    } else {
        Err(CheckoutError::OutOfStock(shortages))
    }
}

/// Each line's taxable value, tax and CGST/SGST or IGST, and their sums.
fn price_lines(
    rows: Vec<CartLineRow>,
    place: PlaceOfSupply,
) -> Result<(Vec<PricedRow>, LineSums), CheckoutError> {
    let mut lines = Vec::with_capacity(rows.len());
    let mut sums = LineSums::default();
    for row in rows {
        let (kind, unit) = row.classification()?;
        let value = Paise::new(row.price_paise)
            .checked_mul(row.units()?)
            .ok_or(CheckoutError::TooLarge)?;
        let goods = tax_in(value, row.gst_rate, place)?;
        sums.add(row.quantity, &goods)?;
        lines.push(PricedRow {
            row,
            kind,
            unit,
            goods,
            shipping: TaxedAmount::default(),
        });
    }
    Ok((lines, sums))
}

/// Spreads the delivery charge over the lines by value (see [`pricing::apportion_shipping`]);
/// each share is taken apart at its line's rate and place as the line is ([`tax_in`]).
fn apportion_shipping(
    lines: &mut [PricedRow],
    fee: i64,
    place: PlaceOfSupply,
) -> Result<(), CheckoutError> {
    let values: Vec<_> = lines
        .iter()
        .map(|l| {
            let amounts = pricing::LineAmounts {
                taxable: l.goods.taxable,
                tax: l.goods.tax(),
                total: l.goods.gross(),
            };
            (amounts, l.row.gst_rate)
        })
        .collect();
    let shares = pricing::apportion_shipping(Paise::new(fee), &values)?;
    for (line, share) in lines.iter_mut().zip(shares) {
        line.shipping = tax_in(share.gross, line.row.gst_rate, place)?;
    }
    Ok(())
}

/// Cash on delivery is placed at once; a bank transfer waits for its payment.
fn initial_status(payment: PaymentMethod) -> OrderStatus {
    match payment {
        PaymentMethod::Cod => OrderStatus::Placed,
        PaymentMethod::BankTransfer => OrderStatus::AwaitingPayment,
    }
}

/// The order's row: the buyer, the addresses, the totals and the seller, as they are now.
#[allow(clippy::too_many_arguments)] // each is a part of the row, named at the one call
fn order_record(
    number: String,
    by: PlacedBy,
    checkout: &Checkout,
    terms: &ShopTerms,
    place: PlaceOfSupply,
    sums: &LineSums,
    shipping: i64,
    now: NaiveDateTime,
) -> Result<OrderRecord, CheckoutError> {
    let json = |address: &PostalAddress| {
        serde_json::to_string(&Address::from(address))
            .map_err(|e| CheckoutError::InvalidData(e.to_string()))
    };
    let billing = checkout
        .billing_address
        .as_ref()
        .unwrap_or(&checkout.shipping_address);
    Ok(OrderRecord {
        uuid: uuid::Uuid::new_v4().to_string(),
        number,
        user_id: by.user_id,
        locale: by.locale.code().to_owned(),
        status: initial_status(checkout.payment_method),
        payment_method: checkout.payment_method,
        contact_name: checkout.contact.name.clone(),
        contact_email: checkout.contact.email.clone(),
        contact_phone: checkout.contact.phone.clone(),
        shipping_address: json(&checkout.shipping_address)?,
        billing_address: json(billing)?,
        gstin: checkout
            .business
            .gstin
            .as_ref()
            .map(|gstin| gstin.as_str().to_owned()),
        business_name: checkout.business.name.clone(),
        notes: checkout.notes.clone(),
        place_of_supply: place,
        item_count: i32::try_from(sums.count)
            .map_err(|_| CheckoutError::InvalidData("count".into()))?,
        subtotal_paise: sums.taxable,
        tax_paise: sums.tax,
        cgst_paise: sums.cgst,
        sgst_paise: sums.sgst,
        igst_paise: sums.igst,
        shipping_paise: shipping,
        total_paise: order_total(sums, shipping)?,
        seller: terms.seller.to_string(),
        created_at: now,
        updated_at: now,
    })
}

/// Copies each priced line onto the order, linked to its product's page under its brand.
fn insert_lines(
    conn: &mut DbConnection,
    order_id: OrderId,
    lines: Vec<PricedRow>,
) -> QueryResult<()> {
    for (
        position,
        PricedRow {
            row,
            kind,
            unit,
            goods,
            shipping,
        },
    ) in lines.into_iter().enumerate()
    {
        let href = Page::Product {
            brand: &row.brand_slug,
            slug: &row.slug,
        }
        .path();
        diesel::insert_into(order_lines::table)
            .values(OrderLineRecord {
                order_id,
                position: position as i32,
                product_id: row.product_id,
                variant_id: row.variant_id,
                product_name: row.product_name,
                variant_name: row.variant_name,
                sku: row.sku,
                hsn_code: row.hsn_code,
                href,
                unit_price_paise: row.price_paise,
                gst_rate_bp: row.gst_rate,
                quantity: row.quantity,
                taxable_paise: goods.taxable.get(),
                cgst_paise: goods.cgst.get(),
                sgst_paise: goods.sgst.get(),
                igst_paise: goods.igst.get(),
                total_paise: goods.gross().get(),
                shipping_paise: shipping.gross().get(),
                shipping_taxable_paise: shipping.taxable.get(),
                shipping_cgst_paise: shipping.cgst.get(),
                shipping_sgst_paise: shipping.sgst.get(),
                shipping_igst_paise: shipping.igst.get(),
                supply_kind: kind,
                uqc: unit.uqc.code().to_owned(),
                uqc_milli: unit.milli,
                regulated_as: row.regulated_as,
                registration_number: row.registration_number,
            })
            .execute(conn)?;
    }
    Ok(())
}

/// Every order starts as placed; one that waits for its payment moves on at once.
fn record_history(
    conn: &mut DbConnection,
    order_id: OrderId,
    status: OrderStatus,
    now: NaiveDateTime,
) -> QueryResult<()> {
    record_status(conn, order_id, OrderStatus::Placed, now, MovedBy::default())?;
    if status != OrderStatus::Placed {
        record_status(conn, order_id, status, now, MovedBy::default())?;
    }
    Ok(())
}

/// The customer's confirmation (by mail when they gave an e-mail address, on their phone when they
/// said yes to that) and the shop's notice, from the order as it was written.
fn queue_mails(
    conn: &mut DbConnection,
    order_id: OrderId,
    locale: Locale,
    terms: &ShopTerms,
) -> Result<(), CheckoutError> {
    let order = order_by_id(conn, order_id)?;
    if let Some(to) = &order.contact.email {
        let read = crate::order::mail_texts::lines_in(conn, locale, order.clone())?;
        outbox::enqueue_about(
            conn,
            &mails::confirmation(terms, locale, &read, to),
            order_id,
        )?;
    }
    outbox::enqueue(conn, &mails::staff_notice(&terms.mail, &order))?;
    phone_news::queue(
        conn,
        &terms.mail,
        locale,
        &order,
        order_id,
        &News::Placed {
            total: order.totals.total,
        },
    )?;
    owner_alerts::new_order(conn, terms.owner_alerts.as_ref(), &order, order_id)?;
    Ok(())
}

/// `ORD-2026-000123`: a counter per year, bumped inside the checkout's transaction.
fn next_order_number(conn: &mut DbConnection, year: i32) -> QueryResult<String> {
    let value = crate::counters::next_value(conn, &format!("order-{year}"))?;
    Ok(format!("ORD-{year}-{value:06}"))
}

impl From<crate::order::OrderError> for CheckoutError {
    fn from(error: crate::order::OrderError) -> Self {
        match error {
            crate::order::OrderError::Database(e) => Self::Database(e),
            crate::order::OrderError::TooLarge => Self::TooLarge,
            crate::order::OrderError::NotFound => {
                Self::InvalidData("the order just written is missing".into())
            }
            crate::order::OrderError::Unreadable(unreadable) => {
                Self::InvalidData(unreadable.to_string())
            }
        }
    }
}
