//! What the GST law asks of a registered dealer's documents: invoice and credit-note series per
//! financial year, the documents an order gets, and the GSTR-1 return's files.

pub mod accounts;
pub mod deadline;
pub mod documents;
pub mod gstr1;
pub mod register;
pub mod series;
