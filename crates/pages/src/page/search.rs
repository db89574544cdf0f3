use catalog::PageRequest;
use serde_json::json;

use super::{Draft, Written, first_image, list_key};
use crate::head_texts::HeadText;
use crate::list_choice::ListChoice;

/// The search page, never indexed: with a term or filters, its first page of results and the
/// filters' counts as first data (`GET /api/search` and `GET /api/search/facets`).
pub(super) fn search(page: &mut Draft, term: &str, list: &ListChoice) -> Written {
    page.head.noindex = true;
    if term.is_empty() {
        page.head.title = page.titled(page.texts.text(HeadText::SearchAll));
    } else {
        let title = page.texts.fill(HeadText::SearchFor, &[("term", term)]);
        page.head.title = page.titled(&title);
    }
    if !term.is_empty() || !list.is_default() {
        let (filter, sort) = (&list.filter, list.sort);
        if let Ok(results) = page
            .catalog()
            .search_list(term, filter, sort, PageRequest::default())
        {
            page.head.preload_image = first_image(&results.data);
            page.data.first_page(
                list_key(vec![json!("search"), json!("results"), json!(term)], list),
                &results,
            );
            let facets = json!({"facets": results.facets, "sort": sort, "total": results.total});
            page.data.query(
                json!(["search", "facets", term, list.query()]),
                facets.to_string(),
            );
        }
    }
    page.head.description = page.about_shop(HeadText::SearchDescription);
    Ok(())
}
