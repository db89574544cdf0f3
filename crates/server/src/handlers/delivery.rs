use actix_web::{HttpResponse, get, web};
use db::VariantId;
use delivery::{Destination, Quote};
use pricing::{Paise, WeightRate};
use serde::Serialize;

use crate::cache_policy::{CachePolicy, Cached};
use crate::error::{ApiError, ErrorBody};
use crate::input::delivery::DeliveryQuery;
use crate::state::AppState;

/// Whether the shop delivers to a PIN code, how soon, and for what fee.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeliveryAnswer {
    #[schema(example = "685509")]
    pin: String,
    /// The destination's district (null when unknown).
    #[schema(required = true, example = "Idukki")]
    district: Option<String>,
    #[schema(example = "Kerala")]
    state: &'static str,
    #[schema(example = "32")]
    state_code: &'static str,
    /// False for a PIN code outside every zone the shop delivers to.
    served: bool,
    /// Null when not served.
    #[schema(required = true)]
    days: Option<DaysView>,
    /// The zone's fee by weight (null when not served): what the checkout summary prices the
    /// cart's weight with.
    #[schema(required = true)]
    rate: Option<RateView>,
    /// The quote for the variant asked about, when one was.
    #[schema(required = true)]
    parcel: Option<ParcelQuote>,
}

/// From `min` to `max` days.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DaysView {
    min: u8,
    max: u8,
}

/// The first band a parcel's weight fits in sets the fee; past the last, each further `grams`
/// begun adds `further.fee`; goods worth `free_above` or more (GST included) travel free.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RateView {
    bands: Vec<BandView>,
    further: StepView,
    #[schema(required = true)]
    free_above: Option<Paise>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BandView {
    up_to_grams: u64,
    fee: Paise,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StepView {
    grams: u64,
    fee: Paise,
}

/// The variant's parcel at this PIN code.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ParcelQuote {
    #[schema(value_type = i64)]
    variant_id: VariantId,
    quantity: u32,
    weight_grams: u64,
    /// False when the product may not be shipped to this state (some pesticides).
    allowed: bool,
    /// The delivery fee, GST included; null when not served or not allowed.
    #[schema(required = true)]
    fee: Option<Paise>,
}

impl From<&WeightRate> for RateView {
    fn from(rate: &WeightRate) -> Self {
        Self {
            bands: rate
                .bands()
                .iter()
                .map(|b| BandView {
                    up_to_grams: b.up_to_grams,
                    fee: b.fee,
                })
                .collect(),
            further: StepView {
                grams: rate.further().grams,
                fee: rate.further().fee,
            },
            free_above: rate.free_above(),
        }
    }
}

/// Whether the shop delivers to a PIN code, in how many days, and the fee by weight there; with
/// `variant`, the fee for `quantity` of it (and whether it may be shipped to that state at all).
#[utoipa::path(
    tag = "checkout",
    params(DeliveryQuery),
    responses(
        (status = 200, description = "The zone's answer (`served` false outside every zone)", body = DeliveryAnswer),
        (status = 404, description = "The PIN code is not in India Post's directory (and no `state` was given), or no such variant is for sale", body = ErrorBody),
        (status = 422, description = "Not a PIN code, or `variant`, `quantity` or `state` invalid", body = ErrorBody),
    )
)]
#[get("/delivery")]
pub async fn quote(
    state: web::Data<AppState>,
    query: web::Query<DeliveryQuery>,
) -> Result<HttpResponse, ApiError> {
    let ask = query.check().map_err(ApiError::invalid)?;
    let given = ask.given.as_ref().map(|(d, s)| (d.as_str(), *s));
    let destination = Destination::locate(&ask.pin, given)?;
    let parcel = match ask.parcel {
        Some((variant, quantity)) => Some((
            variant,
            quantity,
            state
                .with_conn(move |conn| catalog::parcel(conn, variant))
                .await?,
        )),
        None => None,
    };
    let quote = state.terms.delivery.quote(&destination);
    let parcel = match parcel {
        Some((variant_id, quantity, parcel)) => {
            let allowed = parcel.may_go_to(destination.state);
            let (weight_grams, value) = parcel
                .of(quantity)
                .ok_or_else(|| ApiError::internal(anyhow::anyhow!("{quantity} units overflow")))?;
            let fee = match allowed {
                true => quote.fee(weight_grams, value).map_err(ApiError::internal)?,
                false => None,
            };
            Some(ParcelQuote {
                variant_id,
                quantity,
                weight_grams,
                allowed,
                fee,
            })
        }
        None => None,
    };
    let (days, rate) = match quote {
        Quote::Delivers { days, rate, .. } => (Some(days), Some(rate)),
        Quote::NotServed => (None, None),
    };
    let state_name = destination.state.name();
    Ok(HttpResponse::Ok()
        .cached(CachePolicy::Public { max_age: 300 })
        .json(DeliveryAnswer {
            pin: destination.pin.into_string(),
            district: destination.district,
            state: state_name,
            state_code: fields::states::state_code(state_name).unwrap_or_default(),
            served: rate.is_some(),
            days: days.map(|d| DaysView {
                min: d.min,
                max: d.max,
            }),
            rate: rate.map(RateView::from),
            parcel,
        }))
}
