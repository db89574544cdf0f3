//! The photo pipeline. An upload is judged by its bytes (never its name or content type),
//! decoded once under a pixel limit, turned upright by its EXIF orientation, and re-encoded as
//! lossy WebP in a few widths. Re-encoding from pixels is what strips the metadata: nothing of
//! the original file (EXIF, GPS, XMP, ICC) is copied into what is served.
//!
//! `process` is CPU work to run on a blocking thread; `store` writes each file atomically (a
//! temporary file in the same folder, then a rename), so a reader sees a whole image or none.

mod narrower;
mod pipeline;
mod store;
#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use narrower::add_narrower_widths;
pub use pipeline::{Encoded, MAX_PIXELS, MAX_SIDE, MAX_UPLOAD_BYTES, WIDTHS, process};
pub use store::{Rendition, Renditions, store};

/// Why an upload was refused (422 to a client) or could not be written (500).
#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    #[error("The file is larger than 10 MB.")]
    TooLarge,
    #[error("The file is not a JPEG, PNG or WebP picture.")]
    NotAPicture,
    #[error("The picture is too large ({width} × {height} pixels); the most is 40 megapixels.")]
    TooManyPixels { width: u32, height: u32 },
    #[error(
        "The picture is too large ({width} × {height} pixels at {bits} bits a channel); at that depth the most is {max_megapixels} megapixels."
    )]
    TooManyBytes {
        width: u32,
        height: u32,
        bits: u16,
        max_megapixels: u64,
    },
    #[error("The picture is too large; the most is 40 megapixels and {MAX_SIDE} pixels a side.")]
    OverLimits,
    #[error("The picture could not be read: {0}")]
    Undecodable(String),
    #[error("could not encode WebP: {0}")]
    Encode(String),
    #[error("could not write the picture: {0}")]
    Io(#[from] std::io::Error),
}

impl MediaError {
    /// A refusal of what was sent (the client's fault), as opposed to a failure to write it.
    pub fn is_refusal(&self) -> bool {
        !matches!(self, Self::Encode(_) | Self::Io(_))
    }
}
