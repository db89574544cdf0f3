//! The shop profile: one file in configuration, the demo retailer's by default. Its plain facts
//! (name, address, contacts, photos: [`ShopFacts`]) are the `shop` crate's, for the drawn pages
//! too; here is what orders need besides (delivery zones, payment details, document series,
//! carriers, licences, the owner's alerts). Nothing about the shop is hard-coded elsewhere.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use catalog::MediaUrls;
use serde::{Deserialize, Serialize};
pub use shop::{Address, GrievanceOfficer, Photo, Photos, ShopFacts, Social};

#[derive(Debug, Clone, Deserialize)]
pub struct ShopProfile {
    /// What shoppers and search engines read of the shop (name, address, contacts, photos, its
    /// words in each language).
    #[serde(flatten)]
    pub facts: ShopFacts,
    /// Where the shop delivers, in how many days and for what fee by weight (see `delivery`).
    pub delivery_zones: delivery::Zones,
    pub payment: Payment,
    /// The prefixes of the tax invoice, bill-of-supply and credit-note series.
    #[serde(default)]
    pub gst_series: GstSeries,
    /// The day each financial year's annual return (GSTR-9) was filed, `{"2025-26":
    /// "2026-10-15"}`: no credit note for that year's supplies after it (CGST Act s. 34(2)).
    #[serde(default)]
    pub annual_returns_filed: BTreeMap<String, chrono::NaiveDate>,
    /// The carriers the desk ships with, each with its tracking page (`{tracking}` stands for
    /// the tracking number).
    #[serde(default)]
    pub carriers: Vec<orders::order::Carrier>,
    /// The dealer's licences (insecticide sale licence, fertiliser authorisation, seed dealer
    /// licence) with their validity: printed on every invoice, shown on the product pages of what
    /// they cover, and a product whose kind has none in force is not sold.
    #[serde(default)]
    pub licences: batches::licences::Licences,
    /// The owner's own mobile number (E.164), alerted on WhatsApp or SMS of each new order,
    /// contact message and payment that does not match its order; none: no alerts.
    #[serde(default)]
    pub alert_phone: Option<String>,
    /// The language of those alerts: `en` (the default), `ml` or `ta`.
    #[serde(default)]
    pub alert_language: Option<String>,
    /// The two above, checked when the profile is loaded.
    #[serde(skip)]
    pub owner_alerts: Option<messaging::AlertPhone>,
}

/// Series prefixes (1 to 5 capitals, digits or hyphens): numbers read `WR/26-27/000123`.
#[derive(Debug, Clone, Deserialize)]
pub struct GstSeries {
    pub invoice: String,
    /// Bills of supply (exempt goods, CGST Rules r. 49); `BS` when the profile leaves it out.
    #[serde(default = "bill_of_supply_prefix")]
    pub bill_of_supply: String,
    pub credit_note: String,
}

fn bill_of_supply_prefix() -> String {
    "BS".into()
}

impl Default for GstSeries {
    fn default() -> Self {
        Self {
            invoice: "INV".into(),
            bill_of_supply: bill_of_supply_prefix(),
            credit_note: "CN".into(),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Payment {
    pub bank_name: String,
    pub account_name: String,
    pub account_number: String,
    pub ifsc: String,
    pub branch: String,
    pub upi_id: String,
}

/// The profile as `GET /api/shop` answers it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ShopProfileView<'a> {
    name: &'a str,
    legal_name: &'a str,
    tagline: &'a str,
    blurb: &'a str,
    founded_year: u16,
    address: &'a Address,
    phone: &'a str,
    whatsapp: &'a str,
    email: &'a str,
    hours: &'a str,
    gstin: &'a str,
    home_state: &'a str,
    social: &'a Social,
    photos: Photos<Photo>,
    payment: &'a Payment,
    /// The carriers orders ship with and their tracking pages.
    carriers: &'a [orders::order::Carrier],
    grievance_officer: &'a GrievanceOfficer,
    /// The version of the privacy notice the web app shows beside the order-updates choice.
    privacy_notice_version: &'static str,
    /// The dealer's licences as they stand today (Insecticides Rules 1971 r. 10E asks an online
    /// seller to display its licence).
    licences: Vec<batches::licences::LicenceNotice>,
}

impl ShopProfile {
    /// What every mail needs to know about the shop, and the key its order links are signed with
    /// (`secret_keys::order_link_key`).
    pub fn mail_context(
        &self,
        public_url: &str,
        order_links: paths::OrderLinkKey,
    ) -> mail::MailContext {
        mail::MailContext {
            public_url: public_url.to_owned(),
            shop_name: self.facts.name.clone(),
            shop_email: self.facts.email.clone(),
            order_links,
        }
    }

    /// What moving an order needs: the mail settings and the GST document series.
    pub fn move_context(
        &self,
        mail: mail::MailContext,
        phone_channel: orders::desk::PhoneChannel,
    ) -> anyhow::Result<orders::order::MoveContext> {
        use orders::gst::series::SeriesPrefix;
        let prefix = |raw: &str, what: &str| {
            SeriesPrefix::parse(raw)
                .with_context(|| format!("the shop profile's gst_series.{what}"))
        };
        let series = orders::gst::documents::DocumentSeries {
            invoice: prefix(&self.gst_series.invoice, "invoice")?,
            bill_of_supply: prefix(&self.gst_series.bill_of_supply, "bill_of_supply")?,
            credit_note: prefix(&self.gst_series.credit_note, "credit_note")?,
        };
        anyhow::ensure!(
            series.distinct(),
            "the shop profile's gst_series: invoices, bills of supply and credit notes need different prefixes"
        );
        let annual_returns_filed = orders::gst::deadline::AnnualReturns::parse(
            self.annual_returns_filed
                .iter()
                .map(|(year, day)| (year.as_str(), *day)),
        )
        .context("the shop profile's annual_returns_filed")?;
        Ok(orders::order::MoveContext {
            mail,
            series,
            carriers: self.carriers.clone(),
            phone_channel,
            owner_alerts: self.owner_alerts.clone(),
            annual_returns_filed,
        })
    }

    /// Whom UPI payments go to: the shop's UPI ID, in the name of its bank account (or the
    /// shop's name when the profile leaves that empty), as the web app's UPI button does.
    pub fn upi_payee(&self) -> orders::payment::Payee {
        let name = if self.payment.account_name.trim().is_empty() {
            &self.facts.name
        } else {
            &self.payment.account_name
        };
        orders::payment::Payee {
            upi_id: self.payment.upi_id.clone(),
            name: name.clone(),
        }
    }

    /// What orders need from the profile: home state, delivery zones, the seller block for
    /// invoices and the payment instructions for bank transfers.
    pub fn terms(
        &self,
        mail: mail::MailContext,
        unpaid_transfer_days: u32,
    ) -> orders::checkout::ShopTerms {
        let payment = &self.payment;
        orders::checkout::ShopTerms {
            home_state: self.facts.home_state.clone(),
            delivery: self.delivery_zones.clone(),
            seller: serde_json::json!({
                "name": self.facts.name,
                "legal_name": self.facts.legal_name,
                "address": self.facts.address,
                "gstin": self.facts.gstin,
                "state": self.facts.home_state,
                "phone": self.facts.phone,
                "email": self.facts.email,
                "licences": self.licences,
            }),
            bank: orders::checkout::BankDetails {
                bank_name: payment.bank_name.clone(),
                account_name: payment.account_name.clone(),
                account_number: payment.account_number.clone(),
                ifsc: payment.ifsc.clone(),
                branch: payment.branch.clone(),
                upi_id: payment.upi_id.clone(),
            },
            upi_payee: self.upi_payee(),
            unpaid_transfer_days,
            mail,
            owner_alerts: self.owner_alerts.clone(),
            licences: self.licences.clone(),
        }
    }

    pub fn load(path: Option<&Path>) -> anyhow::Result<Self> {
        let (text, source) = match path {
            Some(path) => (
                std::fs::read_to_string(path)
                    .with_context(|| format!("reading SHOP_PROFILE {}", path.display()))?,
                path.display().to_string(),
            ),
            None => (
                include_str!("../shop-profile.demo.json").to_owned(),
                "the demo profile".into(),
            ),
        };
        let mut profile: Self =
            serde_json::from_str(&text).with_context(|| format!("parsing {source}"))?;
        if let Some(problem) = profile.licences.problem() {
            anyhow::bail!("{source}: licences: {problem}");
        }
        if let Some(problem) = profile.carriers.iter().find_map(|c| c.problem()) {
            anyhow::bail!("{source}: carriers: {problem}");
        }
        profile.owner_alerts = profile
            .checked_owner_alerts()
            .with_context(|| format!("in {source}"))?;
        Ok(profile)
    }

    /// The owner's alert number and language, refused at start when either is not readable.
    fn checked_owner_alerts(&self) -> anyhow::Result<Option<messaging::AlertPhone>> {
        let Some(phone) = self.alert_phone.as_deref().filter(|p| !p.trim().is_empty()) else {
            return Ok(None);
        };
        let to = messaging::PhoneNumber::from_e164(phone.trim()).map_err(|error| {
            anyhow::anyhow!(
                "alert_phone {phone:?} is not a mobile number in E.164 (+919847012345): {error}"
            )
        })?;
        let language = match self.alert_language.as_deref() {
            None => paths::Locale::En,
            Some(code) => paths::Locale::parse(code)
                .with_context(|| format!("alert_language {code:?} is not en, ml or ta"))?,
        };
        Ok(Some(messaging::AlertPhone { to, language }))
    }

    /// The profile as `GET /api/shop` answers it in `locale`.
    pub fn view(
        &self,
        media: &MediaUrls,
        locale: paths::Locale,
        today: chrono::NaiveDate,
    ) -> ShopProfileView<'_> {
        let facts = &self.facts;
        ShopProfileView {
            name: &facts.name,
            legal_name: &facts.legal_name,
            tagline: facts.tagline_in(locale),
            blurb: facts.blurb_in(locale),
            founded_year: facts.founded_year,
            address: &facts.address,
            phone: &facts.phone,
            whatsapp: &facts.whatsapp,
            email: &facts.email,
            hours: facts.hours_in(locale),
            gstin: &facts.gstin,
            home_state: &facts.home_state,
            social: &facts.social,
            photos: facts.photos_in(locale, |path| media.url(path)),
            payment: &self.payment,
            carriers: &self.carriers,
            grievance_officer: &facts.grievance_officer,
            privacy_notice_version: orders::order::consent::NOTICE_VERSION,
            licences: self.licences.on(today),
        }
    }
}
