//! The words of the head tags and structured data the server writes itself (the catalogue's and
//! the shop's own texts come translated from their tables): titles, descriptions and the
//! breadcrumb's "Home", in each language. Titles match the app's own (`frontend/src/locales`:
//! `nav.aboutUs`, `searchPage.titleFor`, …), so the tab does not change when the app takes over.

use paths::Locale;

pub struct HeadWords {
    pub home: &'static str,
    pub about: &'static str,
    pub contact: &'static str,
    pub terms: &'static str,
    pub privacy: &'static str,
    pub search: &'static str,
    /// `{term}`.
    pub search_results: &'static str,
    pub not_found: &'static str,
    /// `{shop}`.
    pub search_description: &'static str,
    /// `{shop}`.
    pub terms_description: &'static str,
    /// `{shop}`.
    pub privacy_description: &'static str,
    /// `{shop}`.
    pub not_found_description: &'static str,
    /// `{name}`, `{shop}`: a brand without a description of its own.
    pub brand_description: &'static str,
    /// `{name}`, `{shop}`: a category without a description of its own.
    pub category_description: &'static str,
    /// `{name}`, `{brand}`, `{price}`, `{description}`.
    pub product_description: &'static str,
    /// `{phone}`, `{whatsapp}`, `{address}`, `{hours}`.
    pub contact_description: &'static str,
}

const ENGLISH: HeadWords = HeadWords {
    home: "Home",
    about: "About us",
    contact: "Contact us",
    terms: "Terms and conditions",
    privacy: "Privacy policy",
    search: "Search products",
    search_results: "Search results for “{term}”",
    not_found: "Page not found",
    search_description: "Search the products of {shop}.",
    terms_description: "The terms and conditions of buying from {shop}.",
    privacy_description: "How {shop} collects, uses and protects your personal data.",
    not_found_description: "There is no page at this address on {shop}.",
    brand_description: "Products from {name} at {shop}.",
    category_description: "{name} at {shop}.",
    product_description: "{name} from {brand}, {price}. {description}",
    contact_description: "Call {phone} or WhatsApp {whatsapp}, or visit our store at {address} ({hours}).",
};

const MALAYALAM: HeadWords = HeadWords {
    home: "ഹോം",
    about: "ഞങ്ങളെക്കുറിച്ച്",
    contact: "ബന്ധപ്പെടുക",
    terms: "നിബന്ധനകളും വ്യവസ്ഥകളും",
    privacy: "സ്വകാര്യതാ നയം",
    search: "ഉൽപ്പന്നങ്ങൾ തിരയുക",
    search_results: "“{term}” എന്നതിനുള്ള ഫലങ്ങൾ",
    not_found: "പേജ് കണ്ടെത്താനായില്ല",
    search_description: "{shop}-ലെ ഉൽപ്പന്നങ്ങൾ തിരയുക.",
    terms_description: "{shop}-ൽ നിന്ന് സാധനങ്ങൾ വാങ്ങുന്നതിനുള്ള നിബന്ധനകളും വ്യവസ്ഥകളും.",
    privacy_description: "{shop} നിങ്ങളുടെ വ്യക്തിപരമായ വിവരങ്ങൾ എങ്ങനെ ശേഖരിക്കുന്നു, ഉപയോഗിക്കുന്നു, സംരക്ഷിക്കുന്നു എന്നതിനെക്കുറിച്ച്.",
    not_found_description: "{shop}-ൽ ഈ വിലാസത്തിൽ ഒരു പേജും ഇല്ല.",
    brand_description: "{shop}-ൽ കിട്ടുന്ന {name} ഉൽപ്പന്നങ്ങൾ.",
    category_description: "{shop}-ൽ കിട്ടുന്ന {name}.",
    product_description: "{name} ({brand}), വില {price}. {description}",
    contact_description: "{phone} എന്ന നമ്പറിൽ വിളിക്കുക, അല്ലെങ്കിൽ {whatsapp} എന്ന നമ്പറിൽ WhatsApp ചെയ്യുക; അതുമല്ലെങ്കിൽ ഞങ്ങളുടെ ഷോപ്പിലേക്ക് നേരിട്ട് വരൂ: {address} ({hours}).",
};

const TAMIL: HeadWords = HeadWords {
    home: "முகப்பு",
    about: "எங்களைப் பற்றி",
    contact: "தொடர்புகொள்ள",
    terms: "விதிமுறைகள் மற்றும் நிபந்தனைகள்",
    privacy: "தனியுரிமைக் கொள்கை",
    search: "பொருட்களைத் தேடுங்கள்",
    search_results: "“{term}” – தேடல் முடிவுகள்",
    not_found: "பக்கம் கிடைக்கவில்லை",
    search_description: "{shop} கடையின் பொருட்களைத் தேடுங்கள்.",
    terms_description: "{shop} கடையில் பொருட்கள் வாங்குவதற்கான விதிமுறைகள் மற்றும் நிபந்தனைகள்.",
    privacy_description: "உங்கள் தனிப்பட்ட தகவல்களை {shop} எப்படிச் சேகரிக்கிறது, பயன்படுத்துகிறது, பாதுகாக்கிறது என்பது பற்றி.",
    not_found_description: "{shop} தளத்தில் இந்த முகவரியில் எந்தப் பக்கமும் இல்லை.",
    brand_description: "{shop} கடையில் கிடைக்கும் {name} பொருட்கள்.",
    category_description: "{shop} கடையில் கிடைக்கும் {name}.",
    product_description: "{name} ({brand}), விலை {price}. {description}",
    contact_description: "{phone} என்ற எண்ணில் அழைக்கவும், அல்லது {whatsapp} என்ற எண்ணுக்கு WhatsApp செய்யவும்; அல்லது {address} என்ற முகவரியில் உள்ள எங்கள் கடைக்கு நேரில் வரவும் ({hours}).",
};

impl HeadWords {
    pub fn of(locale: Locale) -> &'static Self {
        match locale {
            Locale::En => &ENGLISH,
            Locale::Ml => &MALAYALAM,
            Locale::Ta => &TAMIL,
        }
    }

    #[cfg(test)]
    fn all(&self) -> [(&'static str, &'static str); 16] {
        [
            ("home", self.home),
            ("about", self.about),
            ("contact", self.contact),
            ("terms", self.terms),
            ("privacy", self.privacy),
            ("search", self.search),
            ("search_results", self.search_results),
            ("not_found", self.not_found),
            ("search_description", self.search_description),
            ("terms_description", self.terms_description),
            ("privacy_description", self.privacy_description),
            ("not_found_description", self.not_found_description),
            ("brand_description", self.brand_description),
            ("category_description", self.category_description),
            ("product_description", self.product_description),
            ("contact_description", self.contact_description),
        ]
    }
}

/// `text` with its `{placeholders}` filled.
pub fn fill(text: &str, args: &[(&str, &str)]) -> String {
    let mut out = text.to_owned();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_head_text_is_written_in_each_language_with_the_same_placeholders() {
        let mut problems = Vec::new();
        for locale in [Locale::Ml, Locale::Ta] {
            let english = HeadWords::of(Locale::En).all();
            for ((key, english), (_, text)) in english.into_iter().zip(HeadWords::of(locale).all())
            {
                if mail::placeholders(text) != mail::placeholders(english) {
                    problems.push(format!("{locale}: {key} has other placeholders"));
                }
                let latin: Vec<_> = mail::latin_words(text)
                    .into_iter()
                    .filter(|word| *word != "WhatsApp")
                    .collect();
                if text.trim().is_empty() || !latin.is_empty() {
                    problems.push(format!("{locale}: {key} is not written in it: {text:?}"));
                }
            }
        }
        assert!(problems.is_empty(), "{problems:#?}");
    }
}
