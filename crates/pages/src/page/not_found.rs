use super::Draft;
use crate::Assembled;
use crate::Status;
use crate::head_texts::HeadText;

/// The not-found page, answered 404: titled as the app's, never indexed, no canonical link and
/// no structured data.
pub(super) fn not_found(mut page: Draft) -> Assembled {
    page.head.title = page.titled(page.texts.text(HeadText::NotFound));
    page.head.description = page.about_shop(HeadText::NotFoundDescription);
    page.head.noindex = true;
    page.head.canonical = None;
    page.structured.clear();
    page.finish(Status::NotFound)
}
