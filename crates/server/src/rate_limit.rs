//! Throttling of sign-in and of the forms that send mail, per client address (and per e-mail
//! for sign-in), answered 429 with `Retry-After`. Counters live in each process.

use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;

pub struct RateLimits {
    sign_in: DefaultKeyedRateLimiter<String>,
    forms: DefaultKeyedRateLimiter<String>,
    two_factor: DefaultKeyedRateLimiter<String>,
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
    /// Reset mails staff send a customer, counted per customer (the key is theirs, not the
    /// client address), so no customer is flooded whoever presses the button.
    CustomerPasswordReset,
}

const FIVE: NonZeroU32 = NonZeroU32::MIN.saturating_add(4);

impl RateLimits {
    pub fn new() -> Self {
        Self {
            // 5 a minute: a burst of 5, one more every 12 seconds.
            sign_in: RateLimiter::keyed(Quota::per_minute(FIVE)),
            // 5 per 10 minutes: a burst of 5, one more every 2 minutes.
            forms: RateLimiter::keyed(
                Quota::with_period(Duration::from_secs(120))
                    .unwrap_or(Quota::per_minute(FIVE))
                    .allow_burst(FIVE),
            ),
            // 5 a minute, like sign-in: a million codes cannot be tried in a code's lifetime.
            two_factor: RateLimiter::keyed(Quota::per_minute(FIVE)),
            refused: None,
        }
    }

    /// Counts refusals in `counter` (labelled by limit).
    pub fn counting(mut self, counter: prometheus::IntCounterVec) -> Self {
        self.refused = Some(counter);
        self
    }

    fn count(&self, limit: &str, result: Result<(), ApiError>) -> Result<(), ApiError> {
        if result.is_err()
            && let Some(counter) = &self.refused
        {
            counter.with_label_values(&[limit]).inc();
        }
        result
    }

    /// Sign-in attempts: 5 a minute for the address the shopper writes from and for the e-mail
    /// tried, so neither spraying one account from many places nor many accounts from one works.
    pub fn sign_in(&self, client: &str, email: &str) -> Result<(), ApiError> {
        let result = check(&self.sign_in, format!("ip:{client}")).and_then(|()| {
            check(
                &self.sign_in,
                format!("email:{}", email.trim().to_lowercase()),
            )
        });
        self.count("sign_in", result)
    }

    /// Second-factor codes: 5 a minute for the client address and for the account tried.
    pub fn two_factor(&self, client: &str, user_id: i64) -> Result<(), ApiError> {
        let result = check(&self.two_factor, format!("ip:{client}"))
            .and_then(|()| check(&self.two_factor, format!("user:{user_id}")));
        self.count("two_factor", result)
    }

    pub fn form(&self, form: Form, client: &str) -> Result<(), ApiError> {
        let result = check(&self.forms, format!("{form:?}:{client}"));
        self.count(&format!("{form:?}"), result)
    }

    /// Forgets keys whose limits have fully recovered (keeps memory bounded).
    pub fn forget_idle(&self) {
        self.sign_in.retain_recent();
        self.forms.retain_recent();
        self.two_factor.retain_recent();
    }
}

impl Default for RateLimits {
    fn default() -> Self {
        Self::new()
    }
}

fn check(limiter: &DefaultKeyedRateLimiter<String>, key: String) -> Result<(), ApiError> {
    limiter.check_key(&key).map_err(|not_until| {
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        ApiError::TooManyRequests {
            retry_after: wait.as_secs().max(1),
        }
    })
}
