//! An order's values kept as words: its status (`placed`), payment state (`unpaid`), payment
//! method (`bank_transfer`), place of supply (`inter_state`) and a payment row's kind
//! (`refund`). Each type's words are written once, in its [`Word`] impl; they are what the
//! database holds and what the API sends (serde's snake_case names, held equal by a test).
//!
//! A stored word that names no value (written by hand, or by another version of the shop) is
//! an [`UnreadableWord`], never a default: an order whose status cannot be read is not moved as
//! if it were placed, nor one whose payment state cannot be read paid as if it were unpaid. The
//! read fails, naming the order ([`UnreadableOrder`]), and the shell answers 500.
//!
//! This module uses no other module of the crate: each type's own module implements [`Word`]
//! and calls [`stored_as_text!`] for it.

use diesel::deserialize::FromSqlRow;
use diesel::expression::AsExpression;
use diesel::sql_types::Text;

/// A type whose values are stored (and sent) as one word each.
pub trait Word: Copy + Sized + 'static {
    /// What a value is, as an error names it: `order status`.
    const WHAT: &'static str;
    const ALL: &'static [Self];

    fn as_str(self) -> &'static str;

    /// The value this word names, if any.
    fn from_word(word: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|value| value.as_str() == word)
    }
}

/// A stored word that names none of its type's values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("an unreadable {what} {value:?}")]
pub struct UnreadableWord {
    pub what: &'static str,
    pub value: String,
}

/// An order holding an unreadable word: which order, and the word.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("order {order} holds {word}")]
pub struct UnreadableOrder {
    /// The order's id.
    pub order: i64,
    pub word: UnreadableWord,
}

/// `word` read as a `T`.
pub(crate) fn read_word<T: Word>(word: &str) -> Result<T, UnreadableWord> {
    T::from_word(word).ok_or_else(|| UnreadableWord {
        what: T::WHAT,
        value: word.to_owned(),
    })
}

/// `word`, stored on order `order`, read as a `T`: for rows read as text, where a list of orders
/// is read and the failing row must be named.
pub(crate) fn word_of<T: Word>(order: i64, word: &str) -> Result<T, UnreadableOrder> {
    read_word(word).map_err(|word| UnreadableOrder { order, word })
}

/// The unreadable word in `error` or its causes (a struct's field wraps it in the field's name).
pub(crate) fn unreadable_in(error: &(dyn std::error::Error + 'static)) -> Option<UnreadableWord> {
    let mut next = Some(error);
    while let Some(error) = next {
        if let Some(word) = error.downcast_ref::<UnreadableWord>() {
            return Some(word.clone());
        }
        next = error.source();
    }
    None
}

/// Stores each listed [`Word`] type as `TEXT` (on either backend, and on the two-backend
/// connection); a read of a word it does not know fails with [`UnreadableWord`]. Each type also
/// derives `AsExpression` and `FromSqlRow` with `sql_type = Text`.
macro_rules! stored_as_text {
    ($($type:ty),+ $(,)?) => {$(
        impl<DB> diesel::serialize::ToSql<diesel::sql_types::Text, DB> for $type
        where
            DB: diesel::backend::Backend,
            str: diesel::serialize::ToSql<diesel::sql_types::Text, DB>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, DB>,
            ) -> diesel::serialize::Result {
                let word = $crate::stored_as_text::Word::as_str(*self);
                <str as diesel::serialize::ToSql<diesel::sql_types::Text, DB>>::to_sql(word, out)
            }
        }

        impl<DB> diesel::deserialize::FromSql<diesel::sql_types::Text, DB> for $type
        where
            DB: diesel::backend::Backend,
            String: diesel::deserialize::FromSql<diesel::sql_types::Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
                let word = <String as diesel::deserialize::FromSql<
                    diesel::sql_types::Text,
                    DB,
                >>::from_sql(bytes)?;
                Ok($crate::stored_as_text::read_word::<Self>(&word)?)
            }
        }
    )+};
}
pub(crate) use stored_as_text;

/// An enum of words: each variant beside the one word that stands for it in the database and in
/// the API (serde's name, so the contract's enum), its [`Word`] impl with every variant in `ALL`,
/// and its storage as `TEXT`.
///
/// ```ignore
/// word_enum! {
///     /// Money in or out.
///     pub enum PaymentKind("payment kind") { Received = "received", Refund = "refund" }
/// }
/// ```
macro_rules! word_enum {
    (
        $(#[$attr:meta])*
        $vis:vis enum $name:ident($what:literal) {
            $($(#[$variant_attr:meta])* $variant:ident = $word:tt),+ $(,)?
        }
    ) => {
        $(#[$attr])*
        #[derive(
            Debug,
            Clone,
            Copy,
            PartialEq,
            Eq,
            serde::Serialize,
            utoipa::ToSchema,
            diesel::expression::AsExpression,
            diesel::deserialize::FromSqlRow,
        )]
        #[diesel(sql_type = diesel::sql_types::Text)]
        $vis enum $name {
            $($(#[$variant_attr])* #[serde(rename = $word)] $variant),+
        }

        impl $crate::stored_as_text::Word for $name {
            const WHAT: &'static str = $what;
            const ALL: &'static [Self] = &[$(Self::$variant),+];

            fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $word),+
                }
            }
        }

        $crate::stored_as_text::stored_as_text!($name);
    };
}
pub(crate) use word_enum;

/// [`pricing::PlaceOfSupply`] as an order's column holds it (pricing knows no database).
#[derive(Debug, Clone, Copy, PartialEq, Eq, AsExpression, FromSqlRow)]
#[diesel(sql_type = Text)]
pub(crate) struct StoredPlace(pub pricing::PlaceOfSupply);

impl Word for StoredPlace {
    const WHAT: &'static str = "place of supply";
    const ALL: &'static [Self] = &[
        Self(pricing::PlaceOfSupply::IntraState),
        Self(pricing::PlaceOfSupply::InterState),
    ];

    fn as_str(self) -> &'static str {
        match self.0 {
            pricing::PlaceOfSupply::IntraState => "intra_state",
            pricing::PlaceOfSupply::InterState => "inter_state",
        }
    }
}

stored_as_text!(StoredPlace);

impl From<pricing::PlaceOfSupply> for StoredPlace {
    fn from(place: pricing::PlaceOfSupply) -> Self {
        Self(place)
    }
}

impl From<StoredPlace> for pricing::PlaceOfSupply {
    fn from(stored: StoredPlace) -> Self {
        stored.0
    }
}

/// [`pricing::SupplyKind`] as an order line's column holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, AsExpression, FromSqlRow)]
#[diesel(sql_type = Text)]
pub(crate) struct StoredKind(pub pricing::SupplyKind);

impl Word for StoredKind {
    const WHAT: &'static str = "supply kind";
    const ALL: &'static [Self] = &[
        Self(pricing::SupplyKind::Taxable),
        Self(pricing::SupplyKind::NilRated),
        Self(pricing::SupplyKind::Exempt),
        Self(pricing::SupplyKind::NonGst),
    ];

    fn as_str(self) -> &'static str {
        self.0.as_str()
    }
}

stored_as_text!(StoredKind);

impl From<pricing::SupplyKind> for StoredKind {
    fn from(kind: pricing::SupplyKind) -> Self {
        Self(kind)
    }
}

impl From<StoredKind> for pricing::SupplyKind {
    fn from(stored: StoredKind) -> Self {
        stored.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::desk::PaymentKind;
    use crate::order::{OrderStatus, PaymentMethod, PaymentState};

    fn json<T: serde::Serialize>(value: T) -> serde_json::Value {
        serde_json::to_value(value).unwrap_or_default()
    }

    /// Each word is the one serde sends, so the database and the API say the same thing.
    fn stored_as_sent<T: Word>(sent: impl Fn(T) -> serde_json::Value) {
        for value in T::ALL {
            assert_eq!(sent(*value), value.as_str(), "{}", T::WHAT);
            assert_eq!(
                read_word::<T>(value.as_str()).map(T::as_str),
                Ok(value.as_str())
            );
        }
    }

    #[test]
    fn every_word_is_the_one_the_api_sends() {
        stored_as_sent::<OrderStatus>(json);
        stored_as_sent::<PaymentState>(json);
        stored_as_sent::<PaymentMethod>(json);
        stored_as_sent::<PaymentKind>(json);
        stored_as_sent(|place: StoredPlace| json(place.0));
        stored_as_sent(|kind: StoredKind| json(kind.0));
    }

    #[test]
    fn an_unknown_word_is_unreadable_never_a_default() {
        assert_eq!(
            read_word::<OrderStatus>("plaecd"),
            Err(UnreadableWord {
                what: "order status",
                value: "plaecd".into()
            })
        );
        assert!(
            read_word::<PaymentState>("Unpaid").is_err(),
            "words are exact"
        );
        assert_eq!(
            word_of::<StoredPlace>(12, "").unwrap_err().to_string(),
            "order 12 holds an unreadable place of supply \"\""
        );
    }
}
