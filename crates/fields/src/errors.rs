//! Per-field failures, collected while a form is parsed so one answer names every problem.

use std::collections::BTreeMap;

/// Field name (a path such as `shipping_address.pincode`) to the messages about it, in the
/// order they were found.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

#[derive(Debug, Default)]
pub struct FormErrors(FieldErrors);

impl FormErrors {
    /// The value, or `None` after noting the message under `field`.
    pub fn check<T>(&mut self, field: &str, parsed: Result<T, String>) -> Option<T> {
        parsed.map_err(|message| self.add(field, message)).ok()
    }

    /// A field that must be present, parsed by `parse`; absent, it is "required".
    pub fn required<T>(
        &mut self,
        field: &str,
        raw: Option<&str>,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Option<T> {
        match raw {
            Some(raw) => self.check(field, parse(raw)),
            None => {
                self.add(field, required_message(field));
                None
            }
        }
    }

    /// A field that may be absent or blank (`Some(None)`); when given, parsed by `parse`. `None`
    /// when it was given and failed, so a caller can tell "absent" from "wrong".
    pub fn optional<T>(
        &mut self,
        field: &str,
        raw: Option<&str>,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Option<Option<T>> {
        match raw.map(str::trim).filter(|raw| !raw.is_empty()) {
            None => Some(None),
            Some(raw) => self.check(field, parse(raw)).map(Some),
        }
    }

    pub fn add(&mut self, field: &str, message: String) {
        self.0.entry(field.to_owned()).or_default().push(message);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn into_errors(self) -> FieldErrors {
        self.0
    }

    /// `Ok(value)` when nothing failed, else every failure.
    pub fn finish<T>(self, value: Option<T>) -> Result<T, FieldErrors> {
        if !self.0.is_empty() {
            return Err(self.0);
        }
        value.ok_or_else(|| {
            FieldErrors::from([(
                "body".to_owned(),
                vec!["The given data was invalid.".to_owned()],
            )])
        })
    }
}

/// "The first name field is required." for `first_name` (the last part of a path).
pub fn required_message(field: &str) -> String {
    let name = field.rsplit('.').next().unwrap_or(field).replace('_', " ");
    format!("The {name} field is required.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_failure_is_kept_under_its_field() {
        let mut errors = FormErrors::default();
        let ok: Option<u8> = errors.check("a", Ok(1));
        assert_eq!(ok, Some(1));
        let _: Option<u8> = errors.check("b", Err("bad b".into()));
        let _: Option<u8> = errors.required("shipping_address.post_town", None, |_| Ok(1));
        assert_eq!(
            errors.optional("c", Some("  "), |_| Ok::<u8, String>(1)),
            Some(None)
        );
        assert_eq!(
            errors.optional("d", Some("x"), |_| Err::<u8, String>("bad d".into())),
            None
        );
        let errors = errors.into_errors();
        assert_eq!(errors["b"], ["bad b"]);
        assert_eq!(
            errors["shipping_address.post_town"],
            ["The post town field is required."]
        );
        assert_eq!(errors["d"], ["bad d"]);
        assert!(!errors.contains_key("a") && !errors.contains_key("c"));
    }

    #[test]
    fn finish_answers_the_value_only_when_nothing_failed() {
        assert_eq!(FormErrors::default().finish(Some(3)), Ok(3));
        let mut errors = FormErrors::default();
        errors.add("x", "bad".into());
        assert_eq!(errors.finish(Some(3)).unwrap_err()["x"], ["bad"]);
        assert!(FormErrors::default().finish::<u8>(None).is_err());
    }
}
