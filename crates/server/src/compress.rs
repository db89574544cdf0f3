//! Compression of answers that are whole in memory (the API's JSON), on the worker thread, with
//! gzip at its fastest level and one deflate state per thread that is reset, not rebuilt.
//!
//! actix-web's `Compress` makes a new encoder for every answer (a brotli one allocates and
//! clears several hundred KB) and moves every body of 1 KB or more to the blocking pool to
//! encode it: for a JSON answer of a few KB that costs more than answering it. `Compress` stays
//! behind this middleware for what it leaves alone: files and bodies that arrive as a stream or
//! are too large to encode without holding up the worker.

use std::cell::RefCell;

use actix_web::body::{BodySize, BoxBody, EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use bytes::Bytes;
use flate2::{Compress, Compression, Crc, FlushCompress, Status};

use crate::precompressed::accepts_encoding;

/// Below this, an answer fits a packet or two anyway and compressing it gains nothing.
const MIN_BYTES: u64 = 1024;
/// Above this, encoding would hold up the worker's other connections; `Compress` takes it.
const MAX_BYTES: u64 = 256 * 1024;

pub async fn whole_bodies<B: MessageBody + 'static>(
    request: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let gzip = accepts_encoding(request.request(), "gzip");
    let response = next.call(request).await?;
    if !gzip || !worth_compressing(&response) {
        return Ok(response.map_into_left_body());
    }
    let (request, response) = response.into_parts();
    let (mut head, body) = response.into_parts();
    let identity = match body.try_into_bytes() {
        Ok(bytes) => bytes,
        Err(body) => {
            return Ok(ServiceResponse::new(request, head.set_body(body)).map_into_left_body());
        }
    };
    let body = match gzip_fast(&identity) {
        Some(encoded) => {
            let headers = head.headers_mut();
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            headers.append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
            encoded
        }
        None => identity,
    };
    Ok(ServiceResponse::new(request, head.set_body(BoxBody::new(body))).map_into_right_body())
}

fn worth_compressing<B: MessageBody>(response: &ServiceResponse<B>) -> bool {
    let status = response.status();
    let sized = matches!(
        response.response().body().size(),
        BodySize::Sized(n) if (MIN_BYTES..=MAX_BYTES).contains(&n)
    );
    let headers = response.headers();
    let textual = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| {
            t.starts_with("application/json") || t.starts_with("text/") || t.contains("xml")
        });
    sized
        && textual
        && status != StatusCode::NO_CONTENT
        && status != StatusCode::NOT_MODIFIED
        && !headers.contains_key(header::CONTENT_ENCODING)
}

/// `body` as a gzip member, or None when it would not get smaller.
fn gzip_fast(body: &[u8]) -> Option<Bytes> {
    thread_local! {
        static DEFLATE: RefCell<Compress> = RefCell::new(Compress::new(Compression::fast(), false));
    }
    const HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    let mut out = Vec::with_capacity(body.len() / 2 + 64);
    out.extend_from_slice(&HEADER);
    let finished = DEFLATE.with(|deflate| {
        let mut deflate = deflate.borrow_mut();
        deflate.reset();
        loop {
            let consumed = usize::try_from(deflate.total_in()).ok()?;
            if out.capacity() - out.len() < 64 {
                out.reserve(body.len() / 4 + 64);
            }
            match deflate.compress_vec(&body[consumed..], &mut out, FlushCompress::Finish) {
                Ok(Status::StreamEnd) => return Some(()),
                Ok(Status::Ok | Status::BufError) => {}
                Err(_) => return None,
            }
        }
    });
    finished?;
    let mut crc = Crc::new();
    crc.update(body);
    out.extend_from_slice(&crc.sum().to_le_bytes());
    out.extend_from_slice(&crc.amount().to_le_bytes());
    (out.len() < body.len()).then(|| Bytes::from(out))
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    #[test]
    fn gzip_members_decode_to_the_body_again_and_again() {
        let body: Vec<u8> = (0..40_000u32)
            .flat_map(|i| format!("{{\"id\":{i},\"name\":\"item {}\"}},", i % 97).into_bytes())
            .collect();
        for _ in 0..2 {
            for length in [1500, 9000, body.len()] {
                let encoded = super::gzip_fast(&body[..length]).unwrap_or_default();
                let mut decoded = Vec::new();
                flate2::read::GzDecoder::new(encoded.as_ref())
                    .read_to_end(&mut decoded)
                    .unwrap_or_default();
                assert_eq!(decoded, &body[..length]);
            }
        }
    }
}
