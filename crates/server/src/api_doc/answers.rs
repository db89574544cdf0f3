//! Answers many operations share, said once where the reason for them is rather than on each
//! handler: on a scope in `routes.rs` ([`Answering`]: the staff check's 401 and 403, the
//! anti-forgery check's 419), or for every operation when the document is finished
//! ([`unreadable_requests`]: 400, 413, 415). A handler that says more about one of these statuses
//! (`403`: "Not an admin") keeps its own words: a shared answer only fills a status the handler
//! left out.

use actix_web::dev::{AppService, HttpServiceFactory};
use utoipa::openapi::path::{Operation, ParameterIn, PathItem, Paths};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder, schema::Schema};
use utoipa_actix_web::OpenApiFactory;

/// An answer a scope gives besides what its handlers say.
pub struct Answer {
    status: &'static str,
    description: &'static str,
    to: Operations,
}

/// Which operations of the scope give an [`Answer`].
#[derive(Clone, Copy)]
enum Operations {
    Every,
    /// POST, PUT, PATCH and DELETE.
    Writes,
    /// Operations that take a body (all of them writes).
    TakingABody,
}

/// A staff scope, behind `admin::actor::require_staff`: 401 for a visitor, 403 for a shopper or
/// a role the route is not for (`admin::access`). Routes that name the pending second factor
/// say so themselves.
pub const STAFF: &[Answer] = &[
    Answer {
        status: "401",
        description: "Nobody is signed in",
        to: Operations::Every,
    },
    Answer {
        status: "403",
        description: "Not a staff account, or the account's role does not include this",
        to: Operations::Every,
    },
];

/// The `/api` scope: every write must echo the anti-forgery token (`request_guard`, before any
/// handler), and any body may hold an invalid field (handlers name what else a 422 means).
/// Rate limits (429) are not shared: only some forms have one, each saying its own.
pub const API: &[Answer] = &[
    Answer {
        status: "419",
        description: "Missing anti-forgery token",
        to: Operations::Writes,
    },
    Answer {
        status: "422",
        description: "A field is invalid",
        to: Operations::TakingABody,
    },
];

/// A scope (or a single service) whose operations also give `answers`, in the document. It
/// registers exactly as what it wraps.
pub struct Answering<S> {
    inner: S,
    answers: &'static [Answer],
}

/// `inner`, with `answers` added to each of its operations they apply to.
pub fn answering<S>(answers: &'static [Answer], inner: S) -> Answering<S> {
    Answering { inner, answers }
}

impl<S: HttpServiceFactory> HttpServiceFactory for Answering<S> {
    fn register(self, config: &mut AppService) {
        self.inner.register(config);
    }
}

impl<S: OpenApiFactory> OpenApiFactory for Answering<S> {
    fn paths(&self) -> Paths {
        let mut paths = self.inner.paths();
        for item in paths.paths.values_mut() {
            for (method, operation) in operations_mut(item) {
                for answer in self.answers {
                    let applies = match answer.to {
                        Operations::Every => true,
                        Operations::Writes => method != "get",
                        Operations::TakingABody => operation.request_body.is_some(),
                    };
                    if applies {
                        operation
                            .responses
                            .responses
                            .entry(answer.status.into())
                            .or_insert_with(|| error(answer.description));
                    }
                }
            }
        }
        paths
    }

    fn schemas(&self, schemas: &mut Vec<(String, RefOr<Schema>)>) {
        self.inner.schemas(schemas);
    }
}

/// What any operation may answer before its handler runs: 400 when a body or query string
/// cannot be read as its shape (not JSON, a number too large, a broken multipart form), 413 when
/// a body is larger than the server takes, 415 when a body is not the declared media type.
pub fn unreadable_requests(item: &mut PathItem) {
    for (_, operation) in operations_mut(item) {
        let has_query = operation
            .parameters
            .iter()
            .flatten()
            .any(|parameter| matches!(parameter.parameter_in, ParameterIn::Query));
        let has_body = operation.request_body.is_some();
        let responses = &mut operation.responses.responses;
        if has_body || has_query {
            responses.entry("400".into()).or_insert_with(|| {
                error("The body or query string cannot be read (not JSON, or not of its shape)")
            });
        }
        if has_body {
            responses
                .entry("413".into())
                .or_insert_with(|| error("The body is larger than the server takes"));
            responses
                .entry("415".into())
                .or_insert_with(|| error("The body is not of the declared media type"));
        }
    }
}

/// The operations of `item`, each with its method in lower case.
pub fn operations_mut(item: &mut PathItem) -> impl Iterator<Item = (&'static str, &mut Operation)> {
    [
        ("get", &mut item.get),
        ("post", &mut item.post),
        ("put", &mut item.put),
        ("patch", &mut item.patch),
        ("delete", &mut item.delete),
    ]
    .into_iter()
    .filter_map(|(method, operation)| Some((method, operation.as_mut()?)))
}

/// An error answer (`ErrorBody`) described as `description`.
fn error(description: &str) -> RefOr<Response> {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build()
        .into()
}

#[cfg(test)]
mod tests {
    use actix_web::{HttpResponse, delete, get, post};
    use utoipa_actix_web::{AppExt, scope};

    use super::*;

    #[utoipa::path(responses((status = 200, description = "Read")))]
    #[get("/thing")]
    async fn read() -> HttpResponse {
        HttpResponse::Ok().finish()
    }

    #[utoipa::path(
        request_body = String,
        responses((status = 200, description = "Written"), (status = 403, description = "Not an admin"))
    )]
    #[post("/thing")]
    async fn write() -> HttpResponse {
        HttpResponse::Ok().finish()
    }

    #[utoipa::path(responses((status = 204, description = "Gone")))]
    #[delete("/thing")]
    async fn remove() -> HttpResponse {
        HttpResponse::NoContent().finish()
    }

    /// Each status of `operation` with its description.
    fn answers(operation: &Option<Operation>) -> Vec<(&str, &str)> {
        let Some(operation) = operation else {
            return Vec::new();
        };
        operation
            .responses
            .responses
            .iter()
            .map(|(status, response)| match response {
                RefOr::T(response) => (status.as_str(), response.description.as_str()),
                RefOr::Ref(_) => (status.as_str(), "a reference"),
            })
            .collect()
    }

    #[test]
    fn a_scope_fills_in_what_its_handlers_leave_out() {
        let (_, document) = actix_web::App::new()
            .into_utoipa_app()
            .service(answering(
                API,
                scope::scope("/api").service(answering(
                    STAFF,
                    scope::scope("/admin")
                        .service(read)
                        .service(write)
                        .service(remove),
                )),
            ))
            .split_for_parts();
        let item = &document.paths.paths["/api/admin/thing"];
        let (signed_in, staff) = (
            ("401", "Nobody is signed in"),
            (
                "403",
                "Not a staff account, or the account's role does not include this",
            ),
        );
        assert_eq!(answers(&item.get), [("200", "Read"), signed_in, staff]);
        assert_eq!(
            answers(&item.post),
            [
                ("200", "Written"),
                signed_in,
                ("403", "Not an admin"),
                ("419", "Missing anti-forgery token"),
                ("422", "A field is invalid"),
            ]
        );
        // A write without a body has nothing to find invalid.
        assert_eq!(
            answers(&item.delete),
            [
                ("204", "Gone"),
                signed_in,
                staff,
                ("419", "Missing anti-forgery token")
            ]
        );
    }
}
