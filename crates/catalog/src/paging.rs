use serde::Serialize;

/// A validated `page` / `per_page` pair from a query string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u32,
    pub per_page: u32,
}

/// Which query parameter was wrong, and why, in words a client can show.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PagingError {
    pub field: &'static str,
    pub message: String,
}

impl PageRequest {
    pub const DEFAULT_PER_PAGE: u32 = 24;
    pub const MAX_PER_PAGE: u32 = 48;

    /// Parses the raw query values; absent values take their defaults.
    pub fn parse(page: Option<&str>, per_page: Option<&str>) -> Result<Self, PagingError> {
        let page = match page {
            None => 1,
            Some(raw) => parse_bounded(raw, 1, 1_000_000).ok_or_else(|| PagingError {
                field: "page",
                message: "The page must be a whole number of at least 1.".into(),
            })?,
        };
        let per_page = match per_page {
            None => Self::DEFAULT_PER_PAGE,
            Some(raw) => parse_bounded(raw, 1, Self::MAX_PER_PAGE).ok_or_else(|| PagingError {
                field: "per_page",
                message: format!(
                    "The per page must be a whole number between 1 and {}.",
                    Self::MAX_PER_PAGE
                ),
            })?,
        };
        Ok(Self { page, per_page })
    }

    /// The index range of this page within `total` items.
    pub fn range(&self, total: usize) -> std::ops::Range<usize> {
        let start = (self.page as usize - 1).saturating_mul(self.per_page as usize);
        let start = start.min(total);
        let end = start.saturating_add(self.per_page as usize).min(total);
        start..end
    }
}

impl Default for PageRequest {
    fn default() -> Self {
        Self {
            page: 1,
            per_page: Self::DEFAULT_PER_PAGE,
        }
    }
}

fn parse_bounded(raw: &str, min: u32, max: u32) -> Option<u32> {
    raw.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (min..=max).contains(n))
}

/// One page of a list: `{data, total, page, per_page, has_more}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Paged<T> {
    pub data: Vec<T>,
    pub total: usize,
    pub page: u32,
    pub per_page: u32,
    pub has_more: bool,
}

impl<T> Paged<T> {
    /// Takes this page's items out of an already ordered list.
    pub fn from_slice<'a, S>(
        items: &'a [S],
        request: PageRequest,
        map: impl Fn(&'a S) -> T,
    ) -> Self {
        let range = request.range(items.len());
        let has_more = range.end < items.len();
        Self {
            data: items[range].iter().map(map).collect(),
            total: items.len(),
            page: request.page,
            per_page: request.per_page,
            has_more,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_bounds() {
        assert_eq!(
            PageRequest::parse(None, None).unwrap(),
            PageRequest::default()
        );
        assert_eq!(
            PageRequest::parse(Some("3"), Some("48")).unwrap().per_page,
            48
        );
        for bad in ["0", "-1", "x", "1.5", ""] {
            assert_eq!(
                PageRequest::parse(Some(bad), None).unwrap_err().field,
                "page"
            );
        }
        for bad in ["0", "49", "abc"] {
            assert_eq!(
                PageRequest::parse(None, Some(bad)).unwrap_err().field,
                "per_page"
            );
        }
    }

    #[test]
    fn pages_past_the_end_are_empty() {
        let items: Vec<u32> = (0..50).collect();
        let request = PageRequest::parse(Some("3"), Some("24")).unwrap();
        let page = Paged::from_slice(&items, request, |n| *n);
        assert_eq!(page.data, vec![48, 49]);
        assert!(!page.has_more);
        let request = PageRequest::parse(Some("9"), Some("24")).unwrap();
        assert!(Paged::from_slice(&items, request, |n| *n).data.is_empty());
        let request = PageRequest::parse(Some("1"), Some("24")).unwrap();
        assert!(Paged::from_slice(&items, request, |n| *n).has_more);
    }
}
