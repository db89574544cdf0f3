//! A body's nested objects read only from JSON objects. serde reads a JSON array into a struct
//! field by field (`"ta": [null, null]` would be Tamil names), which the contract does not allow;
//! the body's top level is checked in `json_body`, and these check the levels below it.
//!
//! Use with `#[serde(default, deserialize_with = "objects::one")]` on an `Option<T>` field and
//! `objects::many` on an `Option<Vec<T>>` one.

use serde::de::{DeserializeOwned, Error, Unexpected};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

pub fn one<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    Option::<Value>::deserialize(deserializer)?
        .filter(|value| !value.is_null())
        .map(object::<D::Error, T>)
        .transpose()
}

pub fn many<'de, D, T>(deserializer: D) -> Result<Option<Vec<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    Option::<Vec<Value>>::deserialize(deserializer)?
        .map(|items| items.into_iter().map(object::<D::Error, T>).collect())
        .transpose()
}

fn object<E: Error, T: DeserializeOwned>(value: Value) -> Result<T, E> {
    let unexpected = match &value {
        Value::Object(_) => return serde_json::from_value(value).map_err(E::custom),
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(_) => Unexpected::Other("number"),
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
    };
    Err(E::invalid_type(unexpected, &"a map"))
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Names {
        name: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    struct Body {
        #[serde(default, deserialize_with = "super::one")]
        ta: Option<Names>,
        #[serde(default, deserialize_with = "super::many")]
        lines: Option<Vec<Names>>,
    }

    fn read(json: &str) -> Result<Body, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn a_nested_object_comes_as_an_object_or_not_at_all() {
        let body = read(r#"{"ta": {"name": "மிளகு"}, "lines": [{"name": "a"}]}"#).unwrap();
        assert_eq!(body.ta.unwrap().name.as_deref(), Some("மிளகு"));
        assert_eq!(body.lines.unwrap().len(), 1);
        let body = read(r#"{"ta": null}"#).unwrap();
        assert!(body.ta.is_none() && body.lines.is_none());
        for array in [
            r#"{"ta": [null]}"#,
            r#"{"lines": [["a"]]}"#,
            r#"{"ta": "x"}"#,
        ] {
            let error = read(array).unwrap_err().to_string();
            assert!(error.contains("expected a map"), "{array}: {error}");
        }
    }
}
