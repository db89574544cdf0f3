//! `POST /api/v5/flow`, answered as MSG91's Flow API: `{"type":"success","message":"<request
//! id>"}`, or `{"type":"error","message":…}` with an HTTP status.

use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::{Map, Value, json};
use uuid::Uuid;

use crate::refusal::Refusal;
use crate::state::{Provider, Received, State};

pub(crate) async fn send(
    state: web::Data<State>,
    request: HttpRequest,
    body: web::Bytes,
) -> HttpResponse {
    if let Some(failure) = state.begin(Provider::Msg91) {
        tokio::time::sleep(Duration::from_millis(failure.delay_ms)).await;
        if let Some(status) = failure.status {
            let message = failure
                .message
                .unwrap_or_else(|| "Simulated failure".to_owned());
            return error(status, &message).answer();
        }
    }
    match accept(&state, &request, &body) {
        Ok(received) => {
            let answer = json!({"type": "success", "message": received.provider_id});
            state.record(received);
            HttpResponse::Ok().json(answer)
        }
        Err(refusal) => refusal.answer(),
    }
}

fn accept(state: &State, request: &HttpRequest, body: &[u8]) -> Result<Received, Refusal> {
    let config = &state.config;
    let authkey = request
        .headers()
        .get("authkey")
        .and_then(|value| value.to_str().ok());
    if authkey != Some(config.msg91_authkey.as_str()) {
        return Err(error(401, "Authentication failure: invalid authkey"));
    }
    let body: Value =
        serde_json::from_slice(body).map_err(|_| error(400, "Invalid JSON in request body"))?;
    let template_id = body["template_id"].as_str().unwrap_or_default();
    let known = match &config.msg91_templates {
        Some(templates) => Some(
            templates
                .iter()
                .find(|known| known.template_id == template_id)
                .ok_or_else(|| error(400, "Invalid template_id: the template is not found"))?,
        ),
        None if template_id.is_empty() => return Err(error(400, "template_id is required")),
        None => None,
    };
    let [recipient] = body["recipients"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
    else {
        return Err(error(400, "recipients must hold exactly one recipient"));
    };
    let recipient = recipient.as_object().cloned().unwrap_or_default();
    let to = recipient
        .get("mobiles")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if !(10..=15).contains(&to.len()) || !to.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error(400, &format!("Mobile number {to:?} is invalid")));
    }
    let variables = variables(&recipient);
    if let Some(expected) = known.and_then(|known| known.variables)
        && expected != variables.len()
    {
        return Err(error(
            400,
            &format!(
                "The template takes {expected} variables, the request gave {}",
                variables.len()
            ),
        ));
    }
    Ok(Received {
        provider: Provider::Msg91,
        to: to.to_owned(),
        template: template_id.to_owned(),
        language: None,
        variables,
        buttons: Vec::new(),
        provider_id: Uuid::new_v4().simple().to_string()[..24].to_owned(),
        body,
    })
}

/// `var1`, `var2`, … in their order.
fn variables(recipient: &Map<String, Value>) -> Vec<String> {
    let mut numbered: Vec<(usize, String)> = recipient
        .iter()
        .filter_map(|(name, value)| {
            let n = name.to_lowercase().strip_prefix("var")?.parse().ok()?;
            Some((
                n,
                value
                    .as_str()
                    .map_or_else(|| value.to_string(), str::to_owned),
            ))
        })
        .collect();
    numbered.sort();
    numbered.into_iter().map(|(_, value)| value).collect()
}

fn error(status: u16, message: &str) -> Refusal {
    Refusal {
        status,
        body: json!({"type": "error", "message": message}),
    }
}
