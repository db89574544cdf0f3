//! What the GST law asks of a registered dealer's documents: invoice and credit-note series per
//! financial year, and the GSTR-1 return's files.

pub mod gstr1;
pub mod series;
