//! Throttling of sign-in, of the forms that send mail and of finding a guest order, per client address (and per e-mail
//! for sign-in), answered 429 with `Retry-After`. The counters live in the database (table
//! `rate_limits`), so any number of `storefront` processes on one database enforce one limit.
//!
//! Each limit is a GCRA (the generic cell rate algorithm, as the `governor` crate used here
//! before): a burst of `burst`, then one more every `period`. A key's row holds its theoretical
//! arrival time (TAT); a request at `now` is allowed when `TAT <= now + (burst - 1) * period`
//! and then moves the TAT to `max(TAT, now) + period`. Test and move are one upsert statement,
//! so concurrent requests from any process cannot both take the last unit.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use db::schema::rate_limits;
use db::{DbConnection, DbPool};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

use crate::error::ApiError;

pub struct RateLimits {
    pool: DbPool,
    sign_in: Quota,
    forms: Quota,
    two_factor: Quota,
    webhooks: Quota,
    /// Refusals, by limit (`sign_in`, `Register`, ...), for `/metrics`.
    refused: Option<prometheus::IntCounterVec>,
}

/// The forms limited to 5 per 10 minutes per address, each counted on its own.
#[derive(Debug, Clone, Copy)]
pub enum Form {
    Register,
    ForgotPassword,
    ResendVerification,
    Contact,
    /// A guest finding an order by its number and mobile number: few tries, so numbers and
    /// phones cannot be guessed through it.
    FindOrder,
    /// Reset mails staff send a customer, counted per customer (the key is theirs, not the
    /// client address), so no customer is flooded whoever presses the button.
    CustomerPasswordReset,
}

/// What a sign-in's account limit said (the client's own limit has passed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountLimit {
    Open,
    /// Used up by recent wrong passwords: a wrong one now is refused with this wait.
    Spent {
        retry_after: u64,
    },
}

impl AccountLimit {
    /// The 429 this limit answers with, when it is spent.
    pub fn refusal(self) -> Option<ApiError> {
        match self {
            Self::Open => None,
            Self::Spent { retry_after } => Some(ApiError::TooManyRequests { retry_after }),
        }
    }
}

/// A burst of `burst` requests, then one more every `period`.
#[derive(Debug, Clone, Copy)]
struct Quota {
    period: Duration,
    burst: u32,
}

impl Quota {
    fn period_ms(self) -> i64 {
        i64::try_from(self.period.as_millis()).unwrap_or(i64::MAX)
    }

    /// How far ahead of now the TAT may be for one more request to pass.
    fn tolerance_ms(self) -> i64 {
        self.period_ms()
            .saturating_mul(i64::from(self.burst.saturating_sub(1)))
    }
}

impl RateLimits {
    pub fn new(pool: DbPool) -> Self {
        Self {
            pool,
            // 5 a minute: a burst of 5, one more every 12 seconds.
            sign_in: Quota {
                period: Duration::from_secs(12),
                burst: 5,
            },
            // 5 per 10 minutes: a burst of 5, one more every 2 minutes.
            forms: Quota {
                period: Duration::from_secs(120),
                burst: 5,
            },
            // 5 a minute per address, like sign-in.
            two_factor: Quota {
                period: Duration::from_secs(12),
                burst: 5,
            },
            // Providers' webhooks: a provider posts a burst as a campaign's receipts arrive, so
            // 1,200 at once, then 20 a second, per sending address.
            webhooks: Quota {
                period: Duration::from_millis(50),
                burst: 1200,
            },
            refused: None,
        }
    }

    /// Counts refusals in `counter` (labelled by limit).
    pub fn counting(mut self, counter: prometheus::IntCounterVec) -> Self {
        self.refused = Some(counter);
        self
    }

    fn count(&self, limit: &str, result: Result<(), ApiError>) -> Result<(), ApiError> {
        if let Err(ApiError::TooManyRequests { .. }) = &result
            && let Some(counter) = &self.refused
        {
            counter.with_label_values(&[limit]).inc();
        }
        result
    }

    /// Takes one unit from each key in turn (stopping at the first refusal), on a pooled
    /// connection off the async workers.
    async fn take(&self, quota: Quota, keys: Vec<String>) -> Result<(), ApiError> {
        let pool = self.pool.clone();
        actix_web::web::block(move || {
            let mut conn = pool.get()?;
            let now = now_ms();
            for key in keys {
                take_one(&mut conn, quota, &key, now)?;
            }
            Ok(())
        })
        .await?
    }

    /// Sign-in attempts: 5 a minute for the address the shopper writes from, and 5 a minute
    /// for the e-mail or mobile number tried, so neither spraying one account from many places nor many
    /// accounts from one works. The account's limit is soft: wrong passwords from anywhere use
    /// it up, so the member must still get in. A browser that signed in to the account before
    /// (`known_device`) skips it, and the caller lets a right password through to the second
    /// factor of a staff account (see [`AccountLimit`]).
    pub async fn sign_in(
        &self,
        client: &str,
        email: &str,
        known_device: bool,
    ) -> Result<AccountLimit, ApiError> {
        let by_client = self
            .take(self.sign_in, vec![format!("sign_in:ip:{client}")])
            .await;
        self.count("sign_in", by_client)?;
        if known_device {
            return Ok(AccountLimit::Open);
        }
        let key = format!("sign_in:email:{}", email.trim().to_lowercase());
        match self.take(self.sign_in, vec![key]).await {
            Ok(()) => Ok(AccountLimit::Open),
            Err(ApiError::TooManyRequests { retry_after }) => {
                if let Some(counter) = &self.refused {
                    counter.with_label_values(&["sign_in_account"]).inc();
                }
                Ok(AccountLimit::Spent { retry_after })
            }
            Err(other) => Err(other),
        }
    }

    /// Codes sent to a phone, entered to sign in or verify the number: 5 a minute for the client
    /// address. Each code also dies after 5 wrong tries, whoever makes them.
    pub async fn phone_code(&self, client: &str) -> Result<(), ApiError> {
        let keys = vec![format!("phone_code:ip:{client}")];
        let result = self.take(self.two_factor, keys).await;
        self.count("phone_code", result)
    }

    /// Second-factor codes: 5 a minute for the client address. The account itself is guarded
    /// by its lock (`accounts::staff::lockout`), which no address can dodge.
    pub async fn two_factor(&self, client: &str) -> Result<(), ApiError> {
        let keys = vec![format!("two_factor:ip:{client}")];
        let result = self.take(self.two_factor, keys).await;
        self.count("two_factor", result)
    }

    /// A provider's webhook delivery, per sending address.
    pub async fn webhook(&self, client: &str) -> Result<(), ApiError> {
        let keys = vec![format!("webhook:ip:{client}")];
        let result = self.take(self.webhooks, keys).await;
        self.count("webhook", result)
    }

    pub async fn form(&self, form: Form, client: &str) -> Result<(), ApiError> {
        let result = self
            .take(self.forms, vec![format!("{form:?}:{client}")])
            .await;
        self.count(&format!("{form:?}"), result)
    }
}

/// Deletes the rows of keys whose limits have fully recovered (a TAT in the past limits
/// nothing); housekeeping calls it, so the table holds only the recently limited.
pub fn forget_idle(conn: &mut DbConnection) -> QueryResult<usize> {
    diesel::delete(rate_limits::table.filter(rate_limits::tat_ms.lt(now_ms()))).execute(conn)
}

#[derive(QueryableByName)]
struct Tat {
    #[diesel(sql_type = BigInt)]
    tat_ms: i64,
}

/// One request against `key` at `now`: allowed (and counted) or 429 with the seconds until the
/// next would pass.
fn take_one(conn: &mut DbConnection, quota: Quota, key: &str, now: i64) -> Result<(), ApiError> {
    let period = quota.period_ms();
    let allowed_up_to = now.saturating_add(quota.tolerance_ms());
    // Inserted (first use, or after housekeeping) or moved on when allowed; no row comes back
    // when the WHERE refuses, and the row is left as it was.
    let moved: Option<i64> = match conn {
        DbConnection::Sqlite(c) => diesel::sql_query(
            "INSERT INTO rate_limits (key, tat_ms) VALUES (?, ?) \
             ON CONFLICT (key) DO UPDATE SET tat_ms = MAX(rate_limits.tat_ms, ?) + ? \
             WHERE rate_limits.tat_ms <= ? RETURNING tat_ms",
        )
        .bind::<Text, _>(key)
        .bind::<BigInt, _>(now.saturating_add(period))
        .bind::<BigInt, _>(now)
        .bind::<BigInt, _>(period)
        .bind::<BigInt, _>(allowed_up_to)
        .get_result::<Tat>(c)
        .optional(),
        DbConnection::Postgres(c) => diesel::sql_query(
            "INSERT INTO rate_limits (key, tat_ms) VALUES ($1, $2) \
             ON CONFLICT (key) DO UPDATE SET tat_ms = GREATEST(rate_limits.tat_ms, $3) + $4 \
             WHERE rate_limits.tat_ms <= $5 RETURNING tat_ms",
        )
        .bind::<Text, _>(key)
        .bind::<BigInt, _>(now.saturating_add(period))
        .bind::<BigInt, _>(now)
        .bind::<BigInt, _>(period)
        .bind::<BigInt, _>(allowed_up_to)
        .get_result::<Tat>(c)
        .optional(),
    }
    .map_err(ApiError::internal)?
    .map(|row| row.tat_ms);
    if moved.is_some() {
        return Ok(());
    }
    // Refused: when the next request would pass, for `Retry-After` (read after the fact; a
    // concurrent refusal does not move the row, so it is the same).
    let tat: i64 = rate_limits::table
        .find(key)
        .select(rate_limits::tat_ms)
        .first(conn)
        .optional()
        .map_err(ApiError::internal)?
        .unwrap_or(allowed_up_to);
    let wait_ms = tat.saturating_sub(allowed_up_to).max(0);
    Err(ApiError::TooManyRequests {
        retry_after: u64::try_from((wait_ms + 999) / 1000).unwrap_or(1).max(1),
    })
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .ok()
        .and_then(|since| i64::try_from(since.as_millis()).ok())
        .unwrap_or_default()
}
