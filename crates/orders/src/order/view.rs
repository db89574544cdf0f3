use chrono::NaiveDateTime;
use db::schema::{
    order_lines, order_status_history, order_supply_places, orders, product_translations,
    variant_translations,
};
use db::{DbConnection, OrderId, ProductId, UserId, VariantId};
use diesel::prelude::*;
use paths::Locale;
use pricing::{GstRate, Paise, PlaceOfSupply, SupplyKind, amount_in_words, milli_text};
use serde::Serialize;

use super::records::{OrderLineRecord, OrderRecord};
use super::{Address, Contact, OrderError, OrderStatus, PaymentMethod, PaymentState, ReadOrder};
pub use crate::amounts::LineShipping;
use crate::gst::documents::{CreditNoteView, InvoiceView, documents_of};
use crate::returned::ReturnView;
use crate::stored_as_text::word_of;

/// An order as its pages and its invoice show it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderView {
    pub uuid: String,
    pub number: String,
    pub status: OrderStatus,
    pub status_history: Vec<StatusChange>,
    pub payment_method: PaymentMethod,
    pub payment_state: PaymentState,
    /// Who carries the parcel, once it has shipped.
    #[schema(required = true)]
    pub carrier: Option<String>,
    /// The carrier's tracking number, once it has shipped.
    #[schema(required = true)]
    pub tracking_number: Option<String>,
    /// The carrier's page that follows the parcel, when the shop lists the carrier.
    #[schema(required = true)]
    pub tracking_url: Option<String>,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub placed_at: NaiveDateTime,
    pub contact: Contact,
    pub shipping_address: Address,
    pub billing_address: Address,
    #[schema(required = true)]
    pub gstin: Option<String>,
    #[schema(required = true)]
    pub business_name: Option<String>,
    #[schema(required = true)]
    pub notes: Option<String>,
    pub place_of_supply: PlaceOfSupply,
    /// The place of supply's state with its GST code (IGST Act s. 10: the GSTIN's state for a
    /// registered buyer, else the delivery state).
    pub place_of_supply_state: SupplyState,
    pub lines: Vec<LineView>,
    pub totals: Totals,
    pub total_in_words: String,
    /// The seller as it stood when the order was placed.
    #[schema(value_type = Seller)]
    pub seller: serde_json::Value,
    /// The order's first document (its tax invoice, invoice-cum-bill or bill of supply), once
    /// the order is confirmed (or shipped): the one its links point to.
    #[schema(required = true)]
    pub invoice: Option<InvoiceView>,
    /// Every document issued for it, in the order issued: a tax invoice and a bill of supply
    /// for a registered buyer's order of taxable and exempt goods, else one.
    pub documents: Vec<InvoiceView>,
    /// The credit notes on its documents: whole (a cancellation) or for a return.
    pub credit_notes: Vec<CreditNoteView>,
    /// What came back after it was shipped or delivered.
    pub returns: Vec<ReturnView>,
}

/// A state as a tax document names it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SupplyState {
    /// `Tamil Nadu`
    pub name: String,
    /// `33`
    pub code: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StatusChange {
    pub status: OrderStatus,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LineView {
    /// What the sale needed a licence for (`none`, `insecticide`, `fertiliser`, `seed`), and an
    /// insecticide's CIB&RC registration number: the papers print them.
    pub regulated_as: batches::Regulation,
    #[schema(required = true)]
    pub registration_number: Option<String>,
    /// The batches the units came from (first expiring, first out), once the order is confirmed.
    pub batches: Vec<batches::allot::LineBatch>,
    #[schema(value_type = i64)]
    pub product_id: ProductId,
    #[schema(value_type = i64)]
    pub variant_id: VariantId,
    /// The name as sold (in English), which the order's papers print.
    pub product_name: String,
    /// The product's name in the language the order is read in (`Accept-Language`): the
    /// catalogue's translation where it has one, else `product_name`.
    pub shown_name: String,
    #[schema(required = true)]
    pub variant_name: Option<String>,
    pub sku: String,
    pub hsn_code: String,
    pub href: String,
    pub unit_price: Paise,
    pub gst_rate: GstRate,
    /// Its place on the order (0 for the first line): how a return names it.
    pub position: i32,
    pub supply_kind: SupplyKind,
    /// The pack's unit quantity code (`KGS`, `LTR`, `NOS`, `NA` for a service).
    pub uqc: String,
    /// How much of that unit one pack holds (`0.5` for 500 ml in LTR); none for `NA`.
    #[schema(required = true)]
    pub uqc_quantity: Option<String>,
    pub quantity: i32,
    /// Units that came back (returns).
    pub returned: i32,
    pub taxable_value: Paise,
    pub cgst: Paise,
    pub sgst: Paise,
    pub igst: Paise,
    pub total: Paise,
    /// The line's share of the delivery charge, taxed at the line's rate.
    pub shipping: LineShipping,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Totals {
    pub item_count: i32,
    pub subtotal: Paise,
    pub tax: Paise,
    pub cgst: Paise,
    pub sgst: Paise,
    pub igst: Paise,
    /// The delivery charge, GST included: `shipping_taxable + shipping_tax`. It is part of the
    /// supply, so its GST (`shipping_cgst`, `shipping_sgst`, `shipping_igst`: the sums of the
    /// lines' shares) is charged at the rates of the goods it carries. `subtotal`, `tax` and
    /// `cgst`/`sgst`/`igst` are those of the goods alone.
    pub shipping: Paise,
    pub shipping_taxable: Paise,
    pub shipping_tax: Paise,
    pub shipping_cgst: Paise,
    pub shipping_sgst: Paise,
    pub shipping_igst: Paise,
    pub total: Paise,
}

/// A line of the shopper's order list.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrderSummary {
    pub uuid: String,
    pub number: String,
    pub status: OrderStatus,
    pub item_count: i32,
    pub total: Paise,
    #[serde(serialize_with = "fields::utc::serialize")]
    pub placed_at: NaiveDateTime,
}

/// The order with this UUID, if `viewer` may see it (see the module's access rule).
pub fn order_for_viewer(
    conn: &mut DbConnection,
    uuid: &str,
    viewer: Option<UserId>,
) -> Result<OrderView, OrderError> {
    let found: Option<(OrderId, Option<UserId>)> = orders::table
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

/// Names the order's lines in `locale` for the shopper's screen: each product's translated name
/// where the catalogue has one (the names as sold stay in `product_name`), and each pack size's
/// (`Pack of 25` reads `25 എണ്ണത്തിന്റെ പായ്ക്ക്`), as the order's mails name them.
pub fn name_lines_in(
    conn: &mut DbConnection,
    order: &mut OrderView,
    locale: Locale,
) -> Result<(), OrderError> {
    if locale == Locale::En || order.lines.is_empty() {
        return Ok(());
    }
    let ids: Vec<ProductId> = order.lines.iter().map(|line| line.product_id).collect();
    let names: Vec<(ProductId, Option<String>)> = product_translations::table
        .filter(product_translations::product_id.eq_any(&ids))
        .filter(product_translations::locale.eq(locale.code()))
        .select((product_translations::product_id, product_translations::name))
        .load(conn)?;
    for line in &mut order.lines {
        let translated = names
            .iter()
            .find(|(id, _)| *id == line.product_id)
            .and_then(|(_, name)| name.as_deref())
            .filter(|name| !name.trim().is_empty());
        if let Some(name) = translated {
            name.clone_into(&mut line.shown_name);
        }
    }
    let variant_ids: Vec<VariantId> = order
        .lines
        .iter()
        .filter(|line| line.variant_name.is_some())
        .map(|line| line.variant_id)
        .collect();
    if variant_ids.is_empty() {
        return Ok(());
    }
    let packs: Vec<(VariantId, Option<String>)> = variant_translations::table
        .filter(variant_translations::variant_id.eq_any(&variant_ids))
        .filter(variant_translations::locale.eq(locale.code()))
        .select((variant_translations::variant_id, variant_translations::name))
        .load(conn)?;
    for line in &mut order.lines {
        let translated = packs
            .iter()
            .find(|(id, _)| *id == line.variant_id)
            .and_then(|(_, name)| name.as_deref())
            .filter(|name| !name.trim().is_empty());
        if let (Some(name), Some(shown)) = (translated, line.variant_name.as_mut()) {
            name.clone_into(shown);
        }
    }
    Ok(())
}

/// The order with this id, with its lines and status history.
pub fn order_by_id(conn: &mut DbConnection, id: OrderId) -> Result<OrderView, OrderError> {
    let (order, desk): (OrderRecord, DeskColumns) = orders::table
        .find(id)
        .select((
            OrderRecord::as_select(),
            (
                orders::payment_state,
                orders::carrier,
                orders::tracking_number,
                orders::tracking_url,
            ),
        ))
        .first(conn)
        .of_order(id)?;
    let lines = read_lines(conn, id)?;
    let status_history = read_status_history(conn, id)?;
    let documents = documents_of(conn, id)?;
    let returns = crate::returned::returns_of(conn, id)?;
    let mut lines = lines;
    for line in &mut lines {
        line.returned = returns
            .iter()
            .flat_map(|r| &r.lines)
            .filter(|r| r.position == line.position)
            .map(|r| r.quantity)
            .sum();
    }
    let state: Option<String> = order_supply_places::table
        .find(id)
        .select(order_supply_places::state)
        .first(conn)
        .optional()?;
    order_view(
        order,
        desk,
        lines,
        status_history,
        documents,
        returns,
        state,
    )
}

/// The columns the desk writes after checkout: payment state, carrier, tracking number and link.
type DeskColumns = (PaymentState, Option<String>, Option<String>, Option<String>);

/// The order's lines in the order they were placed.
fn read_lines(conn: &mut DbConnection, order_id: OrderId) -> Result<Vec<LineView>, OrderError> {
    let records: Vec<(i64, OrderLineRecord)> = order_lines::table
        .filter(order_lines::order_id.eq(order_id))
        .order(order_lines::position)
        .select((order_lines::id, OrderLineRecord::as_select()))
        .load(conn)?;
    let ids: Vec<i64> = records.iter().map(|(id, _)| *id).collect();
    let taken = batches::allot::line_batches(conn, &ids)?;
    Ok(records
        .into_iter()
        .map(|(id, record)| {
            let mut line = line_view(record);
            line.batches = taken
                .iter()
                .filter(|(of, _)| *of == id)
                .map(|(_, batch)| batch.clone())
                .collect();
            line
        })
        .collect())
}

fn read_status_history(
    conn: &mut DbConnection,
    order_id: OrderId,
) -> Result<Vec<StatusChange>, OrderError> {
    Ok(order_status_history::table
        .filter(order_status_history::order_id.eq(order_id))
        .order(order_status_history::id)
        .select((
            order_status_history::status,
            order_status_history::created_at,
        ))
        .load::<(OrderStatus, NaiveDateTime)>(conn)
        .of_order(order_id)?
        .into_iter()
        .map(|(status, at)| StatusChange { status, at })
        .collect())
}

fn line_view(line: OrderLineRecord) -> LineView {
    LineView {
        regulated_as: batches::Regulation::parse(&line.regulated_as)
            .unwrap_or(batches::Regulation::None),
        registration_number: line.registration_number,
        batches: Vec::new(),
        position: line.position,
        supply_kind: line.supply_kind,
        uqc_quantity: line.uqc_milli.filter(|_| line.uqc != "NA").map(milli_text),
        uqc: line.uqc,
        returned: 0,
        product_id: line.product_id,
        variant_id: line.variant_id,
        shown_name: line.product_name.clone(),
        product_name: line.product_name,
        variant_name: line.variant_name,
        sku: line.sku,
        hsn_code: line.hsn_code,
        href: line.href,
        unit_price: Paise::new(line.unit_price_paise),
        gst_rate: line.gst_rate_bp,
        quantity: line.quantity,
        taxable_value: Paise::new(line.taxable_paise),
        cgst: Paise::new(line.cgst_paise),
        sgst: Paise::new(line.sgst_paise),
        igst: Paise::new(line.igst_paise),
        total: Paise::new(line.total_paise),
        shipping: LineShipping {
            total: Paise::new(line.shipping_paise),
            taxable: Paise::new(line.shipping_taxable_paise),
            cgst: Paise::new(line.shipping_cgst_paise),
            sgst: Paise::new(line.shipping_sgst_paise),
            igst: Paise::new(line.shipping_igst_paise),
        },
    }
}

fn order_view(
    order: OrderRecord,
    (payment_state, carrier, tracking_number, tracking_url): DeskColumns,
    lines: Vec<LineView>,
    status_history: Vec<StatusChange>,
    (documents, credit_notes): (Vec<InvoiceView>, Vec<CreditNoteView>),
    returns: Vec<ReturnView>,
    supply_state: Option<String>,
) -> Result<OrderView, OrderError> {
    let shipping_address: Address = parse_json(&order.shipping_address)?;
    // Orders placed before the place of supply was kept were taxed by their delivery state.
    let state_name = supply_state.unwrap_or_else(|| shipping_address.state.clone());
    let place_of_supply_state = SupplyState {
        code: fields::states::state_code(&state_name)
            .unwrap_or_default()
            .to_owned(),
        name: state_name,
    };
    let total = Paise::new(order.total_paise);
    let sum = |part: fn(&LineShipping) -> Paise| {
        Paise::checked_sum(lines.iter().map(|line| part(&line.shipping)))
            .ok_or(OrderError::TooLarge)
    };
    let (shipping_cgst, shipping_sgst, shipping_igst) =
        (sum(|s| s.cgst)?, sum(|s| s.sgst)?, sum(|s| s.igst)?);
    let shipping_tax = Paise::checked_sum([shipping_cgst, shipping_sgst, shipping_igst])
        .ok_or(OrderError::TooLarge)?;
    // Orders placed before the charge was taxed have no shares: all of it is taxable value.
    let shipping_taxable = Paise::new(order.shipping_paise)
        .checked_sub(shipping_tax)
        .ok_or(OrderError::TooLarge)?;
    Ok(OrderView {
        invoice: documents.first().cloned(),
        documents,
        credit_notes,
        returns,
        place_of_supply_state,
        uuid: order.uuid,
        number: order.number,
        status: order.status,
        status_history,
        payment_method: order.payment_method,
        payment_state,
        carrier,
        tracking_number,
        tracking_url,
        placed_at: order.created_at,
        contact: Contact {
            name: order.contact_name,
            email: order.contact_email,
            phone: order.contact_phone,
        },
        shipping_address,
        billing_address: parse_json(&order.billing_address)?,
        gstin: order.gstin,
        business_name: order.business_name,
        notes: order.notes,
        place_of_supply: order.place_of_supply,
        lines,
        totals: Totals {
            item_count: order.item_count,
            subtotal: Paise::new(order.subtotal_paise),
            tax: Paise::new(order.tax_paise),
            cgst: Paise::new(order.cgst_paise),
            sgst: Paise::new(order.sgst_paise),
            igst: Paise::new(order.igst_paise),
            shipping: Paise::new(order.shipping_paise),
            shipping_taxable,
            shipping_tax,
            shipping_cgst,
            shipping_sgst,
            shipping_igst,
            total,
        },
        total_in_words: amount_in_words(total),
        seller: parse_json(&order.seller)?,
    })
}

/// A JSON column (an address, the seller); unreadable JSON fails like any unreadable column.
fn parse_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, OrderError> {
    serde_json::from_str(text)
        .map_err(|e| OrderError::Database(diesel::result::Error::DeserializationError(Box::new(e))))
}

/// The account's orders, newest first.
pub fn orders_for_user(
    conn: &mut DbConnection,
    user_id: UserId,
    page: catalog::PageRequest,
) -> Result<catalog::Paged<OrderSummary>, OrderError> {
    let total: i64 = orders::table
        .filter(orders::user_id.eq(user_id))
        .count()
        .get_result(conn)?;
    let range = page.range(usize::try_from(total).unwrap_or(0));
    // The status is read as text and then as a word, so that an unreadable one names its order.
    let data = orders::table
        .filter(orders::user_id.eq(user_id))
        .order((orders::created_at.desc(), orders::id.desc()))
        .offset(range.start as i64)
        .limit(i64::from(page.per_page))
        .select((
            orders::id,
            orders::uuid,
            orders::number,
            orders::status,
            orders::item_count,
            orders::total_paise,
            orders::created_at,
        ))
        .load::<(i64, String, String, String, i32, i64, NaiveDateTime)>(conn)?
        .into_iter()
        .map(|(id, uuid, number, status, item_count, total, placed_at)| {
            Ok(OrderSummary {
                uuid,
                number,
                status: word_of(id, &status)?,
                item_count,
                total: Paise::new(total),
                placed_at,
            })
        })
        .collect::<Result<Vec<_>, OrderError>>()?;
    Ok(catalog::Paged {
        has_more: range.start + data.len() < total as usize,
        total: total as usize,
        page: page.page,
        per_page: page.per_page,
        data,
    })
}

/// The seller block an order keeps (stored as JSON when the order is placed, from the shop
/// profile), described for the contract.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)] // only its schema is used
pub struct Seller {
    name: String,
    legal_name: String,
    address: SellerAddress,
    gstin: String,
    /// The shop's home state (CGST+SGST within it, IGST outside).
    state: String,
    phone: String,
    email: String,
    /// The dealer's licences with their validity when the order was placed, printed on its
    /// papers (absent on orders placed before the shop kept them).
    licences: Option<Vec<batches::licences::Licence>>,
}

#[derive(utoipa::ToSchema)]
#[allow(dead_code)] // only its schema is used
pub struct SellerAddress {
    line1: String,
    line2: String,
    city: String,
    district: String,
    state: String,
    pincode: String,
    country: String,
}
