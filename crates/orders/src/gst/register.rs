//! A return period's [`Register`], read from the invoices and credit notes issued in it and the
//! orders they were issued for (which keep everything they were sold with).

use std::collections::HashMap;

use chrono::{Datelike, Months, NaiveDate};
use db::schema::{credit_notes, invoices, order_lines, orders};
use db::{DbConnection, OrderId};
use diesel::prelude::*;
use pricing::{GstRate, Paise};

use super::gstr1::{Buyer, CreditNote, Invoice, InvoiceFacts, Register, TaxedLine};
use crate::words::{StoredPlace, UnreadableOrder, word_of};

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
    /// An order's shipping address is not the JSON checkout wrote.
    #[error("order {order} has an unreadable shipping address: {error}")]
    Address { order: OrderId, error: String },
}

pub fn register(conn: &mut DbConnection, period: Period) -> Result<Register, RegisterError> {
    let (first, last) = (period.first_day(), period.last_day());
    let invoiced: Vec<(String, NaiveDate, OrderId, OrderFacts)> = invoices::table
        .inner_join(orders::table)
        .filter(invoices::issued_on.between(first, last))
        .order(invoices::id)
        .select((
            invoices::number,
            invoices::issued_on,
            orders::id,
            ORDER_FACTS,
        ))
        .load(conn)?;
    let credited: Vec<(String, NaiveDate, String, NaiveDate, OrderId, OrderFacts)> =
        credit_notes::table
            .inner_join(invoices::table.inner_join(orders::table))
            .filter(credit_notes::issued_on.between(first, last))
            .order(credit_notes::id)
            .select((
                credit_notes::number,
                credit_notes::issued_on,
                invoices::number,
                invoices::issued_on,
                orders::id,
                ORDER_FACTS,
            ))
            .load(conn)?;
    let order_ids: Vec<OrderId> = invoiced
        .iter()
        .map(|row| row.2)
        .chain(credited.iter().map(|row| row.4))
        .collect();
    let lines = taxed_lines(conn, &order_ids)?;
    // An order invoiced and credited in the same period is in both lists.
    let lines_of = |order: OrderId| lines.get(&order).cloned().unwrap_or_default();
    let invoices = invoiced
        .into_iter()
        .map(|(number, date, order, facts)| {
            Ok(Invoice {
                facts: invoice_facts(order, number, date, facts)?,
                lines: lines_of(order),
            })
        })
        .collect::<Result<_, RegisterError>>()?;
    let credit_notes = credited
        .into_iter()
        .map(
            |(number, date, invoice_number, invoice_date, order, facts)| {
                let invoice = invoice_facts(order, invoice_number, invoice_date, facts)?;
                // A credit note reverses the whole invoice.
                Ok(CreditNote {
                    number,
                    date,
                    value: invoice.value,
                    invoice,
                    lines: lines_of(order),
                })
            },
        )
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

/// A document as the reports count it: the day it was issued, its order, and `1` for an
/// invoice or `-1` for a credit note (which reverses its whole invoice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Issued {
    pub date: NaiveDate,
    pub order: OrderId,
    pub sign: i64,
}

/// The invoices and credit notes issued from `first` to `last` (Indian days, inclusive), by the
/// same dates [`register`] reads.
pub(crate) fn issued_between(
    conn: &mut DbConnection,
    first: NaiveDate,
    last: NaiveDate,
) -> QueryResult<Vec<Issued>> {
    let invoiced: Vec<(NaiveDate, OrderId)> = invoices::table
        .filter(invoices::issued_on.between(first, last))
        .select((invoices::issued_on, invoices::order_id))
        .load(conn)?;
    let credited: Vec<(NaiveDate, OrderId)> = credit_notes::table
        .inner_join(invoices::table)
        .filter(credit_notes::issued_on.between(first, last))
        .select((credit_notes::issued_on, invoices::order_id))
        .load(conn)?;
    let issued = |sign| move |(date, order)| Issued { date, order, sign };
    Ok(invoiced
        .into_iter()
        .map(issued(1))
        .chain(credited.into_iter().map(issued(-1)))
        .collect())
}

/// gstin, business name, contact name, shipping address (JSON), place of supply, total.
type OrderFacts = (Option<String>, Option<String>, String, String, String, i64);

const ORDER_FACTS: (
    orders::gstin,
    orders::business_name,
    orders::contact_name,
    orders::shipping_address,
    orders::place_of_supply,
    orders::total_paise,
) = (
    orders::gstin,
    orders::business_name,
    orders::contact_name,
    orders::shipping_address,
    orders::place_of_supply,
    orders::total_paise,
);

#[derive(serde::Deserialize)]
struct Destination {
    state: String,
}

/// The facts of an invoice issued for order `order`. The place of supply is read as text and then
/// as a word, so that an unreadable one names its order.
fn invoice_facts(
    order: OrderId,
    number: String,
    date: NaiveDate,
    facts: OrderFacts,
) -> Result<InvoiceFacts, RegisterError> {
    let (gstin, business_name, contact_name, shipping_address, place_of_supply, total) = facts;
    let destination = serde_json::from_str::<Destination>(&shipping_address).map_err(|error| {
        RegisterError::Address {
            order,
            error: error.to_string(),
        }
    })?;
    let place: StoredPlace = word_of(order.0, &place_of_supply)?;
    Ok(InvoiceFacts {
        number,
        date,
        buyer: Buyer {
            gstin,
            name: business_name.unwrap_or(contact_name),
        },
        place_of_supply: destination.state,
        inter_state: place.0 == pricing::PlaceOfSupply::InterState,
        value: Paise::new(total),
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
                order_lines::hsn_code,
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
            .load(conn)?;
        for (order, hsn, quantity, rate, goods, delivery) in rows {
            let rate = GstRate::try_from(rate)
                .map_err(|e| diesel::result::Error::DeserializationError(e.to_string().into()))?;
            let add = |a: i64, b: i64| {
                a.checked_add(b)
                    .map(Paise::new)
                    .ok_or(RegisterError::TooLarge)
            };
            by_order.entry(order).or_default().push(TaxedLine {
                hsn,
                quantity: u32::try_from(quantity).unwrap_or(0),
                rate,
                taxable: add(goods.0, delivery.0)?,
                igst: add(goods.1, delivery.1)?,
                cgst: add(goods.2, delivery.2)?,
                sgst: add(goods.3, delivery.3)?,
            });
        }
    }
    Ok(by_order)
}

type Amounts = (i64, i64, i64, i64);
type LineRow = (OrderId, String, i32, i32, Amounts, Amounts);

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
