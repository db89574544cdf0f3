//! The shared texts the snapshots hold: one allocation per distinct text, counted by every card,
//! search entry and language that holds it (handed out by [`crate::text_pool::TextPool`]).

use std::sync::Arc;

/// A text shared by every card, search entry and language that holds it.
pub type SharedText = Arc<str>;

/// A list of texts shared the same way (a card's categories, its pack sizes).
pub type SharedList = Arc<[SharedText]>;
