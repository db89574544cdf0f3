use clap::{Parser, Subcommand};

/// The online shop of a plantation agricultural-inputs retailer: shop, API and admin commands.
#[derive(Debug, Parser)]
#[command(name = "storefront", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the shop and its API (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Add the demo shop's catalogue and images; existing rows are left alone.
    SeedDemo {
        /// Also generate this many products (a large catalogue for benchmarks).
        #[arg(long, default_value_t = 0)]
        products: usize,
        /// Only seed when the catalogue has no products yet.
        #[arg(long)]
        if_empty: bool,
        /// Also make a demo admin (admin@demo.example with a random password, printed once)
        /// to try the back office at /admin.
        #[arg(long)]
        with_admin: bool,
    },
    /// Make the first admin (or make an existing account an admin). The password is read from
    /// standard input (one line) or, on a terminal, asked for; with --mail-link a link to choose
    /// it is mailed instead. The admin sets up an authenticator app at the first sign-in.
    CreateAdmin {
        /// The admin's e-mail address.
        email: String,
        /// The name shown in the back office and the audit log.
        #[arg(long, default_value = "Administrator")]
        name: String,
        /// Mail a link to choose the password (through the outbox) instead of reading one.
        #[arg(long)]
        mail_link: bool,
    },
    /// Copy the running shop into DIR: the database (SQLite: a consistent snapshot with
    /// VACUUM INTO; PostgreSQL: pg_dump's custom format) and the media folder.
    Backup {
        /// A new or empty folder.
        dir: std::path::PathBuf,
    },
    /// Move an order along: confirmed, shipped (with --carrier and --tracking-number, and
    /// --eway-bill-number over ₹50,000), delivered or cancelled (with --reason; its stock goes
    /// back, and an invoiced order gets a credit note). The customer is e-mailed.
    OrderStatus {
        /// The order number, e.g. ORD-2026-000123.
        number: String,
        /// confirmed, shipped, delivered or cancelled.
        status: String,
        /// Who carries the parcel (to ship).
        #[arg(long)]
        carrier: Option<String>,
        /// The carrier's tracking number (to ship).
        #[arg(long)]
        tracking_number: Option<String>,
        /// The e-way bill's 12-digit number (to ship goods worth over ₹50,000).
        #[arg(long)]
        eway_bill_number: Option<String>,
        /// Why the order is cancelled (to cancel).
        #[arg(long)]
        reason: Option<String>,
    },
    /// Cancel the bank-transfer orders left unpaid past UNPAID_TRANSFER_DAYS (as the server does
    /// every hour), restock them and mail their customers; prints the orders cancelled.
    CancelUnpaid {
        /// Judge as if it were this moment (RFC 3339, e.g. 2026-11-30T09:00:00+05:30) instead of
        /// now: to see what a later sweep would do, or to catch up.
        #[arg(long)]
        as_of: Option<chrono::DateTime<chrono::FixedOffset>>,
    },
}
