//! `/__sim/…`: what shell stages and browser tests use to read and steer the simulator.

use std::time::Duration;

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::state::{Command, Failure, State};
use crate::webhook::{StatusWebhook, sign_and_post, status_webhook};

/// `GET /__sim/received`: every accepted request, oldest first.
pub(crate) async fn received(state: web::Data<State>) -> HttpResponse {
    HttpResponse::Ok().json(state.received())
}

/// `POST /__sim/reset`: forget requests and failures.
pub(crate) async fn reset(state: web::Data<State>) -> HttpResponse {
    state.reset();
    HttpResponse::NoContent().finish()
}

/// `POST /__sim/fail {"status":500,"times":3}`: the next requests fail so.
pub(crate) async fn fail(state: web::Data<State>, failure: web::Json<Failure>) -> HttpResponse {
    state.fail(failure.into_inner());
    HttpResponse::NoContent().finish()
}

#[derive(Deserialize)]
pub(crate) struct Down {
    seconds: f64,
}

/// `POST /__sim/down {"seconds":5}`: the port refuses connections for that long.
pub(crate) async fn down(state: web::Data<State>, down: web::Json<Down>) -> HttpResponse {
    let seconds = down.seconds.clamp(0.0, 3600.0);
    // The supervisor stops this very server: it answers first, then goes.
    let _ = state
        .commands
        .send(Command::DownFor(Duration::from_secs_f64(seconds)));
    HttpResponse::Accepted().json(json!({ "down_for_seconds": seconds }))
}

#[derive(Deserialize)]
pub(crate) struct Webhook {
    url: String,
    /// The body to sign and post, as is.
    body: Option<Value>,
    /// Or a status change to describe.
    status: Option<StatusWebhook>,
}

/// `POST /__sim/webhook {"url":…,"status":{…}}` (or `"body":{…}`): posts it signed with the
/// app secret; answers the shop's status.
pub(crate) async fn webhook(state: web::Data<State>, webhook: web::Json<Webhook>) -> HttpResponse {
    let Webhook { url, body, status } = webhook.into_inner();
    let body = match (body, status) {
        (Some(body), _) => body,
        (None, Some(status)) => status_webhook(&state.config.phone_number_id, &status),
        (None, None) => {
            return HttpResponse::BadRequest().json(json!({"error": "give `body` or `status`"}));
        }
    };
    match sign_and_post(&url, &state.config.app_secret, body.to_string().as_bytes()).await {
        Ok(status) => HttpResponse::Ok().json(json!({ "status": status })),
        Err(error) => HttpResponse::BadGateway().json(json!({ "error": error.to_string() })),
    }
}
