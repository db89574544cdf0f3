//! Many orders at once from the orders list: a morning's parcels shipped with one carrier.

use actix_web::{HttpResponse, post, web};
use orders::desk::{self, BulkOutcome};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::handlers::admin::actor::StaffActor;
use crate::input::Valid;
use crate::input::admin_orders::BulkMoveBody;
use crate::state::AppState;

/// What became of each order, in the order asked.
#[derive(Debug, Serialize, ToSchema)]
pub struct BulkMoveAnswer {
    pub results: Vec<BulkOutcome>,
    /// How many moved.
    pub moved: usize,
    /// How many were refused (each result says why).
    pub refused: usize,
}

/// Moves several orders to one status (to ship, with one carrier and each parcel's tracking
/// number). Each order moves as it would alone (its status rules, the buyer's messages, the audit
/// row), in a transaction of its own: a refused order stops none of the others, and its result
/// says why.
#[utoipa::path(
    tag = "admin-orders",
    request_body = BulkMoveBody,
    responses(
        (status = 200, description = "Each order's outcome", body = BulkMoveAnswer),
        (status = 422, description = "No orders or too many, an order twice, a shipment without its carrier or a parcel without its tracking number", body = crate::error::ErrorBody),
    )
)]
#[post("/moves")]
pub async fn move_many(
    state: web::Data<AppState>,
    staff: StaffActor,
    Valid(checked): Valid<BulkMoveBody>,
) -> Result<HttpResponse, ApiError> {
    let moves = state.moves.clone();
    let results = state
        .with_conn(move |conn| {
            Ok::<_, ApiError>(desk::move_orders(
                conn,
                &checked.moves,
                staff.user_id,
                checked.note.as_deref(),
                &moves,
            ))
        })
        .await?;
    state.mail_queued.notify_one();
    state.phone_queued.notify_one();
    let moved = results.iter().filter(|r| r.moved).count();
    Ok(HttpResponse::Ok().json(BulkMoveAnswer {
        refused: results.len() - moved,
        moved,
        results,
    }))
}
