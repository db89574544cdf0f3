//! A return period's [`Register`], read from the invoices and credit notes issued in it and the
//! orders they were issued for (which keep everything they were sold with).

use std::collections::HashMap;

use chrono::{Datelike, Months, NaiveDate};
use db::schema::{
    credit_notes, invoices, order_lines, order_return_lines, order_supply_places, orders,
};
use db::{DbConnection, OrderId};
use diesel::prelude::*;
use pricing::{GstRate, PackUnit, Paise};

use super::documents::DocumentKind;
use super::gstr1::{Buyer, CreditNote, Invoice, InvoiceFacts, Register, TaxedLine};
use crate::stored_as_text::{StoredKind, StoredPlace, UnreadableOrder, UnreadableWord, word_of};

/// A return's period: a month, or a quarter of the financial year (April to June, July to
/// September, October to December, January to March).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    first: NaiveDate,
    months: u32,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PeriodError {
    #[error("A period is a month from 2017 (when GST began) to 2100, written 2026-11.")]
    BadMonth,
    #[error("A quarter begins in April, July, October or January.")]
    BadQuarter,
}

impl Period {
    /// The month `YYYY-MM`.
    pub fn month(text: &str) -> Result<Self, PeriodError> {
        let first = NaiveDate::parse_from_str(&format!("{}-01", text.trim()), "%Y-%m-%d")
            .map_err(|_| PeriodError::BadMonth)?;
        if !(2017..=2100).contains(&first.year()) {
            return Err(PeriodError::BadMonth);
        }
        Ok(Self { first, months: 1 })
    }

    /// The quarter beginning with the month `YYYY-MM`.
    pub fn quarter(first_month: &str) -> Result<Self, PeriodError> {
        let month = Self::month(first_month)?;
        if month.first.month() % 3 != 1 {
            return Err(PeriodError::BadQuarter);
        }
        Ok(Self {
            first: month.first,
            months: 3,
        })
    }

    pub fn first_day(self) -> NaiveDate {
        self.first
    }

    pub fn last_day(self) -> NaiveDate {
        self.first
            .checked_add_months(Months::new(self.months))
            .and_then(|next| next.pred_opt())
            .unwrap_or(self.first)
    }

    /// `2026-11`, or `2026-10_2026-12` for a quarter: for file names.
    pub fn label(self) -> String {
        let first = self.first.format("%Y-%m").to_string();
        if self.months == 1 {
            first
        } else {
            format!("{first}_{}", self.last_day().format("%Y-%m"))
        }
    }
}

/// The invoices and credit notes issued in `period`, each list in the order it was issued.
/// Why a period's register could not be read.
#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    /// The period's amounts cannot all be added up in `i64` paise (see
    /// [`Register::sums_fit`]); orders are bounded at checkout, so only older ones can do this.
    #[error("This period's amounts are too large to add up.")]
    TooLarge,
    /// An order's place of supply names neither place: never read as a default.
    #[error(transparent)]
    Unreadable(#[from] UnreadableOrder),
    /// A document's or a line's word cannot be read.
    #[error(transparent)]
    Word(#[from] UnreadableWord),
    /// An order's shipping address is not the JSON checkout wrote.
    #[error("order {order} has an unreadable shipping address: {error}")]
    Address { order: OrderId, error: String },
}

/// [`OrderFacts`] as selected from `orders` left-joined to `order_supply_places`.
macro_rules! order_facts {
    () => {
        (
            orders::number,
            orders::gstin,
            orders::business_name,
            orders::contact_name,
            orders::shipping_address,
            orders::place_of_supply,
            order_supply_places::state.nullable(),
        )
    };
}

#[derive(serde::Deserialize)]
struct Destination {
    state: String,
}

pub fn register(conn: &mut DbConnection, period: Period) -> Result<Register, RegisterError> {
    register_between(conn, period.first_day(), period.last_day())
}

/// The documents issued from `first` to `last` (Indian days, inclusive): a period's register, or
/// the reports' range.
pub(crate) fn register_between(
    conn: &mut DbConnection,
    first: NaiveDate,
    last: NaiveDate,
) -> Result<Register, RegisterError> {
    let invoiced: Vec<(DocumentRow, OrderId, OrderFacts)> = invoices::table
        .inner_join(orders::table.left_join(order_supply_places::table))
        .filter(invoices::issued_on.between(first, last))
        .order(invoices::id)
        .select((DOCUMENT, orders::id, order_facts!()))
        .load(conn)
        .map_err(unreadable)?;
    let credited: Vec<(
        String,
        NaiveDate,
        Option<i64>,
        DocumentRow,
        OrderId,
        OrderFacts,
    )> = credit_notes::table
        .inner_join(invoices::table.inner_join(orders::table.left_join(order_supply_places::table)))
        .filter(credit_notes::issued_on.between(first, last))
        .order(credit_notes::id)
        .select((
            credit_notes::number,
            credit_notes::issued_on,
            credit_notes::return_id,
            DOCUMENT,
            orders::id,
            order_facts!(),
        ))
        .load(conn)
        .map_err(unreadable)?;
    let order_ids: Vec<OrderId> = invoiced
        .iter()
        .map(|row| row.1)
        .chain(credited.iter().map(|row| row.4))
        .collect();
    let lines = taxed_lines(conn, &order_ids)?;
    let return_ids: Vec<i64> = credited.iter().filter_map(|row| row.2).collect();
    let returned = returned_lines(conn, &return_ids)?;
    let lines_of = |order: OrderId, kind: DocumentKind| -> Vec<TaxedLine> {
        lines
            .get(&order)
            .map(|lines| {
                lines
                    .iter()
                    .filter(|line| kind.covers(line.kind))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    };
    let invoices = invoiced
        .into_iter()
        .map(|(document, order, facts)| {
            let lines = lines_of(order, document.0);
            Ok(Invoice {
                facts: invoice_facts(order, document, facts, &lines)?,
                lines,
            })
        })
        .collect::<Result<_, RegisterError>>()?;
    let credit_notes = credited
        .into_iter()
        .map(|(number, date, return_id, document, order, facts)| {
            let kind = document.0;
            let invoice_lines = lines_of(order, kind);
            let invoice = invoice_facts(order, document, facts, &invoice_lines)?;
            // A whole note reverses its document; a return's, what came back of it.
            let lines = match return_id {
                None => invoice_lines,
                Some(id) => returned
                    .get(&id)
                    .map(|lines| {
                        lines
                            .iter()
                            .filter(|line| kind.covers(line.kind))
                            .cloned()
                            .collect()
                    })
                    .unwrap_or_default(),
            };
            Ok(CreditNote {
                number,
                date,
                value: value_of(&lines)?,
                invoice,
                lines,
            })
        })
        .collect::<Result<_, RegisterError>>()?;
    let register = Register {
        invoices,
        credit_notes,
    };
    if register.sums_fit() {
        Ok(register)
    } else {
        Err(RegisterError::TooLarge)
    }
}

fn unreadable(error: diesel::result::Error) -> RegisterError {
    match crate::stored_as_text::unreadable_in(&error) {
        Some(word) => RegisterError::Word(word),
        None => RegisterError::Database(error),
    }
}

/// A document's kind, number and date.
type DocumentRow = (DocumentKind, String, NaiveDate);

const DOCUMENT: (invoices::kind, invoices::number, invoices::issued_on) =
    (invoices::kind, invoices::number, invoices::issued_on);

/// What `lines` bill: their taxable values and taxes.
fn value_of(lines: &[TaxedLine]) -> Result<Paise, RegisterError> {
    Paise::checked_sum(
        lines
            .iter()
            .flat_map(|l| [l.taxable, l.igst, l.cgst, l.sgst]),
    )
    .ok_or(RegisterError::TooLarge)
}

/// order number, gstin, business name, contact name, shipping address (JSON), place of supply,
/// the place of supply's state (none on orders placed before it was kept).
type OrderFacts = (
    String,
    Option<String>,
    Option<String>,
    String,
    String,
    String,
    Option<String>,
);

/// The facts of a document issued for order `order`, billing `lines`. The place of supply is read
/// as text and then as a word, so that an unreadable one names its order.
fn invoice_facts(
    order: OrderId,
    (kind, number, date): DocumentRow,
    facts: OrderFacts,
    lines: &[TaxedLine],
) -> Result<InvoiceFacts, RegisterError> {
    let (
        order_number,
        gstin,
        business_name,
        contact_name,
        shipping_address,
        place_of_supply,
        supply_state,
    ) = facts;
    // Orders placed before the place of supply was kept were taxed by their delivery state.
    let state = match supply_state {
        Some(state) => state,
        None => {
            serde_json::from_str::<Destination>(&shipping_address)
                .map_err(|error| RegisterError::Address {
                    order,
                    error: error.to_string(),
                })?
                .state
        }
    };
    let place: StoredPlace = word_of(order.0, &place_of_supply)?;
    Ok(InvoiceFacts {
        kind,
        number,
        date,
        order_id: order,
        order: order_number,
        buyer: Buyer {
            gstin,
            name: business_name.unwrap_or(contact_name),
        },
        place_of_supply: state,
        inter_state: place.0 == pricing::PlaceOfSupply::InterState,
        value: value_of(lines)?,
    })
}

/// Each order's lines in their order on the invoice, the delivery charge's share taken into
/// each line's value and tax.
pub(crate) fn taxed_lines(
    conn: &mut DbConnection,
    order_ids: &[OrderId],
) -> Result<HashMap<OrderId, Vec<TaxedLine>>, RegisterError> {
    let mut by_order: HashMap<OrderId, Vec<TaxedLine>> = HashMap::new();
    // Bounded so a quarter's orders never exceed a backend's limit on bound parameters.
    for chunk in order_ids.chunks(500) {
        let rows: Vec<LineRow> = order_lines::table
            .filter(order_lines::order_id.eq_any(chunk))
            .order((order_lines::order_id, order_lines::position))
            .select((
                order_lines::order_id,
                (
                    order_lines::position,
                    order_lines::hsn_code,
                    order_lines::supply_kind,
                    order_lines::uqc,
                    order_lines::uqc_milli,
                ),
                order_lines::quantity,
                order_lines::gst_rate_bp,
                (
                    order_lines::taxable_paise,
                    order_lines::igst_paise,
                    order_lines::cgst_paise,
                    order_lines::sgst_paise,
                ),
                (
                    order_lines::shipping_taxable_paise,
                    order_lines::shipping_igst_paise,
                    order_lines::shipping_cgst_paise,
                    order_lines::shipping_sgst_paise,
                ),
            ))
            .load(conn)
            .map_err(unreadable)?;
        for (order, described, quantity, rate, goods, delivery) in rows {
            let line = taxed_line(described, quantity, rate, goods, delivery)?;
            by_order.entry(order).or_default().push(line);
        }
    }
    Ok(by_order)
}

/// The lines each return in `return_ids` brought back, as credit notes report them.
fn returned_lines(
    conn: &mut DbConnection,
    return_ids: &[i64],
) -> Result<HashMap<i64, Vec<TaxedLine>>, RegisterError> {
    let mut by_return: HashMap<i64, Vec<TaxedLine>> = HashMap::new();
    for chunk in return_ids.chunks(500) {
        let rows: Vec<(i64, Described, i32, i32, Amounts, Amounts)> = order_return_lines::table
            .inner_join(order_lines::table)
            .filter(order_return_lines::return_id.eq_any(chunk))
            .order((order_return_lines::return_id, order_lines::position))
            .select((
                order_return_lines::return_id,
                (
                    order_lines::position,
                    order_lines::hsn_code,
                    order_lines::supply_kind,
                    order_lines::uqc,
                    order_lines::uqc_milli,
                ),
                order_return_lines::quantity,
                order_lines::gst_rate_bp,
                (
                    order_return_lines::taxable_paise,
                    order_return_lines::igst_paise,
                    order_return_lines::cgst_paise,
                    order_return_lines::sgst_paise,
                ),
                (
                    order_return_lines::shipping_taxable_paise,
                    order_return_lines::shipping_igst_paise,
                    order_return_lines::shipping_cgst_paise,
                    order_return_lines::shipping_sgst_paise,
                ),
            ))
            .load(conn)
            .map_err(unreadable)?;
        for (id, described, quantity, rate, goods, delivery) in rows {
            let line = taxed_line(described, quantity, rate, goods, delivery)?;
            by_return.entry(id).or_default().push(line);
        }
    }
    Ok(by_return)
}

/// Position, HSN, supply kind, unit and quantity per pack, as an order line keeps them.
type Described = (i32, String, StoredKind, String, Option<i64>);

/// A line as a document reports it: what describes it, and its goods' and delivery share's
/// amounts (taxable, IGST, CGST, SGST) added together.
fn taxed_line(
    (position, hsn, kind, uqc, uqc_milli): Described,
    quantity: i32,
    rate: i32,
    goods: Amounts,
    delivery: Amounts,
) -> Result<TaxedLine, RegisterError> {
    let unreadable = |e: String| diesel::result::Error::DeserializationError(e.into());
    let rate = GstRate::try_from(rate).map_err(|e| unreadable(e.to_string()))?;
    let unit = PackUnit::from_stored(&uqc, uqc_milli).map_err(|e| unreadable(e.to_string()))?;
    let add = |a: i64, b: i64| {
        a.checked_add(b)
            .map(Paise::new)
            .ok_or(RegisterError::TooLarge)
    };
    Ok(TaxedLine {
        position,
        hsn,
        quantity: u32::try_from(quantity).unwrap_or(0),
        kind: kind.0,
        uqc: unit.uqc,
        uqc_milli: unit.milli,
        rate,
        taxable: add(goods.0, delivery.0)?,
        igst: add(goods.1, delivery.1)?,
        cgst: add(goods.2, delivery.2)?,
        sgst: add(goods.3, delivery.3)?,
    })
}

type Amounts = (i64, i64, i64, i64);
type LineRow = (OrderId, Described, i32, i32, Amounts, Amounts);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_are_months_or_quarters_of_the_financial_year() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        let november = Period::month("2026-11").unwrap();
        assert_eq!(
            (november.first_day(), november.last_day()),
            (day(2026, 11, 1), day(2026, 11, 30))
        );
        assert_eq!(
            Period::month("2028-02").unwrap().last_day(),
            day(2028, 2, 29)
        );
        let winter = Period::quarter("2027-01").unwrap();
        assert_eq!(
            (winter.first_day(), winter.last_day()),
            (day(2027, 1, 1), day(2027, 3, 31))
        );
        assert_eq!(winter.label(), "2027-01_2027-03");
        assert_eq!(november.label(), "2026-11");
        assert_eq!(Period::quarter("2026-11"), Err(PeriodError::BadQuarter));
        for bad in ["2026-13", "2016-12", "26-11", "2026-11-05", "", "2026-1x"] {
            assert_eq!(Period::month(bad), Err(PeriodError::BadMonth), "{bad:?}");
        }
    }
}
