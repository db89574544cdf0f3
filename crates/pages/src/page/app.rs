use super::{Draft, Written};
use crate::head_texts::HeadText;

/// A screen of the app with nothing public to say (sign-in, checkout, orders, the account, the
/// back office): never indexed, described by the shop's tagline, and titled as the screen titles
/// itself (`useDocumentTitle`), so the tab keeps its title when the app takes over; a screen whose
/// title the server cannot know (an order's number, the back office) is titled with the shop's
/// name.
pub(super) fn app(page: &mut Draft, module: &str) -> Written {
    let shop = page.shop();
    page.head.title = match screen_title(module) {
        Some(text) => page.titled(page.texts.text(text)),
        None => shop.name.clone(),
    };
    page.head.description = shop.tagline_in(page.locale()).to_owned();
    page.head.noindex = true;
    Ok(())
}

/// The title a screen's route module (`src/app/routes/checkout.tsx`) sets, when it does not
/// depend on what the screen loads.
fn screen_title(module: &str) -> Option<HeadText> {
    let screen = module
        .strip_prefix("src/app/routes/")?
        .strip_suffix(".tsx")?;
    Some(match screen {
        "checkout" => HeadText::CheckoutTitle,
        "find-order" => HeadText::FindOrderTitle,
        "user" => HeadText::AccountTitle,
        "order-confirmation" => HeadText::OrderConfirmationTitle,
        "sign-in" => HeadText::SignInTitle,
        "register" => HeadText::RegisterTitle,
        "forgot-password" => HeadText::ForgotPasswordTitle,
        "reset-password" => HeadText::ResetPasswordTitle,
        "verify-email" => HeadText::VerifyEmailTitle,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_screen_is_titled_as_it_titles_itself() {
        assert_eq!(
            screen_title("src/app/routes/checkout.tsx"),
            Some(HeadText::CheckoutTitle)
        );
        assert_eq!(screen_title("src/app/routes/view-order.tsx"), None);
        assert_eq!(screen_title("src/app/routes/admin.tsx"), None);
    }
}
