use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use crate::AccountError;

/// bcrypt at a configured cost: 12 in production, lower only for tests (`BCRYPT_COST`).
#[derive(Debug, Clone, Copy)]
pub struct PasswordHasher {
    cost: u32,
    /// A hash at this cost, made once, checked against when there is no account, so an unknown
    /// address costs one verification like a known one.
    decoy: &'static str,
}

impl PasswordHasher {
    pub const DEFAULT_COST: u32 = 12;

    pub fn new(cost: u32) -> Self {
        let cost = cost.clamp(bcrypt::DEFAULT_COST.min(4), 31);
        Self {
            cost,
            decoy: decoy(cost),
        }
    }

    pub fn hash(&self, password: &str) -> Result<String, AccountError> {
        bcrypt::hash(password, self.cost).map_err(|e| AccountError::Hashing(e.to_string()))
    }

    /// True when `password` matches `hash`. Without a hash (no such account) it still spends a
    /// verification's time, so a response's timing does not tell whether an address is known.
    pub fn verify(&self, password: &str, hash: Option<&str>) -> bool {
        match hash {
            Some(hash) => bcrypt::verify(password, hash).unwrap_or(false),
            None => {
                let _ = bcrypt::verify(password, self.decoy);
                false
            }
        }
    }
}

/// The decoy hash for `cost`, computed once per cost for the life of the process.
fn decoy(cost: u32) -> &'static str {
    static DECOYS: Mutex<BTreeMap<u32, &'static str>> = Mutex::new(BTreeMap::new());
    let mut decoys = DECOYS.lock().unwrap_or_else(PoisonError::into_inner);
    decoys.entry(cost).or_insert_with(|| {
        // A fixed hash of a password nobody can type.
        let hash = bcrypt::hash_with_salt("\u{0}decoy\u{0}", cost, [7u8; 16])
            .map(|parts| parts.to_string())
            .unwrap_or_default();
        Box::leak(hash.into_boxed_str())
    })
}

impl Default for PasswordHasher {
    fn default() -> Self {
        Self::new(Self::DEFAULT_COST)
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    fn fastest_of_three(check: impl Fn()) -> Duration {
        (0..3)
            .map(|_| {
                let started = Instant::now();
                check();
                started.elapsed()
            })
            .min()
            .unwrap_or_default()
    }

    /// Sign-in time must not tell whether an address has an account: an unknown one costs one
    /// verification against the decoy, as a known one costs one against its hash (the decoy used
    /// to be hashed anew on every unknown sign-in, doubling the time).
    #[test]
    fn an_unknown_account_costs_the_same_as_a_known_one() {
        let hasher = PasswordHasher::new(8);
        let hash = hasher.hash("the-right-password").unwrap_or_default();
        assert!(hasher.verify("the-right-password", Some(&hash)));
        let known = fastest_of_three(|| assert!(!hasher.verify("a-wrong-guess", Some(&hash))));
        let unknown = fastest_of_three(|| assert!(!hasher.verify("a-wrong-guess", None)));
        assert!(
            unknown < known * 3 / 2 && known < unknown * 3 / 2,
            "known {known:?}, unknown {unknown:?}"
        );
    }
}
