use actix_web::{HttpResponse, get};
use fields::states::STATES;
use serde::Serialize;

/// A state or union territory and its GST state code.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StateView {
    #[schema(example = "Kerala")]
    name: &'static str,
    #[schema(example = "32")]
    code: &'static str,
}

/// India's states and union territories with their GST state codes, for address forms.
#[utoipa::path(
    tag = "checkout",
    responses((status = 200, description = "States and union territories", body = Vec<StateView>))
)]
#[get("/states")]
pub async fn list() -> HttpResponse {
    let states: Vec<_> = STATES
        .iter()
        .map(|&(name, code)| StateView { name, code })
        .collect();
    HttpResponse::Ok().json(states)
}
