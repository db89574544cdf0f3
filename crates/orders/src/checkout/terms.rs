//! The shop's terms an order is placed under, read by checkout and by its mails.

/// The shop's terms that shape an order: where it is (for the tax split), where it delivers and
/// for what fee,
/// the seller block printed on invoices, and what bank-transfer buyers are told.
#[derive(Debug, Clone)]
pub struct ShopTerms {
    pub home_state: String,
    /// The delivery zones: which PIN codes are served, and the fee by weight there.
    pub delivery: delivery::Zones,
    /// The seller as invoices show it (JSON), copied onto every order.
    pub seller: serde_json::Value,
    /// Where bank-transfer buyers pay.
    pub bank: BankDetails,
    /// Where UPI payments for bank-transfer orders go (the mail's QR code and link).
    pub upi_payee: crate::payment::Payee,
    /// A bank transfer not received within this many days cancels the order.
    pub unpaid_transfer_days: u32,
    pub mail: mail::MailContext,
    /// The owner's phone, alerted of each new order (none: no alerts).
    pub owner_alerts: Option<messaging::AlertPhone>,
    /// The dealer's licences: a product whose kind has none in force is not sold.
    pub licences: batches::licences::Licences,
}

/// The shop's bank account, as the confirmation of a bank-transfer order gives it.
#[derive(Debug, Clone)]
pub struct BankDetails {
    pub bank_name: String,
    pub account_name: String,
    pub account_number: String,
    pub ifsc: String,
    pub branch: String,
    pub upi_id: String,
}
