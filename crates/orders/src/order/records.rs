//! The order tables as the database holds them. Checkout writes an order and its lines once;
//! afterwards only the status moves (with a history row each time). The same structs are read
//! back for the order's pages, so a column is named once.

use chrono::NaiveDateTime;
use db::schema::{order_lines, order_status_history, orders};
use db::{DbConnection, OrderId, ProductId, UserId, VariantId};
use diesel::prelude::*;
use pricing::{GstRate, PlaceOfSupply, SupplyKind};

use super::{OrderStatus, PaymentMethod};
use crate::stored_as_text::{StoredKind, StoredPlace};

/// An order's row, without its id.
#[derive(Debug, Clone, Insertable, Queryable, Selectable)]
#[diesel(table_name = orders)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub(crate) struct OrderRecord {
    pub uuid: String,
    pub number: String,
    pub user_id: Option<UserId>,
    /// The language the order was placed in, and its mail is written in.
    pub locale: String,
    pub status: OrderStatus,
    pub payment_method: PaymentMethod,
    pub contact_name: String,
    pub contact_email: Option<String>,
    pub contact_phone: String,
    /// JSON of the address as checked at checkout.
    pub shipping_address: String,
    pub billing_address: String,
    pub gstin: Option<String>,
    pub business_name: Option<String>,
    pub notes: Option<String>,
    #[diesel(serialize_as = StoredPlace, deserialize_as = StoredPlace)]
    pub place_of_supply: PlaceOfSupply,
    pub item_count: i32,
    pub subtotal_paise: i64,
    pub tax_paise: i64,
    pub cgst_paise: i64,
    pub sgst_paise: i64,
    pub igst_paise: i64,
    pub shipping_paise: i64,
    pub total_paise: i64,
    /// JSON of the seller as it stood when the order was placed.
    pub seller: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// A line of an order: a copy of the product as it was sold, and its tax.
#[derive(Debug, Clone, Insertable, Queryable, Selectable)]
#[diesel(table_name = order_lines)]
#[diesel(check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub(crate) struct OrderLineRecord {
    pub order_id: OrderId,
    pub position: i32,
    pub product_id: ProductId,
    pub variant_id: VariantId,
    pub product_name: String,
    pub variant_name: Option<String>,
    pub sku: String,
    pub hsn_code: String,
    pub href: String,
    pub unit_price_paise: i64,
    /// Read through [`GstRate`]'s `TryFrom<i32>`: a rate outside 0 to 100 % fails the read.
    #[diesel(serialize_as = i32, deserialize_as = i32)]
    pub gst_rate_bp: GstRate,
    pub quantity: i32,
    pub taxable_paise: i64,
    pub cgst_paise: i64,
    pub sgst_paise: i64,
    pub igst_paise: i64,
    pub total_paise: i64,
    /// The line's share of the delivery charge (GST included), and that share's taxable value
    /// and GST: the delivery is taxed as part of the supply.
    pub shipping_paise: i64,
    pub shipping_taxable_paise: i64,
    pub shipping_cgst_paise: i64,
    pub shipping_sgst_paise: i64,
    pub shipping_igst_paise: i64,
    /// What the law made of the product when it was sold (taxable, exempt…).
    #[diesel(serialize_as = StoredKind, deserialize_as = StoredKind)]
    pub supply_kind: SupplyKind,
    /// The pack's unit quantity code and how much of it one pack holds, in thousandths (none for
    /// `NA`).
    pub uqc: String,
    pub uqc_milli: Option<i64>,
    /// The dealer's licence its sale needed (`none`, `insecticide`, `fertiliser`, `seed`) and an
    /// insecticide's CIB&RC registration number, for the registers and the papers.
    pub regulated_as: String,
    pub registration_number: Option<String>,
}

/// Who moved an order and why: staff (`actor`), or nobody for checkout and the command line.
#[derive(Debug, Clone, Copy, Default)]
pub struct MovedBy<'a> {
    pub actor: Option<UserId>,
    pub note: Option<&'a str>,
    /// When the move happened; `None` is now. (A return's worked example pins its days.)
    pub at: Option<NaiveDateTime>,
}

/// Records that the order became `status` at `at`, moved `by` someone.
pub(crate) fn record_status(
    conn: &mut DbConnection,
    order_id: OrderId,
    status: OrderStatus,
    at: NaiveDateTime,
    by: MovedBy<'_>,
) -> QueryResult<()> {
    diesel::insert_into(order_status_history::table)
        .values((
            order_status_history::order_id.eq(order_id),
            order_status_history::status.eq(status),
            order_status_history::created_at.eq(at),
            order_status_history::actor_id.eq(by.actor),
            order_status_history::note.eq(by.note),
        ))
        .execute(conn)?;
    Ok(())
}
