//! The GST documents an order gets (CGST Act s. 31 and s. 34; CGST Rules r. 46, 46A and 49).
//!
//! When the order is confirmed (or shipped straight from placed) it gets, by its lines' supply
//! kinds and whether the buyer is registered:
//! - only taxable lines: a **tax invoice**;
//! - only exempt lines (nil-rated, exempt, non-GST: the "exempt supplies" of s. 2(47)): a **bill
//!   of supply** (s. 31(3)(c), r. 49) in a series of its own, and no tax invoice;
//! - both, for a registered buyer: a tax invoice for the taxable lines and a separate bill of
//!   supply for the exempt lines;
//! - both, for an unregistered buyer: one **invoice-cum-bill of supply** (r. 46A) with every line.
//!
//! Each is numbered in its series of the financial year of its Indian date. A cancellation after
//! that gets a credit note for each whole document; a return (`crate::returns`) a credit note for
//! what came back of each document it touches. Everything is written in the transaction of the
//! move, so a refused move issues nothing and takes no number. The e-way bill that travels with
//! the goods is kept on the order's first document.

use chrono::{NaiveDate, NaiveDateTime};
use db::schema::{credit_notes, invoices, order_lines, orders};
use db::{DbConnection, OrderId};
use diesel::prelude::*;
use pricing::SupplyKind;
use serde::Serialize;

use super::series::{FinancialYear, Series, SeriesError, SeriesPrefix, next_in_series};
use crate::india_time;
use crate::stored_as_text::{StoredKind, word_enum};

/// The shop's series prefixes (`WR` for invoices, `WRBS` for bills of supply, `WRCN` for credit
/// notes, say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentSeries {
    pub invoice: SeriesPrefix,
    pub bill_of_supply: SeriesPrefix,
    pub credit_note: SeriesPrefix,
}

impl DocumentSeries {
    fn prefix(&self, series: Series) -> &SeriesPrefix {
        match series {
            Series::Invoice => &self.invoice,
            Series::BillOfSupply => &self.bill_of_supply,
            Series::CreditNote => &self.credit_note,
        }
    }

    /// Whether the three prefixes differ (the same number in two series would be ambiguous).
    pub fn distinct(&self) -> bool {
        self.invoice != self.bill_of_supply
            && self.invoice != self.credit_note
            && self.bill_of_supply != self.credit_note
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

word_enum! {
    /// What an issued document is.
    pub enum DocumentKind("document kind") {
        /// For taxable lines (s. 31(1)).
        TaxInvoice = "tax_invoice",
        /// For exempt lines, instead of a tax invoice (s. 31(3)(c), r. 49).
        BillOfSupply = "bill_of_supply",
        /// Both in one, for an unregistered buyer (r. 46A).
        InvoiceCumBill = "invoice_cum_bill",
    }
}

impl DocumentKind {
    fn series(self) -> Series {
        match self {
            Self::TaxInvoice | Self::InvoiceCumBill => Series::Invoice,
            Self::BillOfSupply => Series::BillOfSupply,
        }
    }

    /// Whether a line of `kind` is on this document.
    pub fn covers(self, kind: SupplyKind) -> bool {
        match self {
            Self::TaxInvoice => kind.is_taxable(),
            Self::BillOfSupply => !kind.is_taxable(),
            Self::InvoiceCumBill => true,
        }
    }

    /// The documents an order of lines of `kinds` gets, in the order they are numbered.
    pub fn for_order(kinds: &[SupplyKind], registered: bool) -> Vec<DocumentKind> {
        let taxable = kinds.iter().any(|k| k.is_taxable());
        let exempt = kinds.iter().any(|k| !k.is_taxable());
        match (taxable, exempt, registered) {
            (true, false, _) => vec![Self::TaxInvoice],
            (false, true, _) => vec![Self::BillOfSupply],
            (true, true, true) => vec![Self::TaxInvoice, Self::BillOfSupply],
            (true, true, false) => vec![Self::InvoiceCumBill],
            (false, false, _) => Vec::new(),
        }
    }
}

/// An issued document of an order: a tax invoice, a bill of supply or an invoice-cum-bill.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct InvoiceView {
    pub kind: DocumentKind,
    /// In its series, `WR/26-27/000123` or `WRBS/26-27/00012`.
    pub number: String,
    /// The day (in India) it was issued.
    pub date: NaiveDate,
    /// The e-way bill the goods travelled with (consignments over ₹50,000).
    #[schema(required = true)]
    pub eway_bill_number: Option<String>,
}

/// A credit note: for a whole document (a cancellation) or what came back of it (a return).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CreditNoteView {
    /// In the shop's credit-note series, `WRCN/26-27/00012`.
    pub number: String,
    pub date: NaiveDate,
    /// Why: the cancellation's or the return's reason.
    pub reason: String,
    /// The number of the document it credits.
    pub against: String,
    /// The return it credits; none for a whole document (a cancellation).
    #[schema(required = true)]
    pub return_id: Option<i64>,
}

/// Issues the order's documents at `at` unless it has them; an e-way bill number given is kept
/// on its first document either way.
pub(crate) fn issue_documents(
    conn: &mut DbConnection,
    order_id: OrderId,
    series: &DocumentSeries,
    at: NaiveDateTime,
    eway_bill_number: Option<&str>,
) -> Result<(), DocumentError> {
    let existing: Option<i64> = invoices::table
        .filter(invoices::order_id.eq(order_id))
        .order(invoices::id)
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
    let kinds: Vec<SupplyKind> = order_lines::table
        .filter(order_lines::order_id.eq(order_id))
        .select(order_lines::supply_kind)
        .load::<StoredKind>(conn)?
        .into_iter()
        .map(SupplyKind::from)
        .collect();
    let registered = orders::table
        .find(order_id)
        .select(orders::gstin)
        .first::<Option<String>>(conn)?
        .is_some();
    let day = india_time::date_of(at);
    for (index, kind) in DocumentKind::for_order(&kinds, registered)
        .into_iter()
        .enumerate()
    {
        let number = series.take(conn, kind.series(), day)?;
        diesel::insert_into(invoices::table)
            .values((
                invoices::order_id.eq(order_id),
                invoices::kind.eq(kind),
                invoices::number.eq(number),
                invoices::issued_on.eq(day),
                invoices::eway_bill_number.eq(eway_bill_number.filter(|_| index == 0)),
                invoices::created_at.eq(at),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Issues a credit note for each whole document of the order not yet credited whole (a
/// cancellation after the documents were issued).
pub(crate) fn credit_whole_order(
    conn: &mut DbConnection,
    order_id: OrderId,
    series: &DocumentSeries,
    at: NaiveDateTime,
    reason: &str,
) -> Result<(), DocumentError> {
    let documents: Vec<(i64, Option<i64>)> = invoices::table
        .left_join(
            credit_notes::table.on(credit_notes::invoice_id
                .eq(invoices::id)
                .and(credit_notes::return_id.is_null())),
        )
        .filter(invoices::order_id.eq(order_id))
        .order(invoices::id)
        .select((invoices::id, credit_notes::id.nullable()))
        .load(conn)?;
    for (invoice_id, _) in documents.into_iter().filter(|(_, note)| note.is_none()) {
        issue_credit_note(conn, invoice_id, None, series, at, reason)?;
    }
    Ok(())
}

/// Issues one credit note against document `invoice_id`, for return `return_id` (or the whole
/// document when none).
pub(crate) fn issue_credit_note(
    conn: &mut DbConnection,
    invoice_id: i64,
    return_id: Option<i64>,
    series: &DocumentSeries,
    at: NaiveDateTime,
    reason: &str,
) -> Result<String, DocumentError> {
    let day = india_time::date_of(at);
    let number = series.take(conn, Series::CreditNote, day)?;
    diesel::insert_into(credit_notes::table)
        .values((
            credit_notes::invoice_id.eq(invoice_id),
            credit_notes::return_id.eq(return_id),
            credit_notes::number.eq(&number),
            credit_notes::issued_on.eq(day),
            credit_notes::reason.eq(reason),
            credit_notes::created_at.eq(at),
        ))
        .execute(conn)?;
    Ok(number)
}

/// The order's documents (in the order issued) and credit notes (in the order issued).
pub fn documents_of(
    conn: &mut DbConnection,
    order_id: OrderId,
) -> QueryResult<(Vec<InvoiceView>, Vec<CreditNoteView>)> {
    let documents: Vec<InvoiceView> = invoices::table
        .filter(invoices::order_id.eq(order_id))
        .order(invoices::id)
        .select((
            invoices::kind,
            invoices::number,
            invoices::issued_on,
            invoices::eway_bill_number,
        ))
        .load::<(DocumentKind, String, NaiveDate, Option<String>)>(conn)?
        .into_iter()
        .map(|(kind, number, date, eway_bill_number)| InvoiceView {
            kind,
            number,
            date,
            eway_bill_number,
        })
        .collect();
    let notes: Vec<CreditNoteView> = credit_notes::table
        .inner_join(invoices::table)
        .filter(invoices::order_id.eq(order_id))
        .order(credit_notes::id)
        .select((
            credit_notes::number,
            credit_notes::issued_on,
            credit_notes::reason,
            invoices::number,
            credit_notes::return_id,
        ))
        .load::<(String, NaiveDate, String, String, Option<i64>)>(conn)?
        .into_iter()
        .map(
            |(number, date, reason, against, return_id)| CreditNoteView {
                number,
                date,
                reason,
                against,
                return_id,
            },
        )
        .collect();
    Ok((documents, notes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_documents_an_order_gets() {
        use DocumentKind::*;
        use SupplyKind::*;
        assert_eq!(DocumentKind::for_order(&[Taxable], false), [TaxInvoice]);
        assert_eq!(
            DocumentKind::for_order(&[Exempt, NilRated], true),
            [BillOfSupply]
        );
        assert_eq!(
            DocumentKind::for_order(&[Taxable, Exempt], true),
            [TaxInvoice, BillOfSupply]
        );
        assert_eq!(
            DocumentKind::for_order(&[NonGst, Taxable], false),
            [InvoiceCumBill]
        );
        assert!(TaxInvoice.covers(Taxable) && !TaxInvoice.covers(NilRated));
        assert!(BillOfSupply.covers(NonGst) && !BillOfSupply.covers(Taxable));
        assert!(InvoiceCumBill.covers(Taxable) && InvoiceCumBill.covers(Exempt));
    }
}
