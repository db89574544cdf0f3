//! `loadgen SCENARIO BASE_URL PRODUCT_ID [CONNECTIONS] [SECONDS]`: drives the running shop from
//! CONNECTIONS shoppers at once, each with its own session, and prints one line per measured call:
//! `name requests/s p50_ms p99_ms errors`.
//!
//! Scenarios:
//! - `cart-add`: POST /api/cart/add (quantity 1) over and over; every 50 adds the shopper clears
//!   the cart (not measured) so stock never runs out.
//! - `cart-update`: one add, then POST /api/cart/update with quantities cycling 1 to 9.
//! - `checkout`: add one unit (not measured), then POST /api/checkout with a fresh
//!   Idempotency-Key, cash on delivery, over and over.
//!
//! `loadgen flood ...` is a scenario of its own (see `flood.rs`).

mod flood;

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::json;

struct Shopper {
    client: reqwest::Client,
    base: String,
    token: String,
}

impl Shopper {
    async fn new(base: &str) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder().cookie_store(true).build()?;
        let response = client.get(format!("{base}/api/csrf-cookie")).send().await?;
        let token = response
            .cookies()
            .find(|c| c.name() == "XSRF-TOKEN")
            .map(|c| c.value().to_owned())
            .context("no XSRF-TOKEN cookie")?;
        Ok(Self {
            client,
            base: base.to_owned(),
            token,
        })
    }

    async fn post(&self, path: &str, body: serde_json::Value) -> anyhow::Result<u16> {
        let mut request = self
            .client
            .post(format!("{}{path}", self.base))
            .header("X-XSRF-TOKEN", &self.token);
        if path == "/api/checkout" {
            request = request.header("Idempotency-Key", uuid::Uuid::new_v4().to_string());
        }
        let response = request.json(&body).send().await?;
        let status = response.status().as_u16();
        response.bytes().await?;
        Ok(status)
    }
}

struct Tally {
    latencies: Vec<Duration>,
    errors: usize,
}

async fn run_shopper(
    scenario: String,
    base: String,
    product: i64,
    until: Instant,
) -> anyhow::Result<Tally> {
    let shopper = Shopper::new(&base).await?;
    let mut tally = Tally {
        latencies: Vec::new(),
        errors: 0,
    };
    if scenario == "cart-update" {
        shopper
            .post(
                "/api/cart/add",
                json!({"product_id": product, "quantity": 1}),
            )
            .await?;
    }
    let mut i: u64 = 0;
    while Instant::now() < until {
        i += 1;
        let (path, body, expected) = match scenario.as_str() {
            "cart-add" => (
                "/api/cart/add",
                json!({"product_id": product, "quantity": 1}),
                200,
            ),
            "checkout" => {
                shopper
                    .post(
                        "/api/cart/add",
                        json!({"product_id": product, "quantity": 1}),
                    )
                    .await?;
                ("/api/checkout", order(), 201)
            }
            _ => (
                "/api/cart/update",
                json!({"product_id": product, "quantity": 1 + i % 9}),
                200,
            ),
        };
        let started = Instant::now();
        let status = shopper.post(path, body).await?;
        tally.latencies.push(started.elapsed());
        if status != expected {
            tally.errors += 1;
        }
        if scenario == "cart-add" && i.is_multiple_of(50) {
            shopper.post("/api/cart/clear", json!({})).await?;
        }
    }
    Ok(tally)
}

fn order() -> serde_json::Value {
    json!({
        "contact": {"name": "Bench Shopper", "email": "bench@example.in", "phone": "+91 98470 12345"},
        "shipping_address": {
            "name": "Bench Shopper", "phone": "+91 98470 12345", "line1": "Estate Road",
            "city": "Kumily", "district": "Idukki", "state": "Kerala", "pincode": "685509"
        },
        "payment_method": "cod"
    })
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[index].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("flood") {
        return flood::run(&args[2..]).await;
    }
    let [_, scenario, base, product, rest @ ..] = args.as_slice() else {
        bail!(
            "usage: loadgen cart-add|cart-update|checkout BASE_URL PRODUCT_ID [CONNECTIONS] [SECONDS]"
        );
    };
    if !["cart-add", "cart-update", "checkout"].contains(&scenario.as_str()) {
        bail!("unknown scenario {scenario}");
    }
    let product: i64 = product.parse().context("PRODUCT_ID")?;
    let connections: usize = rest.first().map(|c| c.parse()).transpose()?.unwrap_or(32);
    let seconds: u64 = rest.get(1).map(|s| s.parse()).transpose()?.unwrap_or(10);

    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let tasks: Vec<_> = (0..connections)
        .map(|_| tokio::spawn(run_shopper(scenario.clone(), base.clone(), product, until)))
        .collect();
    let mut latencies = Vec::new();
    let mut errors = 0;
    for task in tasks {
        let tally = task.await??;
        latencies.extend(tally.latencies);
        errors += tally.errors;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort_unstable();
    println!(
        "{scenario} {:.0} {:.2} {:.2} {errors}",
        latencies.len() as f64 / elapsed,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99)
    );
    Ok(())
}
