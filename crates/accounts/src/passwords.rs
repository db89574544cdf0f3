use crate::AccountError;

/// bcrypt at a configured cost: 12 in production, lower only for tests (`BCRYPT_COST`).
#[derive(Debug, Clone, Copy)]
pub struct PasswordHasher {
    cost: u32,
}

impl PasswordHasher {
    pub const DEFAULT_COST: u32 = 12;

    pub fn new(cost: u32) -> Self {
        Self {
            cost: cost.clamp(bcrypt::DEFAULT_COST.min(4), 31),
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
                let _ = bcrypt::verify(password, &self.decoy());
                false
            }
        }
    }

    fn decoy(&self) -> String {
        // A fixed hash at this cost, of a password nobody can type.
        bcrypt::hash_with_salt("\u{0}decoy\u{0}", self.cost, [7u8; 16])
            .map(|parts| parts.to_string())
            .unwrap_or_default()
    }
}

impl Default for PasswordHasher {
    fn default() -> Self {
        Self::new(Self::DEFAULT_COST)
    }
}
