//! The key that lets a message's link open an order without signing in
//! (`/view-order/{uuid}?key=…`): an HMAC-SHA256 over the order's UUID and the link's expiry,
//! under a key derived from the server's own secret. Only the server can make one, each opens
//! only its order, and none opens after its expiry, even for an order kept longer.

use std::fmt;

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// How long a link in a message opens its order.
pub const ORDER_LINK_DAYS: i64 = 30;

/// Bytes of the MAC a link carries: 128 bits, as hex, keeps an SMS short and is far past guessing.
const TAG_BYTES: usize = 16;

type HmacSha256 = Hmac<Sha256>;

/// The secret that signs order links.
#[derive(Clone)]
pub struct OrderLinkKey([u8; 32]);

impl OrderLinkKey {
    /// The link key derived from the server's secret (the session cookies' key), so that it is
    /// neither that key itself nor needs a secret of its own in configuration.
    pub fn derive(server_secret: &[u8]) -> Self {
        let mut mac = hmac(server_secret);
        mac.update(b"storefront order links v1");
        Self(mac.finalize().into_bytes().into())
    }

    /// The key of a link to the order `uuid` that opens until `expires` (Unix seconds):
    /// `{expires}.{tag}`.
    pub fn sign(&self, uuid: &str, expires: i64) -> String {
        let tag = self.mac(uuid, expires).finalize().into_bytes();
        format!("{expires}.{}", hex::encode(&tag[..TAG_BYTES]))
    }

    /// Whether `key` opens the order `uuid` at `now` (Unix seconds). The tag is compared in
    /// constant time.
    pub fn opens(&self, uuid: &str, key: &str, now: i64) -> bool {
        let Some((expires, tag)) = key.split_once('.') else {
            return false;
        };
        let (Ok(expires), Ok(tag)) = (expires.parse::<i64>(), hex::decode(tag)) else {
            return false;
        };
        tag.len() == TAG_BYTES
            && now < expires
            && self.mac(uuid, expires).verify_truncated_left(&tag).is_ok()
    }

    fn mac(&self, uuid: &str, expires: i64) -> HmacSha256 {
        let mut mac = hmac(&self.0);
        // The UUID's length first, so no other UUID and expiry can write the same bytes.
        mac.update(&(uuid.len() as u64).to_be_bytes());
        mac.update(uuid.as_bytes());
        mac.update(&expires.to_be_bytes());
        mac
    }
}

fn hmac(key: &[u8]) -> HmacSha256 {
    match HmacSha256::new_from_slice(key) {
        Ok(mac) => mac,
        // HMAC hashes a long key and pads a short one: no length is refused.
        Err(_) => unreachable!("HMAC takes a key of any length"),
    }
}

impl fmt::Debug for OrderLinkKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("OrderLinkKey(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UUID: &str = "0b5e2c1a-2d7e-4c1b-9d0e-1f2a3b4c5d6e";
    const NOW: i64 = 1_800_000_000;

    #[test]
    fn a_key_opens_its_order_until_it_expires() {
        let links = OrderLinkKey::derive(b"server secret");
        let key = links.sign(UUID, NOW + 60);
        assert!(links.opens(UUID, &key, NOW));
        assert!(!links.opens(UUID, &key, NOW + 60), "expired");
        assert!(!links.opens("another-uuid", &key, NOW), "another order");
        assert!(
            !OrderLinkKey::derive(b"another secret").opens(UUID, &key, NOW),
            "another server"
        );
    }

    #[test]
    fn a_changed_key_opens_nothing() {
        let links = OrderLinkKey::derive(b"server secret");
        let key = links.sign(UUID, NOW + 60);
        let (expires, tag) = key.split_once('.').unwrap();
        let later = format!("{}.{tag}", NOW + 999_999);
        let flipped = format!(
            "{expires}.{}{}",
            if tag.starts_with('0') { "1" } else { "0" },
            &tag[1..]
        );
        for wrong in [
            later.as_str(),
            flipped.as_str(),
            &format!("{expires}.{}", &tag[..8]),
            "",
            ".",
            "x.y",
            &key[..key.len() - 1],
        ] {
            assert!(!links.opens(UUID, wrong, NOW), "{wrong:?}");
        }
    }
}
