//! `loadgen flood BASE_URL PRODUCTS_FILE [CONNECTIONS] [SECONDS] [MAX_REQUESTS]`: one client asks
//! for new addresses without end from CONNECTIONS connections (search terms, unknown paths, other
//! spellings of pages, products under the wrong brand, pages with made-up query strings), at most
//! MAX_REQUESTS of them in at most SECONDS, while an honest shopper asks for the home page and a
//! few product pages every 25 ms and checks each arrives drawn. PRODUCTS_FILE holds one
//! `brand-slug product-slug` a line. Loopback only. Prints:
//! `honest-home requests p50_ms p99_ms undrawn errors`, the same for `honest-product`, and
//! `flood requests requests/s` with the answers' statuses.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

/// Products the honest shopper looks at, from the top of the file.
const HONEST_PRODUCTS: usize = 10;
const HONEST_PAUSE: Duration = Duration::from_millis(25);

struct Options {
    base: String,
    products: Vec<(String, String)>,
    connections: usize,
    seconds: u64,
    max_requests: usize,
}

fn options(args: &[String]) -> anyhow::Result<Options> {
    let [base, file, rest @ ..] = args else {
        bail!("usage: loadgen flood BASE_URL PRODUCTS_FILE [CONNECTIONS] [SECONDS] [MAX_REQUESTS]");
    };
    let host = base
        .strip_prefix("http://")
        .context("BASE_URL must be http://127.0.0.1:PORT")?;
    if !(host.starts_with("127.0.0.1:") || host.starts_with("localhost:")) {
        bail!("the flood runs on loopback only, not {base}");
    }
    let products: Vec<(String, String)> = std::fs::read_to_string(file)
        .with_context(|| format!("reading {file}"))?
        .lines()
        .filter_map(|line| line.split_once(' '))
        .map(|(brand, product)| (brand.to_owned(), product.to_owned()))
        .collect();
    if products.len() < HONEST_PRODUCTS {
        bail!("{file} lists fewer than {HONEST_PRODUCTS} products");
    }
    let number = |at: usize, default: usize| -> anyhow::Result<usize> {
        Ok(rest
            .get(at)
            .map(|n| n.parse())
            .transpose()?
            .unwrap_or(default))
    };
    Ok(Options {
        base: base.trim_end_matches('/').to_owned(),
        products,
        connections: number(0, 16)?,
        seconds: u64::try_from(number(1, 20)?)?.min(120),
        max_requests: number(2, 20_000)?.min(200_000),
    })
}

/// A new address nobody asked for before.
fn new_address(products: &[(String, String)]) -> String {
    let random = uuid::Uuid::new_v4().as_u128();
    let word = format!("{:x}", random as u32);
    let pick = |salt: u32| &products[((random >> salt) as usize) % products.len()];
    match random % 10 {
        0..=2 => format!("/search?search={word}"),
        3..=5 => format!("/{word}/{}", (random >> 40) as u16),
        6 => {
            let (brand, product) = pick(50);
            format!("/dealer//{brand}///{product}/?{word}")
        }
        7 | 8 => {
            let (_, product) = pick(50);
            let (brand, _) = pick(80);
            format!("/dealer/{brand}/{product}")
        }
        _ => format!("/?ref={word}"),
    }
}

async fn flood(
    options: Arc<Options>,
    sent: Arc<AtomicUsize>,
    until: Instant,
) -> anyhow::Result<BTreeMap<u16, usize>> {
    // One connection, as a bot's: it follows no redirects.
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .pool_max_idle_per_host(1)
        .build()?;
    let mut statuses = BTreeMap::new();
    while Instant::now() < until && sent.fetch_add(1, Ordering::Relaxed) < options.max_requests {
        let url = format!("{}{}", options.base, new_address(&options.products));
        let status = match client.get(url).send().await {
            Ok(response) => {
                let status = response.status().as_u16();
                response.bytes().await.ok();
                status
            }
            Err(_) => 0,
        };
        *statuses.entry(status).or_insert(0) += 1;
    }
    Ok(statuses)
}

#[derive(Default)]
struct Honest {
    latencies: Vec<Duration>,
    undrawn: usize,
    errors: usize,
}

/// Whether the page's `#root` came drawn by the server.
fn drawn(html: &str) -> bool {
    html.contains("<div id=\"root\">") && !html.contains("<div id=\"root\"></div>")
}

async fn honest_visit(client: &reqwest::Client, url: &str, tally: &mut Honest) {
    let started = Instant::now();
    let answer = match client.get(url).send().await {
        Ok(response) if response.status() == 200 => response.text().await.ok(),
        _ => None,
    };
    tally.latencies.push(started.elapsed());
    match answer {
        Some(html) if drawn(&html) => {}
        Some(_) => tally.undrawn += 1,
        None => tally.errors += 1,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[index].as_secs_f64() * 1000.0
}

fn report(name: &str, mut tally: Honest) {
    tally.latencies.sort_unstable();
    println!(
        "{name} {} {:.2} {:.2} {} {}",
        tally.latencies.len(),
        percentile(&tally.latencies, 0.50),
        percentile(&tally.latencies, 0.99),
        tally.undrawn,
        tally.errors
    );
}

pub async fn run(args: &[String]) -> anyhow::Result<()> {
    let options = Arc::new(options(args)?);
    let honest = reqwest::Client::builder().build()?;
    let pages: Vec<String> = options.products[..HONEST_PRODUCTS]
        .iter()
        .map(|(brand, product)| format!("{}/dealer/{brand}/{product}", options.base))
        .collect();
    let home = format!("{}/", options.base);
    // The shopper's pages have been asked for before (as a shop's popular pages have).
    let mut warm = Honest::default();
    for url in std::iter::once(&home).chain(&pages) {
        honest_visit(&honest, url, &mut warm).await;
    }

    let started = Instant::now();
    let until = started + Duration::from_secs(options.seconds);
    let sent = Arc::new(AtomicUsize::new(0));
    let floods: Vec<_> = (0..options.connections)
        .map(|_| tokio::spawn(flood(options.clone(), sent.clone(), until)))
        .collect();
    let (mut at_home, mut at_products) = (Honest::default(), Honest::default());
    let mut turn = 0usize;
    while Instant::now() < until {
        if turn.is_multiple_of(2) {
            honest_visit(&honest, &home, &mut at_home).await;
        } else {
            honest_visit(&honest, &pages[(turn / 2) % pages.len()], &mut at_products).await;
        }
        turn += 1;
        tokio::time::sleep(HONEST_PAUSE).await;
    }
    let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
    for task in floods {
        for (status, count) in task.await?? {
            *statuses.entry(status).or_insert(0) += count;
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    report("honest-home", at_home);
    report("honest-product", at_products);
    let total: usize = statuses.values().sum();
    let statuses: Vec<String> = statuses
        .iter()
        .map(|(status, count)| format!("{status}:{count}"))
        .collect();
    println!(
        "flood {total} {:.0} {}",
        total as f64 / elapsed,
        statuses.join(",")
    );
    Ok(())
}
