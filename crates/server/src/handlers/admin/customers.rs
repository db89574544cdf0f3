//! Customers for staff: the list with its search, a customer's page (details, addresses,
//! orders), and a password-reset mail. No answer here holds a password, hash or token.

use accounts::AccountError;
use accounts::customers::{Customer, CustomerRead};
use actix_web::{HttpResponse, get, post, web};
use catalog::Paged;
use db::UserId;
use orders::addresses::SavedAddress;
use orders::order::OrderSummary;
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::Message;
use crate::input::admin_day::{CustomersQuery, PageQuery};
use crate::rate_limit::Form;
use crate::state::AppState;

/// A customer's page: who they are and where they have things sent.
#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerDetail {
    pub customer: Customer,
    /// Their saved addresses, the default first.
    pub addresses: Vec<SavedAddress>,
}

/// To the accounts crate "not found" means a missing session elsewhere; here it is a customer.
fn customer_error(error: AccountError) -> ApiError {
    match error {
        AccountError::NotFound => ApiError::NotFound("No such customer.".into()),
        other => other.into(),
    }
}

/// Shopper accounts, newest first, found by part of a name, e-mail address or phone number.
#[utoipa::path(
    tag = "admin",
    params(CustomersQuery),
    responses(
        (status = 200, description = "One page of customers", body = Paged<Customer>),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 422, description = "The search or the page is invalid", body = ErrorBody),
    )
)]
#[get("/customers")]
pub async fn list(
    actor: StaffActor,
    state: web::Data<AppState>,
    query: web::Query<CustomersQuery>,
) -> Result<HttpResponse, ApiError> {
    let (search, page) = query.parse()?;
    let (data, total) = state
        .with_conn(move |conn| {
            let actor = actor.user_id;
            accounts::customers::customer_page(conn, actor, &search, page.offset, page.limit)
        })
        .await?;
    Ok(HttpResponse::Ok().json(page.answer(data, total)))
}

/// A customer's details and saved addresses.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The customer's user id")),
    responses(
        (status = 200, description = "The customer", body = CustomerDetail),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such customer", body = ErrorBody),
    )
)]
#[get("/customers/{id}")]
pub async fn show(
    actor: StaffActor,
    state: web::Data<AppState>,
    id: web::Path<UserId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let detail = state
        .with_conn(move |conn| {
            let customer =
                accounts::customers::open_customer(conn, actor.user_id, id, CustomerRead::Details)
                    .map_err(customer_error)?;
            let addresses = orders::addresses::list(conn, id).map_err(ApiError::internal)?;
            Ok::<_, ApiError>(CustomerDetail {
                customer,
                addresses,
            })
        })
        .await?;
    Ok(HttpResponse::Ok().json(detail))
}

/// A customer's orders, newest first.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The customer's user id"), PageQuery),
    responses(
        (status = 200, description = "One page of their orders", body = Paged<OrderSummary>),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such customer", body = ErrorBody),
        (status = 422, description = "The page is invalid", body = ErrorBody),
    )
)]
#[get("/customers/{id}/orders")]
pub async fn order_list(
    actor: StaffActor,
    state: web::Data<AppState>,
    id: web::Path<UserId>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let page = query.parse()?;
    let orders = state
        .with_conn(move |conn| {
            accounts::customers::open_customer(conn, actor.user_id, id, CustomerRead::Orders)
                .map_err(customer_error)?;
            Ok::<_, ApiError>(orders::order::orders_for_user(conn, id, page)?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(orders))
}

/// Mails the customer a link to choose a new password (the shop's usual reset mail); staff never
/// see or set the password. Five per customer in ten minutes; audited.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The customer's user id")),
    responses(
        (status = 200, description = "The mail is queued", body = Message),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such customer", body = ErrorBody),
        (status = 409, description = "The customer has no e-mail address (an account by phone, which signs in with a code): there is nothing to mail", body = ErrorBody),
        (status = 429, description = "Too many reset mails for this customer lately", body = ErrorBody),
    )
)]
#[post("/customers/{id}/password-reset")]
pub async fn password_reset(
    actor: StaffActor,
    state: web::Data<AppState>,
    id: web::Path<UserId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    state
        .limits
        .form(Form::CustomerPasswordReset, &format!("customer:{id}"))
        .await?;
    let mail = state.mail.clone();
    state
        .with_conn(move |conn| {
            accounts::customers::send_password_reset(conn, actor.user_id, id, &mail)
                .map_err(customer_error)
        })
        .await?;
    state.mail_queued.notify_one();
    // The back office stays English.
    Ok(HttpResponse::Ok().json(Message::new(
        paths::Locale::En,
        "A link to choose a new password is on its way to the customer.",
    )))
}
