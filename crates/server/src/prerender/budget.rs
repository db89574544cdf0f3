//! How many pages without end (search results, unknown addresses) the engines draw: a token
//! bucket per client and one for everyone. Anyone can ask for a new search term or a new unknown
//! address on every request, and each would cost a render; past the budget such a page goes out
//! undrawn at once (the app draws it in the browser), never refused: many farmers share one
//! mobile carrier's address.

use std::num::NonZeroUsize;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use lru::LruCache;

use crate::config::OpenPages;

/// Clients remembered at most; the one unseen longest is forgotten first (and starts full again,
/// which the budget for everyone still bounds).
const CLIENTS: NonZeroUsize = match NonZeroUsize::new(10_000) {
    Some(clients) => clients,
    None => NonZeroUsize::MIN,
};

pub struct RenderBudget {
    per_client: u32,
    total: u32,
    everyone: Mutex<Bucket>,
    clients: Mutex<LruCache<String, Bucket>>,
}

/// Up to a minute's renders at once, refilled evenly over the minute.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full(per_minute: u32, now: Instant) -> Self {
        Self {
            tokens: f64::from(per_minute),
            at: now,
        }
    }

    fn take(&mut self, per_minute: u32, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        let capacity = f64::from(per_minute);
        self.tokens = (self.tokens + elapsed * capacity / 60.0).min(capacity);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

impl RenderBudget {
    pub fn new(limits: &OpenPages) -> Self {
        let now = Instant::now();
        Self {
            per_client: limits.renders_per_client,
            total: limits.renders,
            everyone: Mutex::new(Bucket::full(limits.renders, now)),
            clients: Mutex::new(LruCache::new(CLIENTS)),
        }
    }

    /// Whether `client` (its address, as rate limits find it) may have one more page drawn now.
    pub fn take(&self, client: &str) -> bool {
        self.take_at(client, Instant::now())
    }

    fn take_at(&self, client: &str, now: Instant) -> bool {
        let theirs = {
            let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
            clients
                .get_or_insert_mut(client.to_owned(), || Bucket::full(self.per_client, now))
                .take(self.per_client, now)
        };
        theirs
            && self
                .everyone
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take(self.total, now)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn budget(per_client: u32, total: u32) -> RenderBudget {
        RenderBudget::new(&OpenPages {
            renders_per_client: per_client,
            renders: total,
            ..OpenPages::default()
        })
    }

    #[test]
    fn a_client_past_its_minutes_worth_waits_for_the_bucket_to_refill() {
        let budget = budget(3, 100);
        let start = Instant::now();
        for _ in 0..3 {
            assert!(budget.take_at("10.0.0.1", start));
        }
        assert!(!budget.take_at("10.0.0.1", start));
        // Another client has its own bucket.
        assert!(budget.take_at("10.0.0.2", start));
        // Three a minute: one more after 20 seconds.
        assert!(!budget.take_at("10.0.0.1", start + Duration::from_secs(19)));
        assert!(budget.take_at("10.0.0.1", start + Duration::from_secs(21)));
    }

    #[test]
    fn every_client_together_stays_within_the_total() {
        let budget = budget(10, 4);
        let now = Instant::now();
        let drawn = (0..20)
            .filter(|i| budget.take_at(&format!("10.0.0.{i}"), now))
            .count();
        assert_eq!(drawn, 4);
    }

    #[test]
    fn a_budget_of_nothing_draws_nothing() {
        let budget = budget(0, 100);
        assert!(!budget.take_at("10.0.0.1", Instant::now()));
    }
}
