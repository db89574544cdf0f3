//! One-time codes sent to a phone: 6 digits from the operating system's CSPRNG (through
//! `rand`'s thread generator), kept as an HMAC-SHA256 keyed with the server's secret (a leaked
//! table cannot be tried offline against the million codes), valid for 5 minutes, used once, and
//! dead after 5 wrong tries. A new code retires the number's earlier ones of the same purpose.
//!
//! Sending costs the shop money and SMS pumping is a known fraud, so codes are capped per number,
//! per client address and for the whole shop per hour. The caps are counted from the codes' rows,
//! so they hold across every process on the database.

use chrono::{Duration, NaiveDateTime, Utc};
use db::DbConnection;
use db::schema::phone_codes;
use diesel::prelude::*;
use hmac::digest::KeyInit;
use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::{Digest, Sha256};

/// How long a code works.
pub const CODE_MINUTES: i64 = 5;
/// Wrong tries a code survives: the fifth wrong one kills it.
pub const MAX_TRIES: i32 = 5;

/// What a code proves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CodePurpose {
    SignIn,
    /// A signed-in account's own number.
    Verify,
}

impl CodePurpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::SignIn => "sign_in",
            Self::Verify => "verify",
        }
    }
}

/// The key codes are hashed with, derived from the server's secret.
#[derive(Clone)]
pub struct CodeKey(Hmac<Sha256>);

impl std::fmt::Debug for CodeKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CodeKey(***)")
    }
}

impl CodeKey {
    /// A key of its own for codes, from `secret` (the server's master key, high in entropy),
    /// so no other use of that secret ever produces the same MAC.
    pub fn derive(secret: &[u8]) -> Self {
        let derived = Sha256::new()
            .chain_update(b"storefront phone codes v1\0")
            .chain_update(secret)
            .finalize();
        // HMAC pads a key shorter than its block with zeros: this is HMAC keyed with `derived`.
        let mut block = [0u8; 64];
        block[..32].copy_from_slice(&derived);
        Self(<Hmac<Sha256> as KeyInit>::new(&block.into()))
    }

    fn mac(&self, phone: &str, purpose: CodePurpose, code: &str) -> Hmac<Sha256> {
        let mut mac = self.0.clone();
        for part in [phone, purpose.as_str(), code] {
            mac.update(part.as_bytes());
            mac.update(&[0]);
        }
        mac
    }

    fn hash(&self, phone: &str, purpose: CodePurpose, code: &str) -> String {
        hex::encode(self.mac(phone, purpose, code).finalize().into_bytes())
    }

    /// Whether `code` is the one `stored` was made from (compared in constant time).
    fn matches(&self, phone: &str, purpose: CodePurpose, code: &str, stored: &str) -> bool {
        let Ok(stored) = hex::decode(stored) else {
            return false;
        };
        self.mac(phone, purpose, code).verify_slice(&stored).is_ok()
    }
}

/// How many codes may be sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeCaps {
    /// To one number in 15 minutes.
    pub per_number_quarter_hour: i64,
    /// To one number in a day.
    pub per_number_day: i64,
    /// Asked for from one client address in an hour.
    pub per_client_hour: i64,
    /// By the whole shop in an hour (`SIGN_IN_CODES_PER_HOUR`).
    pub shop_hour: i64,
}

impl CodeCaps {
    pub const DEFAULT_SHOP_HOUR: i64 = 300;
}

impl Default for CodeCaps {
    fn default() -> Self {
        Self {
            per_number_quarter_hour: 3,
            per_number_day: 10,
            per_client_hour: 10,
            shop_hour: Self::DEFAULT_SHOP_HOUR,
        }
    }
}

/// The key of the PostgreSQL advisory lock that issuing a code takes ("PHONECOD").
const CODES_LOCK: i64 = 0x5048_4f4e_4543_4f44;

/// Serialises issuing codes for the rest of the transaction, so that the caps' counts and the
/// new row are one step across every process: PostgreSQL's READ COMMITTED would let two
/// requests at once both count below a cap. SQLite already has one writer at a time (`BEGIN
/// IMMEDIATE`). Codes are few (hundreds an hour at most), so one lock for all costs nothing.
fn lock_codes(conn: &mut DbConnection) -> QueryResult<()> {
    if let DbConnection::Postgres(pg) = conn {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1)")
            .bind::<diesel::sql_types::BigInt, _>(CODES_LOCK)
            .execute(pg)?;
    }
    Ok(())
}

/// Which cap refused a code.
fn capped(
    conn: &mut DbConnection,
    caps: &CodeCaps,
    phone: &str,
    purpose: CodePurpose,
    client: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<&'static str>> {
    let since = |minutes: i64| now - Duration::minutes(minutes);
    // Per purpose: strangers asking sign-in codes for a number do not spend the codes its owner
    // needs to verify it, and the reverse.
    let to_number = |conn: &mut DbConnection, minutes: i64| -> QueryResult<i64> {
        phone_codes::table
            .filter(phone_codes::phone.eq(phone))
            .filter(phone_codes::purpose.eq(purpose.as_str()))
            .filter(phone_codes::created_at.gt(since(minutes)))
            .count()
            .get_result(conn)
    };
    if to_number(conn, 15)? >= caps.per_number_quarter_hour {
        return Ok(Some("per number, 15 minutes"));
    }
    if to_number(conn, 24 * 60)? >= caps.per_number_day {
        return Ok(Some("per number, a day"));
    }
    let from_client: i64 = phone_codes::table
        .filter(phone_codes::client_address.eq(client))
        .filter(phone_codes::created_at.gt(since(60)))
        .count()
        .get_result(conn)?;
    if from_client >= caps.per_client_hour {
        return Ok(Some("per client address, an hour"));
    }
    let shop: i64 = phone_codes::table
        .filter(phone_codes::created_at.gt(since(60)))
        .count()
        .get_result(conn)?;
    if shop >= caps.shop_hour {
        return Ok(Some("the shop's codes an hour (SIGN_IN_CODES_PER_HOUR)"));
    }
    Ok(None)
}

/// `+919847012345` as `+91984701••••`: enough for the owner to see a pattern in the log.
fn masked(phone: &str) -> String {
    let keep = phone.len().saturating_sub(4);
    format!("{}••••", &phone[..keep])
}

/// A fresh code for `phone` (E.164), or none when a cap refuses it (logged for the owner). The
/// caller queues the message in the same transaction (which must be a write transaction).
pub(crate) fn issue(
    conn: &mut DbConnection,
    key: &CodeKey,
    caps: &CodeCaps,
    phone: &str,
    purpose: CodePurpose,
    client: &str,
) -> QueryResult<Option<String>> {
    lock_codes(conn)?;
    let now = Utc::now().naive_utc();
    if let Some(cap) = capped(conn, caps, phone, purpose, client, now)? {
        tracing::warn!(
            number = %masked(phone),
            client,
            cap,
            "a code to a phone was refused by a cap (no message sent)"
        );
        return Ok(None);
    }
    // Earlier codes still live stay so: the phone got them, whoever asked, so a stranger asking
    // again cannot cancel the code its owner is typing (the caps bound how many are live).
    let code = format!("{:06}", rand::rng().random_range(0..1_000_000u32));
    diesel::insert_into(phone_codes::table)
        .values((
            phone_codes::phone.eq(phone),
            phone_codes::purpose.eq(purpose.as_str()),
            phone_codes::code_hash.eq(key.hash(phone, purpose, &code)),
            phone_codes::created_at.eq(now),
            phone_codes::expires_at.eq(now + Duration::minutes(CODE_MINUTES)),
            phone_codes::client_address.eq(client),
        ))
        .execute(conn)?;
    Ok(Some(code))
}

/// Uses `code` for `phone`: true when it is one of the number's live codes of this purpose
/// (then it is spent). Every try, right or wrong, counts against each live code first, by an
/// update that only a code with tries left takes, so tries at once (several processes, several
/// addresses) cannot pass the limit; the fifth try kills a code. The caller must commit even
/// when this says false, so the tries are kept.
pub(crate) fn consume(
    conn: &mut DbConnection,
    key: &CodeKey,
    phone: &str,
    purpose: CodePurpose,
    code: &str,
) -> QueryResult<bool> {
    let now = Utc::now().naive_utc();
    let live: Vec<(i64, String)> = phone_codes::table
        .filter(phone_codes::phone.eq(phone))
        .filter(phone_codes::purpose.eq(purpose.as_str()))
        .filter(phone_codes::used_at.is_null())
        .filter(phone_codes::expires_at.gt(now))
        .filter(phone_codes::tries.lt(MAX_TRIES))
        .order(phone_codes::id.desc())
        .select((phone_codes::id, phone_codes::code_hash))
        .load(conn)?;
    let code = code.trim();
    let well_formed = code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit());
    let mut right = None;
    for (id, stored) in live {
        let counted = diesel::update(
            phone_codes::table
                .find(id)
                .filter(phone_codes::used_at.is_null())
                .filter(phone_codes::tries.lt(MAX_TRIES)),
        )
        .set(phone_codes::tries.eq(phone_codes::tries + 1))
        .execute(conn)?;
        if counted == 1
            && right.is_none()
            && well_formed
            && key.matches(phone, purpose, code, &stored)
        {
            right = Some(id);
        }
    }
    let Some(id) = right else {
        return Ok(false);
    };
    let used = diesel::update(
        phone_codes::table
            .find(id)
            .filter(phone_codes::used_at.is_null()),
    )
    .set(phone_codes::used_at.eq(now))
    .execute(conn)?;
    Ok(used == 1)
}

/// Deletes codes older than a day (the per-day cap's window); housekeeping calls it.
pub fn forget_old_codes(conn: &mut DbConnection) -> QueryResult<usize> {
    let day_ago = Utc::now().naive_utc() - Duration::days(1);
    diesel::delete(phone_codes::table.filter(phone_codes::created_at.lt(day_ago))).execute(conn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_matches_only_its_number_purpose_and_key() {
        let key = CodeKey::derive(b"the server's secret");
        let stored = key.hash("+919847012345", CodePurpose::SignIn, "042137");
        assert_eq!(stored.len(), 64);
        assert!(!stored.contains("042137"));
        assert!(key.matches("+919847012345", CodePurpose::SignIn, "042137", &stored));
        assert!(!key.matches("+919847012345", CodePurpose::SignIn, "042138", &stored));
        assert!(!key.matches("+919847012346", CodePurpose::SignIn, "042137", &stored));
        assert!(!key.matches("+919847012345", CodePurpose::Verify, "042137", &stored));
        let other = CodeKey::derive(b"another shop's secret");
        assert!(!other.matches("+919847012345", CodePurpose::SignIn, "042137", &stored));
        assert!(!key.matches("+919847012345", CodePurpose::SignIn, "042137", "not hex"));
    }

    #[test]
    fn numbers_are_masked_in_the_log() {
        assert_eq!(masked("+919847012345"), "+91984701••••");
        assert_eq!(masked("+1"), "••••");
    }

    /// Issuing, spending, wrong tries and the per-number cap, on each database.
    #[test]
    fn a_code_works_once_and_dies_after_five_wrong_tries() {
        for database in db::testing::test_databases() {
            let name = database.name();
            let mut conn = database.pool().get().unwrap();
            let key = CodeKey::derive(b"secret");
            let caps = CodeCaps::default();
            let phone = "+919847012345";
            let issue = |conn: &mut DbConnection| {
                issue(conn, &key, &caps, phone, CodePurpose::SignIn, "10.0.0.1").unwrap()
            };
            let code = issue(&mut conn).unwrap();
            let stored: String = phone_codes::table
                .select(phone_codes::code_hash)
                .first(&mut conn)
                .unwrap();
            assert!(!stored.contains(&code), "{name}: kept hashed");
            assert!(!consume(&mut conn, &key, phone, CodePurpose::Verify, &code).unwrap());
            assert!(consume(&mut conn, &key, phone, CodePurpose::SignIn, &code).unwrap());
            assert!(
                !consume(&mut conn, &key, phone, CodePurpose::SignIn, &code).unwrap(),
                "{name}: once"
            );

            let code = issue(&mut conn).unwrap();
            let wrong = format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000);
            for _ in 0..MAX_TRIES {
                assert!(!consume(&mut conn, &key, phone, CodePurpose::SignIn, &wrong).unwrap());
            }
            assert!(
                !consume(&mut conn, &key, phone, CodePurpose::SignIn, &code).unwrap(),
                "{name}: dead after {MAX_TRIES} wrong tries"
            );
            // Three codes in 15 minutes to one number, then none.
            assert!(issue(&mut conn).is_some());
            assert_eq!(issue(&mut conn), None, "{name}: capped");
            let other = "+919847054321";
            assert!(
                super::issue(
                    &mut conn,
                    &key,
                    &caps,
                    other,
                    CodePurpose::SignIn,
                    "10.0.0.1"
                )
                .unwrap()
                .is_some()
            );
        }
    }
}
