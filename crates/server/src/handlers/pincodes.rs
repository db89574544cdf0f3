use actix_web::{HttpResponse, get, web};
use fields::Pincode;
use serde::Serialize;

use crate::cache_policy::{CachePolicy, Cached};
use crate::error::{ApiError, ErrorBody};

/// Where a PIN code is, by India Post's directory.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PincodePlace {
    #[schema(example = "685509")]
    pin: String,
    /// In India Post's spelling; null for the few PIN codes it knows only the state of.
    #[schema(example = "Idukki")]
    #[schema(required = true)]
    district: Option<&'static str>,
    /// As `GET /api/states` names it.
    #[schema(example = "Kerala")]
    state: &'static str,
    /// The state's GST code.
    #[schema(example = "32")]
    state_code: &'static str,
}

/// The district and state of a PIN code, for address forms (India Post's directory, under
/// GODL-India, embedded in the binary: the same answer for a day).
#[utoipa::path(
    tag = "checkout",
    params(("pin" = String, Path, description = "Six digits, not starting with 0", example = "685509")),
    responses(
        (status = 200, description = "The PIN code's district and state", body = PincodePlace),
        (status = 404, description = "India Post's directory does not list this PIN code", body = ErrorBody),
        (status = 422, description = "Not a PIN code", body = ErrorBody),
    )
)]
#[get("/pincodes/{pin}")]
pub async fn show(pin: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let pin = Pincode::parse(&pin).map_err(|message| ApiError::validation("pin", message))?;
    let place = pincodes::lookup(&pin)
        .ok_or_else(|| delivery::DestinationError::UnknownPin(pin.as_str().to_owned()))?;
    let state = place.state.name();
    Ok(HttpResponse::Ok()
        .cached(CachePolicy::Public { max_age: 86_400 })
        .json(PincodePlace {
            pin: pin.into_string(),
            district: place.district,
            state,
            state_code: fields::states::state_code(state).unwrap_or_default(),
        }))
}
