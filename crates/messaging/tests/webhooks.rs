#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed test set-up should stop the test loudly

//! Providers' webhooks: Meta's signature and callback check, the events in its bodies (shaped as
//! its webhook reference shows them), and MSG91's delivery reports.

use messaging::msg91::report::{self, DeliveryReport, ReportStatus};
use messaging::whatsapp::webhook::{
    DeliveryStatus, Event, Reply, SignatureError, StatusError, VerificationError,
    answer_verification, parse_events, verify_signature,
};
use messaging::{PhoneNumber, ProviderId};
use provider_sim::{ProviderSim, SimConfig, StatusWebhook, sign_and_post, signature};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const SECRET: &str = "the-apps-secret";

fn at(seconds: i64) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::from_timestamp(seconds, 0).unwrap()
}

fn shopper() -> PhoneNumber {
    PhoneNumber::from_e164("+919847012345").unwrap()
}

// Signatures

#[test]
fn a_body_signed_with_the_app_secret_is_meta_s() {
    let body = br#"{"object":"whatsapp_business_account","entry":[]}"#;
    let header = signature(SECRET, body);
    assert_eq!(verify_signature(SECRET, body, Some(&header)), Ok(()));
}

#[test]
fn anything_else_is_refused() {
    let body = br#"{"object":"whatsapp_business_account","entry":[]}"#;
    let header = signature(SECRET, body);
    assert_eq!(
        verify_signature(SECRET, body, None),
        Err(SignatureError::Missing)
    );
    assert_eq!(
        verify_signature("another-secret", body, Some(&header)),
        Err(SignatureError::Mismatch)
    );
    let changed = br#"{"object":"whatsapp_business_account","entry":[{}]}"#;
    assert_eq!(
        verify_signature(SECRET, changed, Some(&header)),
        Err(SignatureError::Mismatch)
    );
    let hex_only = header.trim_start_matches("sha256=");
    assert_eq!(
        verify_signature(SECRET, body, Some(hex_only)),
        Err(SignatureError::Malformed)
    );
    assert_eq!(
        verify_signature(SECRET, body, Some("sha256=not-hex")),
        Err(SignatureError::Malformed)
    );
    let truncated = &header[..header.len() - 2];
    assert_eq!(
        verify_signature(SECRET, body, Some(truncated)),
        Err(SignatureError::Mismatch)
    );
}

/// One HTTP request taken on a raw socket: its headers (lower-cased names) and body.
async fn take_one_request(listener: tokio::net::TcpListener) -> (Vec<(String, String)>, Vec<u8>) {
    let (mut socket, _) = listener.accept().await.unwrap();
    let mut bytes = Vec::new();
    let mut buffer = [0; 4096];
    let (headers, body_start) = loop {
        let n = socket.read(&mut buffer).await.unwrap();
        bytes.extend_from_slice(&buffer[..n]);
        if let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8(bytes[..end].to_vec()).unwrap();
            let headers: Vec<(String, String)> = head
                .lines()
                .skip(1)
                .filter_map(|line| line.split_once(':'))
                .map(|(name, value)| (name.trim().to_lowercase(), value.trim().to_owned()))
                .collect();
            break (headers, end + 4);
        }
    };
    let length: usize = headers
        .iter()
        .find(|(name, _)| name == "content-length")
        .map(|(_, value)| value.parse().unwrap())
        .unwrap();
    while bytes.len() < body_start + length {
        let n = socket.read(&mut buffer).await.unwrap();
        bytes.extend_from_slice(&buffer[..n]);
    }
    socket
        .write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
        .await
        .unwrap();
    (headers, bytes[body_start..].to_vec())
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

#[tokio::test]
async fn the_simulators_webhooks_arrive_signed_as_meta_signs() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!(
        "http://{}/webhooks/whatsapp",
        listener.local_addr().unwrap()
    );
    let receiver = tokio::spawn(take_one_request(listener));
    let body = provider_sim::text_webhook("100000000000001", "919847012345", "STOP", 1_749_416_383);
    let status = sign_and_post(&url, SECRET, body.to_string().as_bytes())
        .await
        .unwrap();
    assert_eq!(status, 200);

    let (headers, raw) = receiver.await.unwrap();
    assert_eq!(
        verify_signature(SECRET, &raw, header(&headers, "x-hub-signature-256")),
        Ok(())
    );
    let events = parse_events(&raw).unwrap();
    assert!(matches!(&events[..], [Event::Reply(reply)] if reply.is_stop()));
}

#[tokio::test]
async fn a_shell_stage_can_have_the_simulator_post_a_delivery_receipt() {
    let sim = ProviderSim::start(SimConfig::default()).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!(
        "http://{}/webhooks/whatsapp",
        listener.local_addr().unwrap()
    );
    let receiver = tokio::spawn(take_one_request(listener));
    let answer: serde_json::Value = reqwest::Client::new()
        .post(format!("{}/__sim/webhook", sim.url()))
        .json(&json!({"url": url, "status": StatusWebhook {
            provider_id: "wamid.ABC".into(),
            status: "failed".into(),
            recipient: "919847012345".into(),
            timestamp: 1_749_416_383,
            error: Some((131026, "Message undeliverable".into())),
        }}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(answer, json!({"status": 200}));

    let (headers, raw) = receiver.await.unwrap();
    let app_secret = &sim.config().app_secret;
    assert_eq!(
        verify_signature(app_secret, &raw, header(&headers, "x-hub-signature-256")),
        Ok(())
    );
    assert_eq!(
        parse_events(&raw).unwrap(),
        [Event::Status(messaging::whatsapp::webhook::StatusUpdate {
            provider_id: ProviderId("wamid.ABC".into()),
            status: DeliveryStatus::Failed,
            at: at(1_749_416_383),
            error: Some(StatusError {
                code: 131026,
                title: "Message undeliverable".into(),
                details: Some("Message undeliverable".into()),
            }),
        })]
    );
}

// The callback URL's check

#[test]
fn the_callback_check_is_answered_with_the_challenge_only_for_the_shops_token() {
    let token = "a-long-verify-token";
    assert_eq!(
        answer_verification(
            "hub.mode=subscribe&hub.verify_token=a-long-verify-token&hub.challenge=1158201444",
            token
        ),
        Ok("1158201444".into())
    );
    assert_eq!(
        answer_verification(
            "hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444",
            token
        ),
        Err(VerificationError::WrongToken)
    );
    assert_eq!(
        answer_verification("hub.mode=subscribe&hub.challenge=1", token),
        Err(VerificationError::WrongToken)
    );
    assert_eq!(
        answer_verification(
            "hub.mode=unsubscribe&hub.verify_token=a-long-verify-token&hub.challenge=1",
            token
        ),
        Err(VerificationError::NotSubscribe)
    );
    assert_eq!(
        answer_verification(
            "hub.mode=subscribe&hub.verify_token=a-long-verify-token",
            token
        ),
        Err(VerificationError::NoChallenge)
    );
    assert_eq!(
        answer_verification("hub.mode=subscribe&hub.verify_token=&hub.challenge=1", ""),
        Err(VerificationError::WrongToken),
        "a shop without a token accepts no check"
    );
}

// Events, in the shapes of Meta's messages webhook reference

fn envelope(value: serde_json::Value) -> Vec<u8> {
    json!({
        "object": "whatsapp_business_account",
        "entry": [{
            "id": "102290129340398",
            "changes": [{"value": value, "field": "messages"}],
        }],
    })
    .to_string()
    .into_bytes()
}

fn metadata() -> serde_json::Value {
    json!({"display_phone_number": "15550783881", "phone_number_id": "106540352242922"})
}

#[test]
fn statuses_report_sent_delivered_read_and_failed() {
    let body = envelope(json!({
        "messaging_product": "whatsapp",
        "metadata": metadata(),
        "statuses": [
            {
                "id": "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA",
                "status": "delivered",
                "timestamp": "1750263773",
                "recipient_id": "919847012345",
                "conversation": {
                    "id": "CONVERSATION_ID",
                    "origin": {"type": "utility"}
                },
                "pricing": {"billable": true, "pricing_model": "PMP", "category": "utility"}
            },
            {"id": "wamid.B", "status": "read", "timestamp": "1750263800", "recipient_id": "919847012345"},
            {"id": "wamid.C", "status": "sent", "timestamp": "1750263700", "recipient_id": "919847012345"},
            {
                "id": "wamid.D",
                "status": "failed",
                "timestamp": "1750263900",
                "recipient_id": "919800000000",
                "errors": [{
                    "code": 131026,
                    "title": "Message undeliverable",
                    "message": "Message undeliverable",
                    "error_data": {"details": "Message Undeliverable."},
                    "href": "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/"
                }]
            },
            {
                "id": "wamid.E",
                "status": "failed",
                "timestamp": "1750263901",
                "recipient_id": "919800000001",
                "errors": [{"code": 131049, "title": "This message was not delivered to maintain healthy ecosystem engagement."}]
            },
            {"id": "wamid.F", "status": "deleted", "timestamp": "1750263902", "recipient_id": "919847012345"}
        ]
    }));
    let events = parse_events(&body).unwrap();
    let statuses: Vec<_> = events
        .iter()
        .map(|event| match event {
            Event::Status(status) => (status.provider_id.as_str(), status.status, status.at),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        statuses,
        [
            (
                "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA",
                DeliveryStatus::Delivered,
                at(1_750_263_773)
            ),
            ("wamid.B", DeliveryStatus::Read, at(1_750_263_800)),
            ("wamid.C", DeliveryStatus::Sent, at(1_750_263_700)),
            ("wamid.D", DeliveryStatus::Failed, at(1_750_263_900)),
            ("wamid.E", DeliveryStatus::Failed, at(1_750_263_901)),
        ],
        "`deleted` is left out"
    );
    let Event::Status(undeliverable) = &events[3] else {
        unreachable!()
    };
    let error = undeliverable.error.as_ref().unwrap();
    assert_eq!(
        (error.code, error.title.as_str(), error.details.as_deref()),
        (
            131026,
            "Message undeliverable",
            Some("Message Undeliverable.")
        )
    );
    assert!(!error.is_retryable());
    let Event::Status(throttled) = &events[4] else {
        unreachable!()
    };
    assert!(throttled.error.as_ref().unwrap().is_retryable());
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::Status(s) if s.error.is_none()))
            .count(),
        3
    );
}

fn text_reply(text: &str) -> Vec<u8> {
    envelope(json!({
        "messaging_product": "whatsapp",
        "metadata": metadata(),
        "contacts": [{"profile": {"name": "Anu"}, "wa_id": "919847012345"}],
        "messages": [{
            "from": "919847012345",
            "id": "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=",
            "timestamp": "1749416383",
            "type": "text",
            "text": {"body": text}
        }]
    }))
}

fn only_reply(body: &[u8]) -> Reply {
    match parse_events(body).unwrap().as_slice() {
        [Event::Reply(reply)] => reply.clone(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_text_reply_names_its_sender_and_stop_is_recognised() {
    let reply = only_reply(&text_reply("Does it come in 5 kg?"));
    assert_eq!(
        reply,
        Reply {
            from: shopper(),
            text: "Does it come in 5 kg?".into(),
            button_payload: None,
            provider_id: ProviderId(
                "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=".into()
            ),
            at: at(1_749_416_383),
        }
    );
    assert!(!reply.is_stop());

    for stop in [
        "STOP",
        "stop",
        "STOP ",
        " Stop.",
        "stop!",
        "STOP ALL",
        "Unsubscribe",
    ] {
        assert!(only_reply(&text_reply(stop)).is_stop(), "{stop:?}");
    }
    for not_stop in [
        "Please don't stop my order",
        "stopped?",
        "STOPPING",
        "s t o p",
        "",
    ] {
        assert!(!only_reply(&text_reply(not_stop)).is_stop(), "{not_stop:?}");
    }
}

#[test]
fn metas_opt_out_button_and_preferences_are_recognised() {
    // A quick-reply button of a template: Meta's marketing opt-out is one, "Stop promotions".
    let button = envelope(json!({
        "messaging_product": "whatsapp",
        "metadata": metadata(),
        "contacts": [{"profile": {"name": "Anu"}, "wa_id": "919847012345"}],
        "messages": [{
            "context": {"from": "15550783881", "id": "wamid.SENT"},
            "from": "919847012345",
            "id": "wamid.BUTTON",
            "timestamp": "1749416400",
            "type": "button",
            "button": {"text": "Stop promotions", "payload": "Stop promotions"}
        }]
    }));
    let reply = only_reply(&button);
    assert!(reply.is_stop());
    assert_eq!(reply.button_payload.as_deref(), Some("Stop promotions"));

    let other_button = String::from_utf8(button.clone())
        .unwrap()
        .replace("Stop promotions", "Track order");
    assert!(!only_reply(other_button.as_bytes()).is_stop());

    // The user_preferences webhook (a different field), with its numeric timestamp.
    let preferences = json!({
        "object": "whatsapp_business_account",
        "entry": [{"id": "102290129340398", "changes": [{
            "value": {
                "messaging_product": "whatsapp",
                "metadata": metadata(),
                "contacts": [{"wa_id": "919847012345"}],
                "user_preferences": [{
                    "wa_id": "919847012345",
                    "detail": "User requested to stop marketing messages",
                    "category": "marketing_messages",
                    "value": "stop",
                    "timestamp": 1731705721
                }]
            },
            "field": "user_preferences"
        }]}]
    });
    assert_eq!(
        parse_events(preferences.to_string().as_bytes()).unwrap(),
        [Event::MarketingPreference {
            from: shopper(),
            stop: true,
            at: at(1_731_705_721),
        }]
    );
}

#[test]
fn what_the_shop_does_not_act_on_is_left_out_and_garbage_refused() {
    let image = envelope(json!({
        "messaging_product": "whatsapp",
        "metadata": metadata(),
        "messages": [{
            "from": "919847012345", "id": "wamid.IMG", "timestamp": "1749416383",
            "type": "image",
            "image": {"caption": "leaf spots", "mime_type": "image/jpeg", "sha256": "x", "id": "1"}
        }]
    }));
    assert_eq!(parse_events(&image).unwrap(), []);
    let template_status = json!({"object": "whatsapp_business_account", "entry": [{"id": "1",
        "changes": [{"field": "message_template_status_update",
                     "value": {"event": "APPROVED", "message_template_name": "order_placed"}}]}]});
    assert_eq!(
        parse_events(template_status.to_string().as_bytes()).unwrap(),
        []
    );
    assert!(parse_events(b"<html>").is_err());
    assert!(
        parse_events(br#"{"entry":[{"changes":[{"value":{"statuses":[{"id":"x"}]}}]}]}"#).is_err()
    );
}

// MSG91 delivery reports, in the shapes of its help pages

#[test]
fn msg91s_json_reports_are_read() {
    let v3 = br#"{
        "date": "2024-05-22 09:58:16", "number": "919847012345", "senderId": "VITHUA",
        "amount": "0.01", "requestId": "346a6b6c6d6e6f7071727374", "INMSID": "0",
        "CRQID": "0", "credit": "1", "userId": "27XXXX", "campaignName": "API",
        "status": "1", "desc": "DELIVERED"
    }"#;
    assert_eq!(
        report::parse_json(v3).unwrap(),
        [DeliveryReport {
            provider_id: ProviderId("346a6b6c6d6e6f7071727374".into()),
            number: Some("919847012345".into()),
            status: ReportStatus::Delivered,
            description: Some("DELIVERED".into()),
            at: Some("2024-05-22 09:58:16".into()),
        }]
    );
    let new_webhook = br#"[{"requestId": "346a", "status": 2, "telNum": "919800000000",
        "deliveryTime": "2024-05-22 10:00:00", "failureReason": "Absent subscriber"},
        {"requestId": "346b", "status": "17", "telNum": "919800000001"}]"#;
    let reports = report::parse_json(new_webhook).unwrap();
    assert_eq!(reports[0].status, ReportStatus::Failed);
    assert_eq!(reports[0].description.as_deref(), Some("Absent subscriber"));
    assert_eq!(reports[0].number.as_deref(), Some("919800000000"));
    assert_eq!(reports[1].status, ReportStatus::Blocked);
    assert!(
        report::parse_json(br#"{"status": "1"}"#).is_err(),
        "no request id"
    );
}

#[test]
fn msg91s_form_reports_are_read() {
    let data = r#"[{"senderId":"VITHUA","requestId":"346a6b","report":[{"date":"2024-05-22 10:06:20","amount":"0.01","clientid":"","INMSID":"0","CRQID":"0","ctCode":"900","number":"919847012345","credit":"1","status":"1","desc":"DELIVERED","failedReason":""},{"date":"2024-05-22 10:06:21","number":"919800000000","status":"16","desc":"","failedReason":"DLT template mismatch"}],"userId":"27XXXX","campaignName":"Sendhttp"}]"#;
    let body: String = url_encode(&[("data", data)]);
    let reports = report::parse_form(body.as_bytes()).unwrap();
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0].provider_id, ProviderId("346a6b".into()));
    assert_eq!(reports[0].status, ReportStatus::Delivered);
    assert_eq!(reports[1].status, ReportStatus::Rejected);
    assert_eq!(
        reports[1].description.as_deref(),
        Some("DLT template mismatch")
    );
    assert!(matches!(
        report::parse_form(b"other=1"),
        Err(report::ReportError::NoData)
    ));
}

fn url_encode(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(name, value)| {
            let encode = |s: &str| {
                s.bytes()
                    .map(|b| match b {
                        b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                            (b as char).to_string()
                        }
                        _ => format!("%{b:02X}"),
                    })
                    .collect::<String>()
            };
            format!("{}={}", encode(name), encode(value))
        })
        .collect::<Vec<_>>()
        .join("&")
}
