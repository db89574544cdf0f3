//! Pictures made for tests, so no binary fixture is committed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Cursor;

use image::{ImageFormat, Rgb, RgbImage};

/// A text in the GPS block: if these bytes appear in a written file, metadata leaked.
pub const GPS_MARKER: &[u8] = b"KERALA-GPS-MARKER";

/// A `width` × `height` picture, red in its top half and blue in its bottom half, with a little
/// texture so it compresses like a photo rather than a flat drawing.
pub fn two_tone(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        let grain = ((x * 7 + y * 13) % 23) as u8;
        if y < height / 2 {
            Rgb([200 + grain, 30 + grain, 30])
        } else {
            Rgb([30, 40 + grain, 200 + grain])
        }
    })
}

pub fn encode(image: &RgbImage, format: ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, format).unwrap();
    out.into_inner()
}

/// A JPEG as a phone writes it: the sensor's landscape pixels, an EXIF block saying "rotate 90°
/// clockwise to show" (orientation 6) and the place it was taken.
pub fn phone_jpeg(width: u32, height: u32) -> Vec<u8> {
    with_exif(&encode(&two_tone(width, height), ImageFormat::Jpeg), 6)
}

/// Puts an EXIF APP1 segment (orientation and a GPS block) right after a JPEG's SOI marker.
pub fn with_exif(jpeg: &[u8], orientation: u16) -> Vec<u8> {
    let tiff = exif_tiff(orientation);
    let mut payload = b"Exif\0\0".to_vec();
    payload.extend_from_slice(&tiff);
    let length = u16::try_from(payload.len() + 2).unwrap();
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&length.to_be_bytes());
    out.extend_from_slice(&payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// A big-endian TIFF block: IFD0 with Orientation and a GPS IFD pointer; the GPS IFD with
/// latitude N 9° 58' 0" (Kochi) and a map datum holding `GPS_MARKER`.
fn exif_tiff(orientation: u16) -> Vec<u8> {
    fn entry(out: &mut Vec<u8>, tag: u16, kind: u16, count: u32, value: [u8; 4]) {
        out.extend_from_slice(&tag.to_be_bytes());
        out.extend_from_slice(&kind.to_be_bytes());
        out.extend_from_slice(&count.to_be_bytes());
        out.extend_from_slice(&value);
    }
    const IFD0: u32 = 8;
    const GPS_IFD: u32 = IFD0 + 2 + 2 * 12 + 4;
    const LATITUDE: u32 = GPS_IFD + 2 + 3 * 12 + 4;
    const DATUM: u32 = LATITUDE + 24;
    let mut datum = GPS_MARKER.to_vec();
    datum.push(0);
    let mut out = b"MM\0\x2A".to_vec();
    out.extend_from_slice(&IFD0.to_be_bytes());
    out.extend_from_slice(&2u16.to_be_bytes());
    let o = orientation.to_be_bytes();
    entry(&mut out, 0x0112, 3, 1, [o[0], o[1], 0, 0]);
    entry(&mut out, 0x8825, 4, 1, GPS_IFD.to_be_bytes());
    out.extend_from_slice(&0u32.to_be_bytes());
    out.extend_from_slice(&3u16.to_be_bytes());
    entry(&mut out, 0x0001, 2, 2, *b"N\0\0\0");
    entry(&mut out, 0x0002, 5, 3, LATITUDE.to_be_bytes());
    let datum_len = u32::try_from(datum.len()).unwrap();
    entry(&mut out, 0x0012, 2, datum_len, DATUM.to_be_bytes());
    out.extend_from_slice(&0u32.to_be_bytes());
    for (numerator, denominator) in [(9u32, 1u32), (58, 1), (0, 1)] {
        out.extend_from_slice(&numerator.to_be_bytes());
        out.extend_from_slice(&denominator.to_be_bytes());
    }
    out.extend_from_slice(&datum);
    out
}

/// A valid PNG of a few hundred bytes whose header declares `side` × `side` pixels: a
/// decompression bomb when `side` is 50000.
pub fn png_bomb(side: u32) -> Vec<u8> {
    let small = encode(&two_tone(8, 8), ImageFormat::Png);
    // IHDR sits at a fixed place: the 8-byte signature, length, "IHDR", then width and height.
    let mut out = small;
    out[16..20].copy_from_slice(&side.to_be_bytes());
    out[20..24].copy_from_slice(&side.to_be_bytes());
    let crc = crc32(&out[12..29]);
    out[29..33].copy_from_slice(&crc.to_be_bytes());
    out
}

/// A valid 16-bit RGBA PNG of a few hundred bytes whose header declares `width` × `height`
/// pixels (8 bytes each once decoded).
pub fn png_16bit_bomb(width: u32, height: u32) -> Vec<u8> {
    let small = image::ImageBuffer::<image::Rgba<u16>, _>::from_pixel(
        8,
        8,
        image::Rgba([0, 40_000, 0, 65_535]),
    );
    let mut out = Vec::new();
    image::DynamicImage::ImageRgba16(small)
        .write_to(&mut std::io::Cursor::new(&mut out), ImageFormat::Png)
        .expect("a PNG in memory");
    out[16..20].copy_from_slice(&width.to_be_bytes());
    out[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32(&out[12..29]);
    out[29..33].copy_from_slice(&crc.to_be_bytes());
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}
