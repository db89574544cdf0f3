//! `POST /{version}/{phone-number-id}/messages`, answered as Meta's Cloud API would: its
//! success body, or its error body (`{"error":{"message","type","code","error_data",
//! "fbtrace_id"}}`) with the code a real request of that kind gets.

use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::refusal::Refusal;
use crate::state::{Failure, Provider, Received, State};

pub(crate) async fn send(
    state: web::Data<State>,
    request: HttpRequest,
    path: web::Path<(String, String)>,
    body: web::Bytes,
) -> HttpResponse {
    if let Some(failure) = state.begin(Provider::Whatsapp) {
        tokio::time::sleep(Duration::from_millis(failure.delay_ms)).await;
        if let Some(status) = failure.status {
            return injected(status, &failure).answer();
        }
    }
    match accept(&state, &request, &path.1, &body) {
        Ok(received) => {
            let answer = json!({
                "messaging_product": "whatsapp",
                "contacts": [{"input": received.to, "wa_id": received.to}],
                "messages": [{"id": received.provider_id}],
            });
            state.record(received);
            HttpResponse::Ok().json(answer)
        }
        Err(refusal) => refusal.answer(),
    }
}

/// The request checked as Meta checks it, or Meta's refusal.
fn accept(
    state: &State,
    request: &HttpRequest,
    phone_number_id: &str,
    body: &[u8],
) -> Result<Received, Refusal> {
    let config = &state.config;
    let token = request
        .headers()
        .get("authorization")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "));
    if token != Some(config.whatsapp_token.as_str()) {
        return Err(error(
            401,
            190,
            "OAuthException",
            "Invalid OAuth access token - Cannot parse access token",
            None,
        ));
    }
    if phone_number_id != config.phone_number_id {
        return Err(error(
            400,
            100,
            "GraphMethodException",
            &format!(
                "Unsupported post request. Object with ID '{phone_number_id}' does not exist, \
                 cannot be loaded due to missing permissions, or does not support this operation"
            ),
            None,
        ));
    }
    let body: Value = serde_json::from_slice(body).map_err(|_| invalid("the body is not JSON"))?;
    if body["messaging_product"] != "whatsapp" {
        return Err(invalid("The parameter messaging_product is required."));
    }
    if body["type"] != "template" {
        return Err(invalid("Only template messages are simulated."));
    }
    let to = body["to"].as_str().unwrap_or_default();
    let digits = to.strip_prefix('+').unwrap_or(to);
    if !(8..=15).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid(&format!("Invalid 'to' parameter: {to:?}")));
    }
    if config.undeliverable.iter().any(|number| number == digits) {
        return Err(error(
            400,
            131026,
            "OAuthException",
            "(#131026) Message undeliverable",
            Some("The recipient is not a WhatsApp user."),
        ));
    }
    let template = &body["template"];
    let name = template["name"].as_str().unwrap_or_default();
    let language = template["language"]["code"].as_str().unwrap_or_default();
    let (variables, buttons) = parameters(template)?;
    if let Some(templates) = &config.whatsapp_templates {
        let Some(known) = templates
            .iter()
            .find(|known| known.name == name && known.language == language)
        else {
            return Err(error(
                404,
                132001,
                "OAuthException",
                "(#132001) Template name does not exist in the translation",
                Some(&format!(
                    "template name ({name}) does not exist in {language}"
                )),
            ));
        };
        if known.params.is_some_and(|params| params != variables.len()) {
            return Err(error(
                400,
                132000,
                "OAuthException",
                "(#132000) Number of parameters does not match the expected number of params",
                Some(&format!(
                    "body: number of localizable_params ({}) does not match the expected \
                     number of params ({})",
                    variables.len(),
                    known.params.unwrap_or_default()
                )),
            ));
        }
    }
    Ok(Received {
        provider: Provider::Whatsapp,
        to: digits.to_owned(),
        template: name.to_owned(),
        language: Some(language.to_owned()),
        variables,
        buttons,
        provider_id: format!("wamid.SIM{}", Uuid::new_v4().simple()),
        body,
    })
}

/// The body's text parameters and the buttons' ones, refused as Meta refuses line breaks,
/// tabs and long runs of spaces.
fn parameters(template: &Value) -> Result<(Vec<String>, Vec<String>), Refusal> {
    let (mut variables, mut buttons) = (Vec::new(), Vec::new());
    for component in template["components"].as_array().into_iter().flatten() {
        let list = match component["type"].as_str() {
            Some("body") => &mut variables,
            Some("button") => &mut buttons,
            _ => continue,
        };
        for parameter in component["parameters"].as_array().into_iter().flatten() {
            let text = parameter["text"].as_str().unwrap_or_default();
            if text.contains(['\n', '\t']) || text.contains("     ") {
                return Err(invalid(
                    "Param text cannot have new-line/tab characters or more than 4 \
                     consecutive spaces",
                ));
            }
            list.push(text.to_owned());
        }
    }
    Ok((variables, buttons))
}

/// The answer a test asked for.
fn injected(status: u16, failure: &Failure) -> Refusal {
    let code = failure.code.unwrap_or(match status {
        429 => 130429,
        500.. => 131000,
        _ => 100,
    });
    let message = failure
        .message
        .clone()
        .unwrap_or_else(|| format!("(#{code}) Simulated failure"));
    error(status, code, "OAuthException", &message, None)
}

fn invalid(details: &str) -> Refusal {
    error(
        400,
        100,
        "OAuthException",
        "(#100) Invalid parameter",
        Some(details),
    )
}

fn error(status: u16, code: i64, kind: &str, message: &str, details: Option<&str>) -> Refusal {
    let mut error = json!({
        "message": message,
        "type": kind,
        "code": code,
        "fbtrace_id": format!("Sim{}", Uuid::new_v4().simple()),
    });
    if let Some(details) = details {
        error["error_data"] = json!({"messaging_product": "whatsapp", "details": details});
    }
    Refusal {
        status,
        body: json!({ "error": error }),
    }
}
