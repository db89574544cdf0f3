//! The GST documents an order gets. Its tax invoice is issued when the order is confirmed (or
//! shipped straight from placed), numbered in the invoice series of the financial year of its
//! Indian date; an invoiced order cancelled afterwards (before shipping, or returned by the
//! carrier) gets a credit note for the whole invoice, in the credit-note series. Both are
//! written in the transaction of the move, so a refused move issues nothing and takes no
//! number. The e-way bill that travels with the goods is kept on the invoice.

use chrono::{NaiveDate, NaiveDateTime};
use db::schema::{credit_notes, invoices};
use db::{DbConnection, OrderId};
use diesel::prelude::*;
use serde::Serialize;

use super::series::{FinancialYear, Series, SeriesError, SeriesPrefix, next_in_series};
use crate::india_time;

/// The shop's two series prefixes (`WR` for invoices, `WRCN` for credit notes, say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentSeries {
    pub invoice: SeriesPrefix,
    pub credit_note: SeriesPrefix,
}

impl DocumentSeries {
    fn prefix(&self, series: Series) -> &SeriesPrefix {
        match series {
            Series::Invoice => &self.invoice,
            Series::CreditNote => &self.credit_note,
        }
    }

    /// Takes the next number of `series` for a document issued on `day`.
    fn take(
        &self,
        conn: &mut DbConnection,
        series: Series,
        day: NaiveDate,
    ) -> Result<String, DocumentError> {
        let year = FinancialYear::of(day);
        let sequence = next_in_series(conn, series, year)?;
        Ok(self.prefix(series).number(year, sequence)?)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    #[error(transparent)]
    Series(#[from] SeriesError),
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

/// An order's tax invoice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct InvoiceView {
    /// In the shop's invoice series, `WR/26-27/000123`.
    pub number: String,
    /// The day (in India) it was issued.
    pub date: NaiveDate,
    /// The e-way bill the goods travelled with (consignments over ₹50,000).
    #[schema(required = true)]
    pub eway_bill_number: Option<String>,
}

/// The credit note that reversed an order's invoice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CreditNoteView {
    /// In the shop's credit-note series, `WRCN/26-27/00012`.
    pub number: String,
    pub date: NaiveDate,
    /// Why the sale was reversed (the cancellation's reason).
    pub reason: String,
}

/// Issues the order's tax invoice at `at` unless it has one; an e-way bill number given is kept
/// on it either way.
pub(crate) fn issue_invoice(
    conn: &mut DbConnection,
    order_id: OrderId,
    series: &DocumentSeries,
    at: NaiveDateTime,
    eway_bill_number: Option<&str>,
) -> Result<(), DocumentError> {
    let existing: Option<i64> = invoices::table
        .filter(invoices::order_id.eq(order_id))
        .select(invoices::id)
        .first(conn)
        .optional()?;
    if let Some(id) = existing {
        if let Some(eway) = eway_bill_number {
            diesel::update(invoices::table.find(id))
                .set(invoices::eway_bill_number.eq(eway))
                .execute(conn)?;
        }
        return Ok(());
    }
    let day = india_time::date_of(at);
    let number = series.take(conn, Series::Invoice, day)?;
    diesel::insert_into(invoices::table)
        .values((
            invoices::order_id.eq(order_id),
            invoices::number.eq(number),
            invoices::issued_on.eq(day),
            invoices::eway_bill_number.eq(eway_bill_number),
            invoices::created_at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

/// Issues a credit note for the whole of the order's invoice at `at`, if it was invoiced and not
/// yet credited.
pub(crate) fn issue_credit_note(
    conn: &mut DbConnection,
    order_id: OrderId,
    series: &DocumentSeries,
    at: NaiveDateTime,
    reason: &str,
) -> Result<(), DocumentError> {
    let invoice: Option<(i64, Option<i64>)> = invoices::table
        .left_join(credit_notes::table)
        .filter(invoices::order_id.eq(order_id))
        .select((invoices::id, credit_notes::id.nullable()))
        .first(conn)
        .optional()?;
    let Some((invoice_id, None)) = invoice else {
        return Ok(());
    };
    let day = india_time::date_of(at);
    let number = series.take(conn, Series::CreditNote, day)?;
    diesel::insert_into(credit_notes::table)
        .values((
            credit_notes::invoice_id.eq(invoice_id),
            credit_notes::number.eq(number),
            credit_notes::issued_on.eq(day),
            credit_notes::reason.eq(reason),
            credit_notes::created_at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

/// The order's invoice and credit note, where issued.
pub fn documents_of(
    conn: &mut DbConnection,
    order_id: OrderId,
) -> QueryResult<(Option<InvoiceView>, Option<CreditNoteView>)> {
    let found: Option<(InvoiceRow, Option<CreditNoteRow>)> = invoices::table
        .left_join(credit_notes::table)
        .filter(invoices::order_id.eq(order_id))
        .select((
            (
                invoices::number,
                invoices::issued_on,
                invoices::eway_bill_number,
            ),
            (
                credit_notes::number,
                credit_notes::issued_on,
                credit_notes::reason,
            )
                .nullable(),
        ))
        .first(conn)
        .optional()?;
    Ok(match found {
        None => (None, None),
        Some(((number, date, eway_bill_number), note)) => (
            Some(InvoiceView {
                number,
                date,
                eway_bill_number,
            }),
            note.map(|(number, date, reason)| CreditNoteView {
                number,
                date,
                reason,
            }),
        ),
    })
}

type InvoiceRow = (String, NaiveDate, Option<String>);
type CreditNoteRow = (String, NaiveDate, String);
