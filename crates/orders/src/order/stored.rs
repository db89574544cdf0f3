//! Reading an order's stored words by its id: a word that names no value of its type (see
//! [`crate::words`]) fails the read as [`OrderError::Unreadable`], naming the order.

use db::OrderId;

use super::OrderError;
use crate::stored_as_text::{UnreadableOrder, unreadable_in};

/// Names order `order` in a failed read of it: an unreadable word becomes
/// [`OrderError::Unreadable`], any other failure stays the database's.
pub(crate) trait ReadOrder<T> {
    fn of_order(self, order: OrderId) -> Result<T, OrderError>;
}

impl<T> ReadOrder<T> for diesel::QueryResult<T> {
    fn of_order(self, order: OrderId) -> Result<T, OrderError> {
        self.map_err(|error| {
            let word = match &error {
                diesel::result::Error::DeserializationError(cause) => unreadable_in(&**cause),
                _ => None,
            };
            match word {
                Some(word) => OrderError::Unreadable(UnreadableOrder {
                    order: order.0,
                    word,
                }),
                None => OrderError::Database(error),
            }
        })
    }
}
