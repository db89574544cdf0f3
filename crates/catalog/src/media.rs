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
}

impl Default for MediaUrls {
    fn default() -> Self {
        Self::new("/media")
    }
}
