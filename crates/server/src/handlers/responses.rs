//! Small answer shapes shared by several handlers.

use accounts::User;
use serde::Serialize;
use utoipa::ToSchema;

/// `{"user": …}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserEnvelope {
    pub user: User,
}

/// `{"message": …}`: what happened, in words for the shopper.
#[derive(Debug, Serialize, ToSchema)]
pub struct Message {
    pub message: &'static str,
}

/// `{"message": …, "user": …}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageWithUser {
    pub message: &'static str,
    pub user: User,
}

/// `{"data": […]}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct DataList<T> {
    pub data: Vec<T>,
}
