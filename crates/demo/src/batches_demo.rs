//! The demo shop's stock of batch-tracked goods, received in batches from its suppliers with
//! dates relative to today, so that the demo stays true: most batches have long to run, a few
//! expire within 60 days (the dashboard's window), and one expired lot waits, withdrawn from
//! sale, to be disposed of (Insecticides Rules 1971 r. 10A).

use std::collections::{BTreeMap, HashSet};

use batches::receive::{ReceiptLine, Supplier, record};
use chrono::{Duration, NaiveDate};
use db::DbConnection;
use db::schema::{batches as batch_rows, product_variants};
use diesel::prelude::*;
use pricing::Paise;

use crate::SeedError;
use crate::content::DemoCatalog;

/// Receives the stock of every batch-tracked product added by this run (`added`, by slug): one
/// receipt per brand, each pack size's demo stock in one batch (two for the first pack size of
/// every fourth product, the older one expiring soon).
pub fn seed(
    conn: &mut DbConnection,
    catalog: &DemoCatalog,
    added: &HashSet<String>,
) -> Result<(), SeedError> {
    let today = batches::india_today();
    let now = chrono::Utc::now().naive_utc();
    let day = |days: i64| today + Duration::days(days);
    let mut by_brand: BTreeMap<&str, Vec<ReceiptLine>> = BTreeMap::new();
    // Which pack size gets the lot that will have expired.
    let mut to_expire: Option<(db::VariantId, String)> = None;
    let tracked = catalog
        .products
        .iter()
        .filter(|p| p.batch_tracked && added.contains(&p.slug));
    for (index, product) in tracked.enumerate() {
        let seed_lot = product.regulated_as == "seed";
        let dated = !matches!(
            product.categories.first().map(String::as_str),
            Some("water-soluble-fertilisers" | "micronutrients")
        );
        for (pack, variant) in product.variants.iter().enumerate() {
            let id: db::VariantId = product_variants::table
                .filter(product_variants::sku.eq(&variant.sku))
                .select(product_variants::id)
                .first(conn)?;
            let prefix: String = variant
                .sku
                .split('-')
                .nth(1)
                .unwrap_or("LOT")
                .chars()
                .take(5)
                .collect();
            let lot = |n: i64, made: i64, expires: i64| {
                let number = format!("{prefix}{}{:02}", day(made).format("%y%m"), n + 1);
                let (manufactured_on, expires_on, tested_on) = if seed_lot {
                    (None, Some(day(expires)), Some(day(made)))
                } else {
                    (Some(day(made)), dated.then(|| day(expires)), None)
                };
                (number, manufactured_on, expires_on, tested_on)
            };
            let mut lots = Vec::new();
            let split = pack == 0 && index % 4 == 1 && variant.stock >= 4;
            if split {
                // An older lot that runs out within 60 days, sold first.
                let soon = 20 + (index as i64 * 7) % 35;
                lots.push((lot(0, -300, soon), variant.stock / 4));
                lots.push((lot(1, -40, 700), variant.stock - variant.stock / 4));
            } else if variant.stock > 0 {
                lots.push((lot(0, -60 - (index as i64 % 5) * 20, 540), variant.stock));
            }
            if to_expire.is_none() && product.regulated_as == "insecticide" && pack == 0 {
                // Received with a day to run; dated back below to have expired.
                lots.push((lot(7, -400, 1), 3));
                to_expire = Some((id, lot(7, -400, 1).0));
            }
            for ((number, manufactured_on, expires_on, tested_on), quantity) in lots {
                let cost = variant.price_paise * 62 / 100;
                by_brand
                    .entry(product.brand.as_str())
                    .or_default()
                    .push(ReceiptLine {
                        variant_id: id,
                        number,
                        manufactured_on,
                        expires_on,
                        tested_on,
                        quantity,
                        unit_cost: Paise::new(cost),
                    });
            }
        }
    }
    for (n, (brand, lines)) in by_brand.into_iter().enumerate() {
        let supplier = Supplier {
            name: format!("{} (distributor)", brand_name(catalog, brand)),
            invoice: format!("DEMO/{}/{:04}", today.format("%y%m"), n + 1),
            invoice_date: day(-12),
            note: Some("Demo shop's opening receipt".into()),
        };
        match record(conn, None, &supplier, &lines, today, now)? {
            Ok(_) => {}
            Err(problems) => {
                return Err(SeedError::Content(format!(
                    "demo receipt of {brand}: {problems:?}"
                )));
            }
        }
    }
    if let Some((variant, number)) = to_expire {
        // The lot's expiry passed last week: the sweep withdraws it, awaiting disposal.
        let expired: NaiveDate = day(-7);
        db::write_transaction(conn, |conn| {
            diesel::update(
                batch_rows::table
                    .filter(batch_rows::variant_id.eq(variant))
                    .filter(batch_rows::number.eq(&number)),
            )
            .set(batch_rows::expires_on.eq(expired))
            .execute(conn)?;
            batches::expiry::withdraw_expired_within(conn, Some(&[variant]), today, now)
        })?;
    }
    Ok(())
}

fn brand_name<'a>(catalog: &'a DemoCatalog, slug: &'a str) -> &'a str {
    catalog
        .brands
        .iter()
        .find(|b| b.slug == slug)
        .map_or(slug, |b| b.name.as_str())
}
