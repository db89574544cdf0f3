use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::{Encoded, MediaError};

/// One stored width of a picture: its path under `MEDIA_DIR` and its size in pixels.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rendition {
    pub path: String,
    pub width: i32,
    pub height: i32,
}

/// A picture's widths, narrowest first, as the database keeps them (JSON text).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Renditions(pub Vec<Rendition>);

impl Renditions {
    /// The stored text; an older row (an SVG from the demo) has none.
    pub fn parse(text: &str) -> Self {
        serde_json::from_str(text).unwrap_or_default()
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "[]".to_owned())
    }

    /// The widest, which stands for the picture where one URL is wanted.
    pub fn widest(&self) -> Option<&Rendition> {
        self.0.last()
    }
}

/// Writes each width as `<folder>/<name>-<width>.webp` under `media_dir`, each atomically: a
/// temporary file in the same folder, flushed, then renamed over the final name.
pub fn store(media_dir: &Path, folder: &str, encoded: &Encoded) -> Result<Renditions, MediaError> {
    let dir = media_dir.join(folder);
    std::fs::create_dir_all(&dir)?;
    let mut stored = Vec::with_capacity(encoded.widths.len());
    for width in &encoded.widths {
        let file_name = format!("{}-{}.webp", encoded.name, width.width);
        let mut file = tempfile::Builder::new()
            .prefix(".upload-")
            .suffix(".tmp")
            .tempfile_in(&dir)?;
        file.write_all(&width.webp)?;
        file.as_file().sync_data()?;
        file.persist(dir.join(&file_name)).map_err(|e| e.error)?;
        stored.push(Rendition {
            path: format!("{folder}/{file_name}"),
            width: i32::try_from(width.width).unwrap_or(i32::MAX),
            height: i32::try_from(width.height).unwrap_or(i32::MAX),
        });
    }
    Ok(Renditions(stored))
}
