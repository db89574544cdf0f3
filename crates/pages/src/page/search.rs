use catalog::PageRequest;
use serde_json::json;

use super::{Draft, Written, first_image};
use crate::head_texts::HeadText;

/// The search page, never indexed: with a term, its first page of results as first data.
pub(super) fn search(page: &mut Draft, term: &str) -> Written {
    page.head.noindex = true;
    if term.is_empty() {
        page.head.title = page.titled(page.texts.text(HeadText::SearchAll));
    } else {
        let title = page.texts.fill(HeadText::SearchFor, &[("term", term)]);
        page.head.title = page.titled(&title);
        let results = page.catalog().search(term, PageRequest::default());
        page.head.preload_image = first_image(&results.data);
        page.data
            .first_page(json!(["search", "results", term]), &results);
    }
    page.head.description = page.about_shop(HeadText::SearchDescription);
    Ok(())
}
