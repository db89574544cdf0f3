use media::Renditions;
use serde::Serialize;

/// Turns stored media paths (`products/x.svg`) into the URLs clients fetch.
#[derive(Debug, Clone)]
pub struct MediaUrls {
    base: String,
}

impl MediaUrls {
    /// `base` is `/media` when the binary serves media itself, or an absolute URL of another
    /// host or a CDN.
    pub fn new(base: &str) -> Self {
        Self {
            base: base.trim_end_matches('/').to_owned(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}/{}", self.base, path.trim_start_matches('/'))
    }

    /// An `srcset` of an uploaded picture's widths (`…-320.webp 320w, …`); none for a picture
    /// stored in one size (the demo's SVGs).
    pub fn srcset(&self, renditions: &str) -> Option<String> {
        let renditions = Renditions::parse(renditions);
        (!renditions.0.is_empty()).then(|| {
            renditions
                .0
                .iter()
                .map(|r| format!("{} {}w", self.url(&r.path), r.width))
                .collect::<Vec<_>>()
                .join(", ")
        })
    }

    /// A brand's logo or an award's picture, from its path and its widths.
    pub fn picture(&self, path: Option<&str>, renditions: &str) -> Option<Picture> {
        let widest = Renditions::parse(renditions).widest().cloned();
        path.map(|path| Picture {
            url: self.url(path),
            srcset: self.srcset(renditions),
            width: widest.as_ref().map(|r| r.width),
            height: widest.as_ref().map(|r| r.height),
        })
    }
}

impl Default for MediaUrls {
    fn default() -> Self {
        Self::new("/media")
    }
}

/// A brand's logo or an award's picture. `width` and `height` are the widest copy's, unknown
/// for an SVG.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Picture {
    pub url: String,
    #[schema(required = true)]
    pub srcset: Option<String>,
    #[schema(required = true)]
    pub width: Option<i32>,
    #[schema(required = true)]
    pub height: Option<i32>,
}
