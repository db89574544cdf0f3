//! Customers for staff: the list (accounts and guests) with its search, a customer's page
//! (details, addresses, orders, staff's note), a password-reset mail, and the person's rights
//! under the DPDP Act 2023 (a copy of their data; erasure, admins only). No answer here holds a
//! password, hash or token.

use accounts::AccountError;
use accounts::customers::{Customer, CustomerRead};
use accounts::people::rights::{Asker, Erasure};
use accounts::people::{CustomerRef, OrderBrief, Person, PersonPage};
use actix_web::{HttpResponse, get, post, put, web};
use catalog::Paged;
use db::UserId;
use orders::addresses::SavedAddress;
use serde::Serialize;
use utoipa::ToSchema;

use crate::cache_policy::{CachePolicy, Cached};
use crate::error::{ApiError, ErrorBody};
use crate::handlers::admin::actor::StaffActor;
use crate::handlers::responses::Message;
use crate::input::Valid;
use crate::input::admin_day::{CustomersQuery, PageQuery};
use crate::input::people::{NoteBody, guest_key};
use crate::rate_limit::Form;
use crate::state::AppState;

/// A customer's page: who they are, where they have things sent, and their figures and note.
#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerDetail {
    pub customer: Customer,
    /// Their saved addresses, the default first.
    pub addresses: Vec<SavedAddress>,
    /// Their orders' count and total, and staff's note, as the list shows them.
    pub person: Person,
}

/// To the accounts crate "not found" means a missing session elsewhere; here it is a customer.
fn customer_error(error: AccountError) -> ApiError {
    match error {
        AccountError::NotFound => ApiError::NotFound("No such customer.".into()),
        other => other.into(),
    }
}

/// Shopper accounts and guests (orders without an account, one per phone or e-mail address),
/// the latest buyer first, found by part of a name, e-mail address or phone number.
#[utoipa::path(
    tag = "admin",
    params(CustomersQuery),
    responses(
        (status = 200, description = "One page of customers", body = Paged<Person>),
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
            accounts::people::customer_page(conn, actor, &search, page.offset, page.limit)
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
            // Audited once, above.
            let person = accounts::people::person_page(conn, &CustomerRef::Account(id))
                .map_err(customer_error)?
                .person;
            Ok::<_, ApiError>(CustomerDetail {
                customer,
                addresses,
                person,
            })
        })
        .await?;
    Ok(HttpResponse::Ok().json(detail))
}

/// A customer's orders, newest first: those placed signed in, and the guest orders placed with
/// their verified number or e-mail address.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The customer's user id"), PageQuery),
    responses(
        (status = 200, description = "One page of their orders", body = Paged<OrderBrief>),
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
            accounts::people::person_page(conn, &CustomerRef::Account(id)).map_err(customer_error)
        })
        .await?
        .orders;
    let total = orders.len();
    let range = page.range(total);
    let has_more = range.end < total;
    let data: Vec<OrderBrief> = orders
        .into_iter()
        .skip(range.start)
        .take(range.len())
        .collect();
    Ok(HttpResponse::Ok().json(Paged {
        has_more,
        data,
        total,
        page: page.page,
        per_page: page.per_page,
    }))
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

/// A guest's page: the name, phone and e-mail of their latest order, their orders and staff's
/// note. The key comes from the customers list.
#[utoipa::path(
    tag = "admin",
    params(("key" = String, Path, description = "The guest's key from the customers list")),
    responses(
        (status = 200, description = "The guest and their orders", body = PersonPage),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such guest", body = ErrorBody),
    )
)]
#[get("/guests/{key}")]
pub async fn guest(
    actor: StaffActor,
    state: web::Data<AppState>,
    key: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let target = CustomerRef::Guest(guest_key(&key)?);
    let page = state
        .with_conn(move |conn| {
            accounts::people::open_person(conn, actor.user_id, &target).map_err(customer_error)
        })
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

async fn set_note(
    actor: StaffActor,
    state: web::Data<AppState>,
    target: CustomerRef,
    note: Option<accounts::people::CustomerNote>,
) -> Result<HttpResponse, ApiError> {
    let person = state
        .with_conn(move |conn| {
            accounts::people::set_note(conn, actor.user_id, &target, note.as_ref())
                .map_err(customer_error)
        })
        .await?;
    Ok(HttpResponse::Ok().json(person))
}

/// Staff's note on a customer (blank removes it); audited with the note before and after.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The customer's user id")),
    request_body = NoteBody,
    responses(
        (status = 200, description = "The customer with their note", body = Person),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such customer", body = ErrorBody),
        (status = 422, description = "The note is too long or holds control characters", body = ErrorBody),
    )
)]
#[put("/customers/{id}/note")]
pub async fn account_note(
    actor: StaffActor,
    state: web::Data<AppState>,
    id: web::Path<UserId>,
    Valid(note): Valid<NoteBody>,
) -> Result<HttpResponse, ApiError> {
    set_note(actor, state, CustomerRef::Account(id.into_inner()), note).await
}

/// Staff's note on a guest (blank removes it); audited with the note before and after.
#[utoipa::path(
    tag = "admin",
    params(("key" = String, Path, description = "The guest's key from the customers list")),
    request_body = NoteBody,
    responses(
        (status = 200, description = "The guest with their note", body = Person),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such guest", body = ErrorBody),
        (status = 422, description = "The note is too long or holds control characters", body = ErrorBody),
    )
)]
#[put("/guests/{key}/note")]
pub async fn guest_note(
    actor: StaffActor,
    state: web::Data<AppState>,
    key: web::Path<String>,
    Valid(note): Valid<NoteBody>,
) -> Result<HttpResponse, ApiError> {
    set_note(actor, state, CustomerRef::Guest(guest_key(&key)?), note).await
}

/// A download of everything the shop holds about the person (DPDP Act 2023, s. 11).
async fn export(
    actor: StaffActor,
    state: web::Data<AppState>,
    target: CustomerRef,
) -> Result<HttpResponse, ApiError> {
    let name = match &target {
        CustomerRef::Account(id) => format!("customer-{id}"),
        CustomerRef::Guest(key) => format!("guest-{key}"),
    };
    let document = state
        .with_conn(move |conn| {
            accounts::people::rights::export(conn, Asker::Staff(actor.user_id), &target)
                .map_err(customer_error)
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{name}-data.json\""),
        ))
        .cached(CachePolicy::NoStore)
        .json(document))
}

/// Everything the shop holds about the customer, as a JSON download: profile, saved addresses,
/// orders, contact messages, consents and staff's note (DPDP Act 2023, s. 11). Audited.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The customer's user id")),
    responses(
        (status = 200, description = "The customer's data", body = Object),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such customer", body = ErrorBody),
    )
)]
#[get("/customers/{id}/export")]
pub async fn account_export(
    actor: StaffActor,
    state: web::Data<AppState>,
    id: web::Path<UserId>,
) -> Result<HttpResponse, ApiError> {
    export(actor, state, CustomerRef::Account(id.into_inner())).await
}

/// Everything the shop holds about the guest, as a JSON download (DPDP Act 2023, s. 11).
#[utoipa::path(
    tag = "admin",
    params(("key" = String, Path, description = "The guest's key from the customers list")),
    responses(
        (status = 200, description = "The guest's data", body = Object),
        (status = 403, description = "Not a staff account, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such guest", body = ErrorBody),
    )
)]
#[get("/guests/{key}/export")]
pub async fn guest_export(
    actor: StaffActor,
    state: web::Data<AppState>,
    key: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    export(actor, state, CustomerRef::Guest(guest_key(&key)?)).await
}

async fn erase(
    actor: StaffActor,
    state: web::Data<AppState>,
    target: CustomerRef,
) -> Result<HttpResponse, ApiError> {
    let erasure: Erasure = state
        .with_conn(move |conn| {
            accounts::people::rights::erase(conn, Asker::Staff(actor.user_id), &target)
                .map_err(customer_error)
        })
        .await?;
    Ok(HttpResponse::Ok().json(erasure))
}

/// Erases the customer's data (DPDP Act 2023, s. 12(3)): their orders stay with the name,
/// addresses, state and GSTIN the tax rules need; everything else goes and the account never
/// signs in again. Admins only; audited.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The customer's user id")),
    responses(
        (status = 200, description = "Erased; the orders kept", body = Erasure),
        (status = 403, description = "Not an admin, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such customer (or already erased)", body = ErrorBody),
    )
)]
#[post("/customers/{id}/erase")]
pub async fn account_erase(
    actor: StaffActor,
    state: web::Data<AppState>,
    id: web::Path<UserId>,
) -> Result<HttpResponse, ApiError> {
    erase(actor, state, CustomerRef::Account(id.into_inner())).await
}

/// Erases a guest's data as for an account (DPDP Act 2023, s. 12(3)). Admins only; audited.
#[utoipa::path(
    tag = "admin",
    params(("key" = String, Path, description = "The guest's key from the customers list")),
    responses(
        (status = 200, description = "Erased; the orders kept", body = Erasure),
        (status = 403, description = "Not an admin, or the second factor is pending", body = ErrorBody),
        (status = 404, description = "No such guest (or already erased)", body = ErrorBody),
    )
)]
#[post("/guests/{key}/erase")]
pub async fn guest_erase(
    actor: StaffActor,
    state: web::Data<AppState>,
    key: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    erase(actor, state, CustomerRef::Guest(guest_key(&key)?)).await
}
