use std::io::Cursor;

use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use sha2::{Digest, Sha256};

use crate::MediaError;

/// The largest upload taken.
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;
/// The most pixels decoded: 40 MP (a 12 MP phone photo has room to spare; a "bomb" that
/// declares 50000 × 50000 in a few bytes is refused before its pixels are allocated).
pub const MAX_PIXELS: u64 = 40_000_000;
/// The most bytes the decoded pixels may take: 40 MP of 8-bit RGBA. A picture with more bytes
/// a pixel (16 bits a channel) gets fewer pixels: a 303 KB 16-bit PNG of 36 MP once decoded to
/// 288 MB and took the server past 500 MB while it was converted.
pub const MAX_DECODED_BYTES: u64 = MAX_PIXELS * 4;
/// The longest side decoded (WebP cannot be wider than 16383 either).
pub const MAX_SIDE: u32 = 16_000;
/// The widths written, smallest first; a picture narrower than one is never enlarged to it.
pub const WIDTHS: [u32; 6] = [80, 160, 320, 640, 1024, 1600];
/// libwebp's quality: 78 keeps a product photo sharp at a third of a JPEG's size.
const QUALITY: f32 = 78.0;
const METHOD: i32 = 2;

/// A picture re-encoded: its content name and the WebP bytes of each width, narrowest first.
#[derive(Debug)]
pub struct Encoded {
    /// Unguessable but stable: the same upload gets the same name.
    pub name: String,
    pub widths: Vec<EncodedWidth>,
}

#[derive(Debug)]
pub struct EncodedWidth {
    pub width: u32,
    pub height: u32,
    pub webp: Vec<u8>,
}

/// Checks, decodes, orients and re-encodes an upload. CPU-bound: call it on a blocking thread.
pub fn process(bytes: &[u8]) -> Result<Encoded, MediaError> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(MediaError::TooLarge);
    }
    let (image, orientation) = decode(bytes)?;
    let digest = Sha256::digest(bytes);
    let name = hex::encode(&digest[..16]);
    Ok(Encoded {
        name,
        widths: encode_widths(image, orientation)?,
    })
}

/// Decodes once, refusing anything but JPEG, PNG and WebP (by the bytes' signature) and
/// anything over the limits before its pixels are allocated. Returns the pixels as stored and
/// the EXIF orientation that turns them upright.
fn decode(bytes: &[u8]) -> Result<(DynamicImage, Orientation), MediaError> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| MediaError::Undecodable(e.to_string()))?;
    match reader.format() {
        Some(ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP) => {}
        _ => return Err(MediaError::NotAPicture),
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    // Room for the decoded pixels of the largest picture taken, and the decoder's own buffers.
    limits.max_alloc = Some(MAX_DECODED_BYTES + 16 * 1024 * 1024);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(refusal)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(MediaError::TooManyPixels { width, height });
    }
    // The bytes of the pixels as they will be decoded: width × height × the bytes a pixel of
    // this colour type takes (8 for 16-bit RGBA), refused before they are allocated.
    let bytes_per_pixel = u64::from(decoder.color_type().bytes_per_pixel());
    if u64::from(width) * u64::from(height) * bytes_per_pixel > MAX_DECODED_BYTES {
        return Err(MediaError::TooManyBytes {
            width,
            height,
            bits: decoder.color_type().bits_per_pixel()
                / u16::from(decoder.color_type().channel_count()),
            max_megapixels: MAX_DECODED_BYTES / bytes_per_pixel / 1_000_000,
        });
    }
    // A broken EXIF block only loses the orientation, not the photo.
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let image = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    Ok((image, orientation))
}

/// Whether the orientation turns the picture a quarter, swapping its width and height.
fn swaps_sides(orientation: Orientation) -> bool {
    matches!(
        orientation,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    )
}

fn refusal(error: image::ImageError) -> MediaError {
    match error {
        image::ImageError::Limits(_) => MediaError::OverLimits,
        image::ImageError::Unsupported(_) => MediaError::NotAPicture,
        other => MediaError::Undecodable(other.to_string()),
    }
}

/// Resizes from the widest to the narrowest, each step from the previous one (fast, and each
/// buffer is dropped as soon as the next is made), and encodes each as lossy WebP. The first
/// step shrinks the picture as stored and only then turns it upright: turning 12 megapixels
/// costs more than resizing and turning the widest copy.
fn encode_widths(
    image: DynamicImage,
    orientation: Orientation,
) -> Result<Vec<EncodedWidth>, MediaError> {
    let image = to_8bit(image);
    let swapped = swaps_sides(orientation);
    // The upright picture's width and height.
    let (width, height) = if swapped {
        (image.height(), image.width())
    } else {
        (image.width(), image.height())
    };
    let mut targets: Vec<u32> = WIDTHS.iter().copied().filter(|&w| w < width).collect();
    // The picture's own width, when it is narrower than the widest step, is kept too.
    if width <= WIDTHS[WIDTHS.len() - 1] {
        targets.push(width);
    }
    targets.reverse();
    let mut current = image;
    let mut upright = false;
    let mut out = Vec::with_capacity(targets.len());
    for target in targets {
        let target_height = scaled_height(width, height, target);
        if !upright {
            if target != width {
                current = if swapped {
                    current.thumbnail_exact(target_height, target)
                } else {
                    current.thumbnail_exact(target, target_height)
                };
            }
            current.apply_orientation(orientation);
            upright = true;
        } else if target != current.width() {
            current = current.thumbnail_exact(target, target_height);
        }
        out.push(EncodedWidth {
            width: current.width(),
            height: current.height(),
            webp: encode_webp(&current)?,
        });
    }
    out.reverse();
    Ok(out)
}

pub(crate) fn scaled_height(width: u32, height: u32, target: u32) -> u32 {
    let scaled = (u64::from(height) * u64::from(target) + u64::from(width) / 2) / u64::from(width);
    u32::try_from(scaled.max(1)).unwrap_or(u32::MAX)
}

/// libwebp takes 8-bit RGB or RGBA; 16-bit, grey and float pictures are converted once.
pub(crate) fn to_8bit(image: DynamicImage) -> DynamicImage {
    match image {
        DynamicImage::ImageRgb8(_) | DynamicImage::ImageRgba8(_) => image,
        other if other.color().has_alpha() => DynamicImage::ImageRgba8(other.into_rgba8()),
        other => DynamicImage::ImageRgb8(other.into_rgb8()),
    }
}

pub(crate) fn encode_webp(image: &DynamicImage) -> Result<Vec<u8>, MediaError> {
    let (width, height) = (image.width(), image.height());
    let encoder = match image {
        DynamicImage::ImageRgba8(pixels) => {
            webp::Encoder::from_rgba(pixels.as_raw(), width, height)
        }
        DynamicImage::ImageRgb8(pixels) => webp::Encoder::from_rgb(pixels.as_raw(), width, height),
        _ => return Err(MediaError::Encode("not 8-bit RGB or RGBA".to_owned())),
    };
    let mut config =
        webp::WebPConfig::new().map_err(|()| MediaError::Encode("no libwebp config".to_owned()))?;
    config.quality = QUALITY;
    // Method 2 of 0 (fastest) to 6 (smallest): a third of the default's time for a few percent
    // more bytes.
    config.method = METHOD;
    let memory = encoder
        .encode_advanced(&config)
        .map_err(|e| MediaError::Encode(format!("{e:?}")))?;
    Ok(memory.to_vec())
}
