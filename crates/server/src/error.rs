//! The one place where domain errors become HTTP answers:
//! `{"message": "...", "errors": {"field": ["..."]}}`. Internal failures are logged with their
//! cause and answered without it.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use catalog::{CatalogError, PagingError};
use serde::Serialize;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    NotFound(String),
    #[error("{message}")]
    Validation {
        message: String,
        errors: BTreeMap<String, Vec<String>>,
    },
    #[error("{0}")]
    BadRequest(String),
    /// 409; `details` are added to the body (`available`, or the short `lines`).
    #[error("{message}")]
    Conflict {
        message: String,
        details: serde_json::Map<String, serde_json::Value>,
    },
    #[error("CSRF token mismatch.")]
    CsrfMismatch,
    #[error("Unauthenticated.")]
    Unauthenticated,
    /// 403: signed in, but not allowed (a shopper at the back office, staff at an admin's
    /// page, or a second factor not yet given).
    #[error("{0}")]
    Forbidden(String),
    #[error("Too many attempts. Please try again in {retry_after} seconds.")]
    TooManyRequests { retry_after: u64 },
    #[error("The request is too large.")]
    PayloadTooLarge,
    /// 405; holds the `Allow` header's value.
    #[error("This address does not take that method.")]
    MethodNotAllowed(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("The service is temporarily unavailable. Please try again shortly.")]
    Unavailable,
    #[error("Something went wrong on our side. Please try again.")]
    Internal(#[source] anyhow::Error),
}

#[derive(Serialize)]
struct ErrorJson<'a> {
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<&'a BTreeMap<String, Vec<String>>>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    details: Option<&'a serde_json::Map<String, serde_json::Value>>,
}

/// Every error answer, as the contract describes it.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)] // only its schema is used; `ErrorJson` writes the answers
pub struct ErrorBody {
    /// What went wrong, in words for the shopper: in Malayalam or Tamil when `Accept-Language`
    /// asks for `ml` or `ta` (on the shopper's routes; the back office answers in English).
    message: String,
    /// On a 422: each invalid field (a path such as `shipping_address.pincode`) and what is
    /// wrong with it, in the language of `message`.
    errors: Option<BTreeMap<String, Vec<String>>>,
    /// On a 409 from the cart: how many units are in stock.
    available: Option<i64>,
    /// On a 409 from checkout: the lines short of stock.
    lines: Option<Vec<orders::checkout::Shortage>>,
}

impl ApiError {
    pub fn validation(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self::Validation {
            errors: BTreeMap::from([(field.to_owned(), vec![message.clone()])]),
            message,
        }
    }

    /// A 422 naming every field, its message the first problem (and how many more there are).
    pub fn invalid(errors: BTreeMap<String, Vec<String>>) -> Self {
        let first = errors.values().flatten().next().cloned();
        let message = match (first, errors.len()) {
            (Some(first), 1) => first,
            (Some(first), n) => format!("{first} (and {} more errors)", n - 1),
            (None, _) => "The given data was invalid.".into(),
        };
        Self::Validation { message, errors }
    }

    pub fn internal(error: impl Into<anyhow::Error>) -> Self {
        Self::Internal(error.into())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Validation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            // Laravel's "page expired", which the specification's clients expect.
            Self::CsrfMismatch => StatusCode::from_u16(419).unwrap_or(StatusCode::FORBIDDEN),
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::Unauthenticated => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let Self::Internal(cause) = self {
            tracing::error!(error = ?cause, "request failed");
        }
        let errors = match self {
            Self::Validation { errors, .. } => Some(errors),
            _ => None,
        };
        let details = match self {
            Self::Conflict { details, .. } => Some(details),
            _ => None,
        };
        let mut response = HttpResponse::build(self.status_code());
        if let Self::MethodNotAllowed(allow) = self {
            response.insert_header((actix_web::http::header::ALLOW, allow.clone()));
        }
        if let Self::TooManyRequests { retry_after } = self {
            response.insert_header((
                actix_web::http::header::RETRY_AFTER,
                retry_after.to_string(),
            ));
        }
        response.json(ErrorJson {
            message: self.to_string(),
            errors,
            details,
        })
    }
}

impl From<CatalogError> for ApiError {
    fn from(error: CatalogError) -> Self {
        match error {
            CatalogError::NotFound(what) => Self::NotFound(format!("{what} not found.")),
            CatalogError::Filter(error) => error.into(),
            other => Self::internal(other),
        }
    }
}

impl From<catalog::desk::DeskError> for ApiError {
    fn from(error: catalog::desk::DeskError) -> Self {
        use catalog::desk::DeskError;
        match error {
            DeskError::NotFound(what) => Self::NotFound(format!("{what} not found.")),
            DeskError::Invalid { field, message } => Self::validation(&field, message),
            DeskError::Conflict(message) => Self::Conflict {
                message,
                details: serde_json::Map::new(),
            },
            DeskError::Stale {
                ref changed,
                version,
                ..
            } => Self::Conflict {
                message: error.to_string(),
                details: serde_json::Map::from_iter([
                    ("changed".to_owned(), changed.clone().into()),
                    ("version".to_owned(), version.into()),
                ]),
            },
            DeskError::ImportRefused(problems) => {
                let message = match problems.as_slice() {
                    [one] => format!("Nothing was imported: line {} cannot be applied.", one.line),
                    _ => format!(
                        "Nothing was imported: {} rows cannot be applied.",
                        problems.len()
                    ),
                };
                let mut errors = BTreeMap::new();
                for problem in problems {
                    errors
                        .entry(format!("line {}", problem.line))
                        .or_insert_with(Vec::new)
                        .push(problem.message);
                }
                Self::Validation { message, errors }
            }
            DeskError::Database(_) | DeskError::InvalidData(_) => Self::internal(error),
        }
    }
}

impl From<orders::cart::CartError> for ApiError {
    fn from(error: orders::cart::CartError) -> Self {
        use orders::cart::CartError;
        match error {
            CartError::ProductNotFound | CartError::NotInCart => Self::NotFound(error.to_string()),
            CartError::VariantNotFound | CartError::VariantRequired => {
                Self::validation("variant_id", error.to_string())
            }
            CartError::LineLimit | CartError::TooLarge => {
                Self::validation("quantity", error.to_string())
            }
            CartError::InsufficientStock { available, .. } => Self::Conflict {
                message: error.to_string(),
                details: serde_json::Map::from_iter([("available".to_owned(), available.into())]),
            },
            CartError::Database(_) | CartError::InvalidData(_) => Self::internal(error),
        }
    }
}

impl From<accounts::AccountError> for ApiError {
    fn from(error: accounts::AccountError) -> Self {
        use accounts::AccountError;
        match error {
            AccountError::Invalid(errors) => Self::invalid(errors),
            AccountError::InvalidCredentials => Self::validation("email", error.to_string()),
            AccountError::InvalidPhoneCredentials => Self::validation("phone", error.to_string()),
            AccountError::WrongCode => Self::validation("code", error.to_string()),
            AccountError::InvalidToken => Self::validation("token", error.to_string()),
            AccountError::InvalidCode => Self::validation("code", error.to_string()),
            AccountError::SecondFactorLocked { retry_after } => {
                Self::TooManyRequests { retry_after }
            }
            AccountError::Conflict(message) => Self::Conflict {
                message,
                details: serde_json::Map::new(),
            },
            AccountError::NotFound => Self::Unauthenticated,
            AccountError::Database(_) | AccountError::Hashing(_) | AccountError::Totp(_) => {
                Self::internal(error)
            }
        }
    }
}

impl From<orders::checkout::CheckoutError> for ApiError {
    fn from(error: orders::checkout::CheckoutError) -> Self {
        use orders::checkout::CheckoutError;
        match error {
            CheckoutError::EmptyCart | CheckoutError::TooLarge => {
                Self::validation("cart", error.to_string())
            }
            CheckoutError::Restricted { ref lines, .. } => Self::Validation {
                message: error.to_string(),
                errors: BTreeMap::from([("shipping_address.state".to_owned(), lines.clone())]),
            },
            CheckoutError::Unlicensed(ref lines) => Self::Conflict {
                message: error.to_string(),
                details: serde_json::Map::from_iter([(
                    "lines".to_owned(),
                    serde_json::to_value(lines).unwrap_or_default(),
                )]),
            },
            CheckoutError::KeyReused => Self::validation("idempotency_key", error.to_string()),
            CheckoutError::NotForSale(ref variants) => Self::Validation {
                message: error.to_string(),
                errors: BTreeMap::from([(
                    "lines".to_owned(),
                    variants
                        .iter()
                        .map(|variant| format!("Pack size {variant} is not for sale."))
                        .collect(),
                )]),
            },
            CheckoutError::OutOfStock(ref lines) => Self::Conflict {
                message: error.to_string(),
                details: serde_json::Map::from_iter([(
                    "lines".to_owned(),
                    serde_json::to_value(lines).unwrap_or_default(),
                )]),
            },
            CheckoutError::KeyInFlight => Self::Conflict {
                message: "This order is already being placed. Please wait a moment and try again."
                    .into(),
                details: serde_json::Map::new(),
            },
            CheckoutError::NotServed { .. } => {
                Self::validation("shipping_address.pincode", error.to_string())
            }
            CheckoutError::Destination(error) => match error {
                delivery::DestinationError::UnknownPin(_) => Self::from(error),
                delivery::DestinationError::WrongState { .. } => {
                    Self::validation("shipping_address.pincode", error.to_string())
                }
                delivery::DestinationError::OutsidePrefix { .. } => {
                    Self::validation("shipping_address.state", error.to_string())
                }
            },
            CheckoutError::Batch(error) => error.into(),
            CheckoutError::Database(_) | CheckoutError::InvalidData(_) => Self::internal(error),
        }
    }
}

impl From<delivery::DestinationError> for ApiError {
    fn from(error: delivery::DestinationError) -> Self {
        match error {
            delivery::DestinationError::UnknownPin(_) => Self::NotFound(error.to_string()),
            delivery::DestinationError::WrongState { .. } => {
                Self::validation("pin", error.to_string())
            }
            delivery::DestinationError::OutsidePrefix { .. } => {
                Self::validation("state", error.to_string())
            }
        }
    }
}

impl From<orders::order::OrderError> for ApiError {
    fn from(error: orders::order::OrderError) -> Self {
        match error {
            orders::order::OrderError::NotFound => Self::NotFound(error.to_string()),
            orders::order::OrderError::TooLarge => Self::validation("orders", error.to_string()),
            orders::order::OrderError::Database(_) | orders::order::OrderError::Unreadable(_) => {
                Self::internal(error)
            }
        }
    }
}

impl From<orders::desk::DeskError> for ApiError {
    fn from(error: orders::desk::DeskError) -> Self {
        use orders::desk::DeskError;
        match error {
            DeskError::NotFound => Self::NotFound(error.to_string()),
            DeskError::Invalid { field, message } => Self::validation(&field, message),
            DeskError::Conflict(message) => Self::Conflict {
                message,
                details: serde_json::Map::new(),
            },
            DeskError::Database(_) | DeskError::InvalidData(_) | DeskError::Unreadable(_) => {
                Self::internal(error)
            }
        }
    }
}

impl From<orders::returns::ReturnError> for ApiError {
    fn from(error: orders::returns::ReturnError) -> Self {
        use orders::returns::ReturnError;
        match error {
            ReturnError::UnknownOrder(_) => Self::NotFound(error.to_string()),
            ReturnError::NotReturnable(_) => Self::Conflict {
                message: error.to_string(),
                details: serde_json::Map::new(),
            },
            ReturnError::Empty => Self::validation("lines", error.to_string()),
            ReturnError::Lines(problems) => {
                let mut errors: BTreeMap<String, Vec<String>> = BTreeMap::new();
                for (field, message) in problems {
                    errors.entry(field).or_default().push(message);
                }
                Self::invalid(errors)
            }
            ReturnError::TooLarge => Self::validation("lines", error.to_string()),
            ReturnError::Document(orders::gst::documents::DocumentError::Series(e)) => {
                Self::Conflict {
                    message: e.to_string(),
                    details: serde_json::Map::new(),
                }
            }
            ReturnError::Batch(error) => error.into(),
            ReturnError::Document(_) | ReturnError::Database(_) | ReturnError::Unreadable(_) => {
                Self::internal(error)
            }
        }
    }
}

impl From<batches::BatchError> for ApiError {
    fn from(error: batches::BatchError) -> Self {
        use batches::BatchError;
        match error {
            BatchError::Invalid { ref field, .. } => Self::validation(field, error.to_string()),
            BatchError::UnknownBatch(_) | BatchError::UnknownVariant(_) => {
                Self::NotFound(error.to_string())
            }
            BatchError::Conflict(_) | BatchError::Shortage { .. } => Self::Conflict {
                message: error.to_string(),
                details: serde_json::Map::new(),
            },
            BatchError::Database(_) => Self::internal(error),
        }
    }
}

/// A receipt refused: each problem under its field, a line's as `lines[N].field` (N from 0, as
/// the body's array counts), the invoice's under its own name.
pub fn receipt_refused(problems: Vec<batches::receive::LineProblem>) -> ApiError {
    let mut errors = BTreeMap::new();
    for problem in problems {
        let field = match problem.line {
            0 => problem.field.to_owned(),
            n => format!("lines[{}].{}", n - 1, problem.field),
        };
        errors
            .entry(field)
            .or_insert_with(Vec::new)
            .push(problem.message);
    }
    ApiError::invalid(errors)
}

/// A receipt sheet refused: nothing was received, and each bad cell is named as
/// `line N: column` (the invoice's fields, given beside the sheet, by their own names).
pub fn sheet_refused(problems: Vec<batches::receipt_sheet::CellProblem>) -> ApiError {
    let message = match problems.as_slice() {
        [one] if one.line > 0 => format!(
            "Nothing was received: line {}, {}: {}",
            one.line, one.column, one.message
        ),
        _ => format!(
            "Nothing was received: {} cells need putting right.",
            problems.len()
        ),
    };
    let mut errors = BTreeMap::new();
    for problem in problems {
        let field = match problem.line {
            0 => problem.column,
            n => format!("line {n}: {}", problem.column),
        };
        errors
            .entry(field)
            .or_insert_with(Vec::new)
            .push(problem.message);
    }
    ApiError::Validation { message, errors }
}

impl From<orders::payment::UpiRequestError> for ApiError {
    fn from(error: orders::payment::UpiRequestError) -> Self {
        match error {
            orders::payment::UpiRequestError::NothingToPay => Self::NotFound(error.to_string()),
            orders::payment::UpiRequestError::Order(error) => Self::from(error),
            orders::payment::UpiRequestError::Drawing
            | orders::payment::UpiRequestError::Database(_) => Self::internal(error),
        }
    }
}

impl From<orders::addresses::AddressError> for ApiError {
    fn from(error: orders::addresses::AddressError) -> Self {
        match error {
            orders::addresses::AddressError::NotFound => Self::NotFound(error.to_string()),
            orders::addresses::AddressError::Database(_) => Self::internal(error),
        }
    }
}

/// A filter that names nothing the shop has is a 422 naming its parameter, as a bad page number
/// is: the address was read, its value is not one the list takes.
impl From<catalog::FilterError> for ApiError {
    fn from(error: catalog::FilterError) -> Self {
        Self::validation(error.field, error.message)
    }
}

impl From<PagingError> for ApiError {
    fn from(error: PagingError) -> Self {
        Self::validation(error.field, error.message)
    }
}

impl From<r2d2::Error> for ApiError {
    fn from(error: r2d2::Error) -> Self {
        tracing::error!(%error, "no database connection");
        Self::Unavailable
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(error: actix_web::error::BlockingError) -> Self {
        Self::internal(anyhow::anyhow!("blocking task failed: {error}"))
    }
}
