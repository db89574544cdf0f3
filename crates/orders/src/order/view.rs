use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::{order_lines, order_status_history, orders};
use diesel::prelude::*;
use pricing::{GstRate, Paise, amount_in_words};
use serde::Serialize;

use super::OrderError;
use crate::checkout::{Address, Contact};

/// An order as its pages and its invoice show it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderView {
    pub uuid: String,
    pub number: String,
    pub status: String,
    pub status_history: Vec<StatusChange>,
    pub payment_method: String,
    pub placed_at: NaiveDateTime,
    pub contact: Contact,
    pub shipping_address: Address,
    pub billing_address: Address,
    pub gstin: Option<String>,
    pub business_name: Option<String>,
    pub notes: Option<String>,
    /// `intra_state` (CGST + SGST) or `inter_state` (IGST).
    pub place_of_supply: String,
    pub lines: Vec<LineView>,
    pub totals: Totals,
    pub total_in_words: String,
    /// The seller as it stood when the order was placed.
    pub seller: serde_json::Value,
    pub invoice: Invoice,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StatusChange {
    pub status: String,
    pub at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LineView {
    pub product_id: i64,
    pub variant_id: i64,
    pub product_name: String,
    pub variant_name: Option<String>,
    pub sku: String,
    pub hsn_code: String,
    pub href: String,
    pub unit_price: Paise,
    pub gst_rate: GstRate,
    pub quantity: i32,
    pub taxable_value: Paise,
    pub cgst: Paise,
    pub sgst: Paise,
    pub igst: Paise,
    pub total: Paise,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Totals {
    pub item_count: i32,
    pub subtotal: Paise,
    pub tax: Paise,
    pub cgst: Paise,
    pub sgst: Paise,
    pub igst: Paise,
    pub shipping: Paise,
    pub total: Paise,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Invoice {
    pub number: String,
    pub date: NaiveDateTime,
}

/// A line of the shopper's order list.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderSummary {
    pub uuid: String,
    pub number: String,
    pub status: String,
    pub item_count: i32,
    pub total: Paise,
    pub placed_at: NaiveDateTime,
}

type OrderRow = (
    i64,
    String,
    String,
    Option<i64>,
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    String,
    i32,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    String,
    NaiveDateTime,
);

fn parse_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, OrderError> {
    serde_json::from_str(text)
        .map_err(|e| OrderError::Database(diesel::result::Error::DeserializationError(Box::new(e))))
}

/// The order with this UUID, if `viewer` may see it (see the module's access rule).
pub fn order_for_viewer(
    conn: &mut DbConnection,
    uuid: &str,
    viewer: Option<i64>,
) -> Result<OrderView, OrderError> {
    let found: Option<(i64, Option<i64>)> = orders::table
        .filter(orders::uuid.eq(uuid))
        .select((orders::id, orders::user_id))
        .first(conn)
        .optional()?;
    match found {
        Some((id, None)) => order_by_id(conn, id),
        Some((id, Some(owner))) if viewer == Some(owner) => order_by_id(conn, id),
        _ => Err(OrderError::NotFound),
    }
}

pub fn order_by_id(conn: &mut DbConnection, id: i64) -> Result<OrderView, OrderError> {
    let row: OrderRow = orders::table
        .find(id)
        .select((
            orders::id,
            orders::uuid,
            orders::number,
            orders::user_id,
            orders::status,
            orders::payment_method,
            orders::contact_name,
            orders::contact_email,
            orders::contact_phone,
            orders::shipping_address,
            orders::billing_address,
            orders::gstin,
            orders::business_name,
            orders::notes,
            orders::place_of_supply,
            orders::item_count,
            orders::subtotal_paise,
            orders::tax_paise,
            orders::cgst_paise,
            orders::sgst_paise,
            orders::igst_paise,
            orders::shipping_paise,
            orders::total_paise,
            orders::seller,
            orders::created_at,
        ))
        .first(conn)?;
    let (
        id,
        uuid,
        number,
        _,
        status,
        payment_method,
        name,
        email,
        phone,
        shipping,
        billing,
        gstin,
        business_name,
        notes,
        place,
        item_count,
        subtotal,
        tax,
        cgst,
        sgst,
        igst,
        shipping_fee,
        total,
        seller,
        placed_at,
    ) = row;
    let lines = order_lines::table
        .filter(order_lines::order_id.eq(id))
        .order(order_lines::position)
        .select((
            order_lines::product_id,
            order_lines::variant_id,
            order_lines::product_name,
            order_lines::variant_name,
            order_lines::sku,
            order_lines::hsn_code,
            order_lines::href,
            order_lines::unit_price_paise,
            order_lines::gst_rate_bp,
            order_lines::quantity,
            order_lines::taxable_paise,
            order_lines::cgst_paise,
            order_lines::sgst_paise,
            order_lines::igst_paise,
            order_lines::total_paise,
        ))
        .load::<(
            i64,
            i64,
            String,
            Option<String>,
            String,
            String,
            String,
            i64,
            i32,
            i32,
            i64,
            i64,
            i64,
            i64,
            i64,
        )>(conn)?
        .into_iter()
        .map(
            |(
                product_id,
                variant_id,
                product_name,
                variant_name,
                sku,
                hsn_code,
                href,
                price,
                rate,
                quantity,
                taxable,
                cgst,
                sgst,
                igst,
                total,
            )| {
                Ok(LineView {
                    product_id,
                    variant_id,
                    product_name,
                    variant_name,
                    sku,
                    hsn_code,
                    href,
                    unit_price: Paise::new(price),
                    gst_rate: GstRate::new(u16::try_from(rate).unwrap_or(0)).map_err(|e| {
                        OrderError::Database(diesel::result::Error::DeserializationError(Box::new(
                            e,
                        )))
                    })?,
                    quantity,
                    taxable_value: Paise::new(taxable),
                    cgst: Paise::new(cgst),
                    sgst: Paise::new(sgst),
                    igst: Paise::new(igst),
                    total: Paise::new(total),
                })
            },
        )
        .collect::<Result<Vec<_>, OrderError>>()?;
    let status_history = order_status_history::table
        .filter(order_status_history::order_id.eq(id))
        .order(order_status_history::id)
        .select((
            order_status_history::status,
            order_status_history::created_at,
        ))
        .load::<(String, NaiveDateTime)>(conn)?
        .into_iter()
        .map(|(status, at)| StatusChange { status, at })
        .collect();
    let total = Paise::new(total);
    Ok(OrderView {
        invoice: Invoice {
            number: number.clone(),
            date: placed_at,
        },
        uuid,
        number,
        status,
        status_history,
        payment_method,
        placed_at,
        contact: Contact { name, email, phone },
        shipping_address: parse_json(&shipping)?,
        billing_address: parse_json(&billing)?,
        gstin,
        business_name,
        notes,
        place_of_supply: place,
        lines,
        totals: Totals {
            item_count,
            subtotal: Paise::new(subtotal),
            tax: Paise::new(tax),
            cgst: Paise::new(cgst),
            sgst: Paise::new(sgst),
            igst: Paise::new(igst),
            shipping: Paise::new(shipping_fee),
            total,
        },
        total_in_words: amount_in_words(total),
        seller: parse_json(&seller)?,
    })
}

/// The account's orders, newest first.
pub fn orders_for_user(
    conn: &mut DbConnection,
    user_id: i64,
    page: catalog::PageRequest,
) -> Result<catalog::Paged<OrderSummary>, OrderError> {
    let total: i64 = orders::table
        .filter(orders::user_id.eq(user_id))
        .count()
        .get_result(conn)?;
    let range = page.range(usize::try_from(total).unwrap_or(0));
    let data: Vec<OrderSummary> = orders::table
        .filter(orders::user_id.eq(user_id))
        .order((orders::created_at.desc(), orders::id.desc()))
        .offset(range.start as i64)
        .limit(i64::from(page.per_page))
        .select((
            orders::uuid,
            orders::number,
            orders::status,
            orders::item_count,
            orders::total_paise,
            orders::created_at,
        ))
        .load::<(String, String, String, i32, i64, NaiveDateTime)>(conn)?
        .into_iter()
        .map(
            |(uuid, number, status, item_count, total, placed_at)| OrderSummary {
                uuid,
                number,
                status,
                item_count,
                total: Paise::new(total),
                placed_at,
            },
        )
        .collect();
    Ok(catalog::Paged {
        has_more: range.start + data.len() < total as usize,
        total: total as usize,
        page: page.page,
        per_page: page.per_page,
        data,
    })
}
