//! Bodies compressed once and sent many times: a browser always asks for brotli or gzip, and
//! compressing the same catalogue list on every request would cost far more than answering it.

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use actix_web::http::header::{self, ContentType};
use actix_web::{HttpRequest, HttpResponse};
use bytes::Bytes;

/// One body in each encoding it is sent in.
pub struct Precompressed {
    identity: Bytes,
    gzip: Bytes,
    brotli: Bytes,
}

impl Precompressed {
    pub fn new(identity: Bytes) -> Self {
        Self {
            gzip: gzip(&identity),
            brotli: brotli(&identity),
            identity,
        }
    }

    /// The body in the best encoding the request takes, with its `Content-Encoding` (which
    /// also keeps the compression middleware from encoding it again).
    pub fn send(
        &self,
        request: &HttpRequest,
        mut response: actix_web::HttpResponseBuilder,
    ) -> HttpResponse {
        response.insert_header((header::VARY, "Accept-Encoding"));
        if accepts_encoding(request, "br") && !self.brotli.is_empty() {
            response
                .insert_header((header::CONTENT_ENCODING, "br"))
                .body(self.brotli.clone())
        } else if accepts_encoding(request, "gzip") && !self.gzip.is_empty() {
            response
                .insert_header((header::CONTENT_ENCODING, "gzip"))
                .body(self.gzip.clone())
        } else {
            response.body(self.identity.clone())
        }
    }
}

/// Encoded bodies by the address and length of their identity bytes.
type BodyCache = HashMap<(usize, usize), Arc<Precompressed>>;

/// An already serialised JSON body that lives as long as a catalogue snapshot (the lists, the
/// shop profile), sent compressed. Its encodings are made on first use and kept while the body
/// is current; the body is held by the cache, so its address cannot be reused while cached.
pub fn json(request: &HttpRequest, body: Bytes) -> HttpResponse {
    static CACHE: LazyLock<Mutex<BodyCache>> = LazyLock::new(Mutex::default);
    let key = (body.as_ptr() as usize, body.len());
    let encoded = {
        let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(found) = cache.get(&key) {
            found.clone()
        } else {
            // Old snapshots' bodies go once the cache outgrows a few generations of lists.
            if cache.len() >= 32 {
                cache.clear();
            }
            let made = Arc::new(Precompressed::new(body));
            cache.insert(key, made.clone());
            made
        }
    };
    let mut response = HttpResponse::Ok();
    response.content_type(ContentType::json());
    encoded.send(request, response)
}

pub fn gzip(body: &[u8]) -> Bytes {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    match encoder.write_all(body).and_then(|()| encoder.finish()) {
        Ok(bytes) => kept(bytes),
        Err(_) => Bytes::new(),
    }
}

/// `gzipped` unpacked (empty if it is not gzip: every caller unpacks what [`gzip`] made).
pub fn gunzip(gzipped: &[u8]) -> Bytes {
    let mut plain = Vec::with_capacity(gzipped.len() * 5);
    match std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(gzipped), &mut plain) {
        Ok(_) => Bytes::from(plain),
        Err(_) => Bytes::new(),
    }
}

pub fn brotli(body: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(body.len() / 3);
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 6, 20);
        if writer.write_all(body).is_err() {
            return Bytes::new();
        }
    }
    kept(out)
}

/// Whether the client takes `token` (`br`, `gzip`) in `Accept-Encoding`, by its quality value:
/// `gzip;q=0` refuses gzip (RFC 9110 §12.5.3), and `*` stands for a coding not named. Without
/// the header, nothing is encoded.
pub fn accepts_encoding(request: &actix_web::HttpRequest, token: &str) -> bool {
    use actix_web::http::header::{AcceptEncoding, Encoding, Header, Preference, Quality};
    let Ok(accepted) = AcceptEncoding::parse(request) else {
        return false;
    };
    let Ok(wanted) = token.parse::<Encoding>() else {
        return false;
    };
    let quality_of = |named: fn(&Preference<Encoding>, &Encoding) -> bool| {
        accepted
            .iter()
            .find(|item| named(&item.item, &wanted))
            .map(|item| item.quality)
    };
    let named = quality_of(|item, wanted| matches!(item, Preference::Specific(e) if e == wanted));
    let any = quality_of(|item, _| matches!(item, Preference::Any));
    named.or(any).is_some_and(|quality| quality > Quality::ZERO)
}

/// `bytes` in an allocation of its own size: a compressed body is kept for long (in a cache),
/// and the buffer it was written into is up to twice as large.
fn kept(mut bytes: Vec<u8>) -> Bytes {
    bytes.shrink_to_fit();
    Bytes::from(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gzipped_body_unpacks_to_itself() {
        let page = "<!doctype html><p>ഏലം cardamom</p>".repeat(200);
        let packed = gzip(page.as_bytes());
        assert!(packed.len() < page.len() / 10);
        assert_eq!(gunzip(&packed), page.as_bytes());
        assert!(gunzip(b"not gzip").is_empty());
    }
}
