//! Judged relevance: a shop assistant who had not read the search code graded, for 169 queries
//! in English, Malayalam, Tamil and Latin spellings, which demo products a farmer typing them
//! wants (3 = first, 2 = clearly useful, 1 = acceptable further down; see `judged/queries.json`).
//! The search overlay shows three results, so each query scores its nDCG@3: the grades of the
//! three products returned, discounted by log2 of their place, over the best three the grades
//! allow. The mean over every query must reach 0.9.

use std::collections::BTreeMap;

use catalog::{Catalogs, MediaUrls, PageRequest};
use db::testing::TestDatabase;
use paths::Locale;
use serde::Deserialize;

#[derive(Deserialize)]
struct Judged {
    queries: Vec<JudgedQuery>,
}

#[derive(Deserialize)]
struct JudgedQuery {
    query: String,
    /// `en`, `latin` (Malayalam or Tamil words in Latin letters), `ml` or `ta`.
    script: String,
    kind: String,
    /// Product slug to its grade.
    relevant: BTreeMap<String, u32>,
}

/// The overlay's three results.
const CUT: usize = 3;
const REQUIRED_MEAN: f64 = 0.9;

/// Discounted cumulative gain of `grades` in the order given, over the first [`CUT`].
fn dcg(grades: impl IntoIterator<Item = u32>) -> f64 {
    grades
        .into_iter()
        .take(CUT)
        .enumerate()
        .map(|(place, grade)| f64::from(grade) / (place as f64 + 2.0).log2())
        .fold(0.0, |sum, gain| sum + gain)
}

fn ndcg_at_cut(returned: &[&str], relevant: &BTreeMap<String, u32>) -> f64 {
    let gained = dcg(returned
        .iter()
        .map(|slug| relevant.get(*slug).copied().unwrap_or(0)));
    let mut ideal: Vec<u32> = relevant.values().copied().collect();
    ideal.sort_unstable_by(|a, b| b.cmp(a));
    let ideal = dcg(ideal);
    if ideal == 0.0 { 1.0 } else { gained / ideal }
}

/// The locale whose snapshot a query is typed into: Latin spellings in the English shop.
fn locale_of(script: &str) -> Locale {
    match script {
        "ml" => Locale::Ml,
        "ta" => Locale::Ta,
        _ => Locale::En,
    }
}

#[test]
fn ndcg_formula() {
    let relevant: BTreeMap<String, u32> = [("a", 3), ("b", 2), ("c", 1), ("d", 3)]
        .map(|(slug, grade)| (slug.to_owned(), grade))
        .into();
    assert!((ndcg_at_cut(&["a", "d", "b"], &relevant) - 1.0).abs() < 1e-9);
    assert_eq!(ndcg_at_cut(&["x", "y"], &relevant), 0.0);
    // 3 at place 2 and nothing else, over 3 + 3/log2(3) + 2/2.
    let expected = (3.0 / 3f64.log2()) / (3.0 + 3.0 / 3f64.log2() + 1.0);
    assert!((ndcg_at_cut(&["x", "a"], &relevant) - expected).abs() < 1e-9);
}

#[test]
fn judged_queries_rank_what_a_farmer_wants_in_the_first_three() {
    let judged: Judged = serde_json::from_str(include_str!("judged/queries.json"))
        .expect("judged/queries.json reads");
    let database = TestDatabase::sqlite();
    let files = tempfile::tempdir().expect("temp dir");
    let mut conn = database.pool().get().expect("connection");
    demo::seed_demo(&mut conn, files.path(), 0).expect("demo seeds");
    let catalogs = Catalogs::load(&mut conn, &MediaUrls::default()).expect("catalogue loads");

    let english = catalogs.get(Locale::En);
    let unknown: Vec<&str> = judged
        .queries
        .iter()
        .flat_map(|q| q.relevant.keys())
        .filter(|slug| english.product(slug).is_none())
        .map(String::as_str)
        .collect();
    assert!(
        unknown.is_empty(),
        "judged slugs not in the demo: {unknown:?}"
    );

    let mut rows = Vec::new();
    for q in &judged.queries {
        let snapshot = catalogs.get(locale_of(&q.script));
        let page = PageRequest {
            page: 1,
            per_page: CUT as u32,
        };
        let found = snapshot.search(&q.query, page);
        let slugs: Vec<&str> = found.data.iter().map(|card| card.slug).collect();
        let score = ndcg_at_cut(&slugs, &q.relevant);
        let shown: Vec<String> = slugs
            .iter()
            .map(|slug| format!("{slug}({})", q.relevant.get(*slug).copied().unwrap_or(0)))
            .collect();
        rows.push((score, q, found.total, shown.join(" ")));
    }

    println!(
        "{:<6} {:<6} {:<13} {:<28} {:>5}  top 3 (grade)",
        "nDCG", "script", "kind", "query", "found"
    );
    for (score, q, total, shown) in &rows {
        println!(
            "{score:<6.3} {:<6} {:<13} {:<28} {total:>5}  {shown}",
            q.script, q.kind, q.query
        );
    }
    let mean = |rows: &mut dyn Iterator<Item = f64>| {
        let (sum, n) = rows.fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
        sum / n.max(1) as f64
    };
    let mut by_group: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for (score, q, _, _) in &rows {
        by_group
            .entry(format!("script {}", q.script))
            .or_default()
            .push(*score);
        by_group
            .entry(format!("kind {}", q.kind))
            .or_default()
            .push(*score);
    }
    for (group, scores) in &by_group {
        println!(
            "mean nDCG@3 {group:<20} {:.3} ({} queries)",
            mean(&mut scores.iter().copied()),
            scores.len()
        );
    }
    let overall = mean(&mut rows.iter().map(|r| r.0));
    println!("mean nDCG@3 over {} queries: {overall:.3}", rows.len());
    assert!(
        overall >= REQUIRED_MEAN,
        "mean nDCG@3 {overall:.3} is below {REQUIRED_MEAN}"
    );
}
