//! Small answer shapes shared by several handlers.

use accounts::User;
use paths::Locale;
use serde::Serialize;
use utoipa::ToSchema;

/// `{"user": …}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserEnvelope {
    pub user: User,
}

/// `{"message": …}`: what happened, in words for the shopper (in the language the request
/// asks for, from the server's catalogues).
#[derive(Debug, Serialize, ToSchema)]
pub struct Message {
    pub message: String,
}

impl Message {
    /// `english` as the shopper reads it in `locale`.
    pub fn new(locale: Locale, english: &str) -> Self {
        Self {
            message: crate::messages::translate(locale, english),
        }
    }
}

/// `{"message": …, "user": …}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageWithUser {
    pub message: String,
    pub user: User,
}

/// `{"data": […]}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct DataList<T> {
    pub data: Vec<T>,
}
