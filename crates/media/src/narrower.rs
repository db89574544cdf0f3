//! Photos stored before the narrow widths (80, 160) existed get them from their narrowest stored
//! copy, so a thumbnail never downloads a wide picture to draw 80 px of it.

use std::path::Path;

use image::ImageFormat;

use crate::pipeline::{EncodedWidth, encode_webp, scaled_height, to_8bit};
use crate::{Encoded, MediaError, Renditions, WIDTHS};

/// The picture's widths with the narrow ones it lacks added (written beside the others, named
/// the same way), or none when it lacks none (or is stored in one size, an SVG).
pub fn add_narrower_widths(
    media_dir: &Path,
    stored: &Renditions,
) -> Result<Option<Renditions>, MediaError> {
    let Some(narrowest) = stored.0.first() else {
        return Ok(None);
    };
    let Ok(from_width) = u32::try_from(narrowest.width) else {
        return Ok(None);
    };
    let missing: Vec<u32> = WIDTHS
        .iter()
        .copied()
        .filter(|&width| width < from_width)
        .collect();
    let suffix = format!("-{}.webp", narrowest.width);
    let Some(stem) = narrowest.path.strip_suffix(&suffix) else {
        return Ok(None);
    };
    if missing.is_empty() {
        return Ok(None);
    }
    let (folder, name) = stem.rsplit_once('/').unwrap_or(("", stem));
    let bytes = std::fs::read(media_dir.join(&narrowest.path))?;
    let mut image = to_8bit(
        image::load_from_memory_with_format(&bytes, ImageFormat::WebP)
            .map_err(|e| MediaError::Undecodable(e.to_string()))?,
    );
    // Heights in the widest copy's proportions, as an upload's are (the narrowest is rounded).
    let (width, height) = stored
        .widest()
        .and_then(|w| Some((u32::try_from(w.width).ok()?, u32::try_from(w.height).ok()?)))
        .unwrap_or((image.width(), image.height()));
    let mut widths = Vec::with_capacity(missing.len());
    for target in missing.into_iter().rev() {
        image = to_8bit(image.thumbnail_exact(target, scaled_height(width, height, target)));
        widths.push(EncodedWidth {
            width: image.width(),
            height: image.height(),
            webp: encode_webp(&image)?,
        });
    }
    widths.reverse();
    let encoded = Encoded {
        name: name.to_owned(),
        widths,
    };
    let mut all = crate::store(media_dir, folder, &encoded)?;
    all.0.extend(stored.0.iter().cloned());
    Ok(Some(all))
}
