use super::{Draft, Written};

/// A screen of the app with nothing public to say (sign-in, checkout, orders, the account, the
/// back office): the shop's name and tagline, never indexed.
pub(super) fn app(page: &mut Draft) -> Written {
    let shop = page.shop();
    page.head.title = shop.name.clone();
    page.head.description = shop.tagline_in(page.locale()).to_owned();
    page.head.noindex = true;
    Ok(())
}
