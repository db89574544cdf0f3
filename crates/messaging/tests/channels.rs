#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed test set-up should stop the test loudly

//! Each channel against the provider simulator: what the provider receives, and how each kind
//! of failure is read (try again, or give up and tell staff).

use std::sync::Arc;
use std::time::Duration;

use messaging::{
    Channel, FileChannel, Locale, Message, Msg91Config, Msg91Sms, PhoneNumber, SendError,
    TemplateKey, WhatsAppCloud, WhatsAppConfig,
};
use provider_sim::{Failure, Provider, ProviderSim, SimConfig, SimSmsTemplate, SimTemplate};
use serde_json::json;

fn message(
    template: TemplateKey,
    language: Locale,
    variables: &[&str],
    link: Option<&str>,
) -> Message {
    Message {
        to: PhoneNumber::parse("+91 98470-12345", &[]).unwrap(),
        language,
        template,
        variables: variables.iter().map(|v| v.to_string()).collect(),
        link: link.map(str::to_owned),
        text: "the words as the shopper reads them".into(),
    }
}

fn order_shipped() -> Message {
    message(
        TemplateKey::OrderShipped,
        Locale::Ml,
        &["അനു", "A1B2C3", "India Post"],
        Some("orders/A1B2C3"),
    )
}

/// The simulator with the shop's templates approved (as a real account would have them).
fn strict_sim_config() -> SimConfig {
    SimConfig {
        whatsapp_templates: Some(vec![
            SimTemplate {
                name: "order_shipped".into(),
                language: "ml".into(),
                params: Some(3),
            },
            SimTemplate {
                name: "sign_in_code".into(),
                language: "en_US".into(),
                params: Some(1),
            },
        ]),
        msg91_templates: Some(vec![
            SimSmsTemplate {
                template_id: "64f0c1e2d6fc05278c7d47e2".into(),
                variables: Some(4),
            },
            SimSmsTemplate {
                template_id: "64f0c1e2d6fc05278c7d4ccc".into(),
                variables: Some(1),
            },
        ]),
        undeliverable: vec!["919800000000".into()],
        ..SimConfig::default()
    }
}

fn whatsapp_config(sim: &ProviderSim) -> WhatsAppConfig {
    let config = sim.config();
    let mut whatsapp = WhatsAppConfig::new(
        config.phone_number_id.clone(),
        config.whatsapp_token.clone(),
        config.app_secret.clone(),
        "verify-me",
    )
    .with_templates("sign_in_code.en=sign_in_code:en_US")
    .unwrap();
    whatsapp.base_url = sim.url();
    whatsapp.timeout = Duration::from_secs(5);
    whatsapp
}

fn whatsapp(sim: &ProviderSim) -> WhatsAppCloud {
    WhatsAppCloud::new(whatsapp_config(sim)).unwrap()
}

fn msg91_config(sim: &ProviderSim) -> Msg91Config {
    let mut config = Msg91Config::new(
        sim.config().msg91_authkey.clone(),
        "order_shipped=64f0c1e2d6fc05278c7d47e2, sign_in_code=64f0c1e2d6fc05278c7d4ccc",
    )
    .unwrap();
    config.base_url = sim.url();
    config.sender = Some("VITHUA".into());
    config.timeout = Duration::from_secs(5);
    config
}

fn msg91(sim: &ProviderSim) -> Msg91Sms {
    Msg91Sms::new(msg91_config(sim)).unwrap()
}

fn give_up_code(result: Result<messaging::ProviderId, SendError>) -> String {
    match result {
        Err(SendError::GiveUp { code, .. }) => code,
        other => panic!("expected to give up, got {other:?}"),
    }
}

fn retry_reason(result: Result<messaging::ProviderId, SendError>) -> String {
    match result {
        Err(SendError::Retry { reason }) => reason,
        other => panic!("expected to try again, got {other:?}"),
    }
}

/// A port nothing listens on.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

// WhatsApp

#[tokio::test]
async fn whatsapp_sends_the_cloud_apis_template_message() {
    let sim = ProviderSim::start(strict_sim_config()).await.unwrap();
    let id = whatsapp(&sim).send(&order_shipped()).await.unwrap();

    let received = sim.received();
    assert_eq!(received.len(), 1);
    assert_eq!(id.as_str(), received[0].provider_id);
    assert!(id.as_str().starts_with("wamid."));
    assert_eq!(
        received[0].body,
        json!({
            "messaging_product": "whatsapp",
            "recipient_type": "individual",
            "to": "919847012345",
            "type": "template",
            "template": {
                "name": "order_shipped",
                "language": {"code": "ml"},
                "components": [
                    {"type": "body", "parameters": [
                        {"type": "text", "text": "അനു"},
                        {"type": "text", "text": "A1B2C3"},
                        {"type": "text", "text": "India Post"},
                    ]},
                    {"type": "button", "sub_type": "url", "index": "0", "parameters": [
                        {"type": "text", "text": "orders/A1B2C3"},
                    ]},
                ],
            },
        })
    );
}

#[tokio::test]
async fn a_sign_in_code_goes_in_the_body_and_the_copy_code_button() {
    let sim = ProviderSim::start(strict_sim_config()).await.unwrap();
    let code = message(TemplateKey::SignInCode, Locale::En, &["482913"], None);
    whatsapp(&sim).send(&code).await.unwrap();

    let received = &sim.received()[0];
    assert_eq!(received.template, "sign_in_code");
    assert_eq!(received.language.as_deref(), Some("en_US"));
    assert_eq!(received.variables, ["482913"]);
    assert_eq!(received.buttons, ["482913"]);
    assert_eq!(
        received.body["template"]["components"][1],
        json!({"type": "button", "sub_type": "url", "index": "0",
               "parameters": [{"type": "text", "text": "482913"}]})
    );
}

#[tokio::test]
async fn whatsapp_gives_up_on_what_will_fail_again() {
    let sim = ProviderSim::start(strict_sim_config()).await.unwrap();

    // A wrong token: Meta's 190.
    let mut config = whatsapp_config(&sim);
    config.access_token = "expired".into();
    let wrong_token = WhatsAppCloud::new(config).unwrap();
    assert_eq!(
        give_up_code(wrong_token.send(&order_shipped()).await),
        "190"
    );

    // A template Meta does not have in that language: 132001.
    let tamil = Message {
        language: Locale::Ta,
        ..order_shipped()
    };
    assert_eq!(give_up_code(whatsapp(&sim).send(&tamil).await), "132001");

    // Parameters the template does not take: 132000.
    let short = message(TemplateKey::OrderShipped, Locale::Ml, &["അനു"], None);
    assert_eq!(give_up_code(whatsapp(&sim).send(&short).await), "132000");

    // A number that is not on WhatsApp: 131026.
    let nobody = Message {
        to: PhoneNumber::parse("98000 00000", &[]).unwrap(),
        ..order_shipped()
    };
    assert_eq!(give_up_code(whatsapp(&sim).send(&nobody).await), "131026");

    // A phone-number id Meta does not know: 100.
    let mut config = whatsapp_config(&sim);
    config.phone_number_id = "999".into();
    let stranger = WhatsAppCloud::new(config).unwrap();
    assert_eq!(give_up_code(stranger.send(&order_shipped()).await), "100");

    assert!(sim.received().is_empty(), "{:?}", sim.received());
    assert_eq!(sim.attempts(), 5);
}

#[tokio::test]
async fn a_message_without_a_template_is_not_sent_at_all() {
    let sim = ProviderSim::start(strict_sim_config()).await.unwrap();
    let mut config = whatsapp_config(&sim);
    config.templates = messaging::TemplateMap::default();
    let channel = WhatsAppCloud::new(config).unwrap();
    assert_eq!(
        channel.send(&order_shipped()).await,
        Err(SendError::give_up(
            "no_template",
            "no WhatsApp template is set for order_shipped in ml"
        ))
    );
    assert_eq!(sim.attempts(), 0);
}

#[tokio::test]
async fn whatsapp_tries_again_after_rate_limits_and_server_errors() {
    let sim = ProviderSim::start(strict_sim_config()).await.unwrap();
    let channel = whatsapp(&sim);

    for code in [130429, 131056, 80007] {
        sim.fail(Failure {
            status: Some(400),
            code: Some(code),
            times: 1,
            ..Failure::default()
        });
        let reason = retry_reason(channel.send(&order_shipped()).await);
        assert!(reason.contains(&code.to_string()), "{reason}");
    }

    sim.fail_next(500, 2);
    assert!(channel.send(&order_shipped()).await.unwrap_err().is_retry());
    assert!(channel.send(&order_shipped()).await.unwrap_err().is_retry());
    // The provider is back: the same message goes.
    channel.send(&order_shipped()).await.unwrap();
    assert_eq!(sim.received().len(), 1);
    assert_eq!(sim.attempts(), 6);
}

#[tokio::test]
async fn a_provider_that_is_down_or_slow_means_later() {
    let sim = ProviderSim::start(strict_sim_config()).await.unwrap();
    let channel = whatsapp(&sim);

    sim.go_down().await;
    let reason = retry_reason(channel.send(&order_shipped()).await);
    assert!(reason.contains("could not connect"), "{reason}");
    sim.come_up().await.unwrap();
    channel.send(&order_shipped()).await.unwrap();

    let mut config = whatsapp_config(&sim);
    config.timeout = Duration::from_millis(300);
    let impatient = WhatsAppCloud::new(config).unwrap();
    sim.fail(Failure {
        delay_ms: 3_000,
        times: 1,
        ..Failure::default()
    });
    let started = std::time::Instant::now();
    let reason = retry_reason(impatient.send(&order_shipped()).await);
    assert!(reason.contains("did not answer in time"), "{reason}");
    assert!(started.elapsed() < Duration::from_secs(2));

    let mut config = whatsapp_config(&sim);
    config.base_url = format!("http://127.0.0.1:{}", closed_port());
    let nowhere = WhatsAppCloud::new(config).unwrap();
    assert!(nowhere.send(&order_shipped()).await.unwrap_err().is_retry());
}

// MSG91

#[tokio::test]
async fn msg91_sends_the_flow_apis_request_with_the_link_last() {
    let sim = ProviderSim::start(strict_sim_config()).await.unwrap();
    let id = msg91(&sim).send(&order_shipped()).await.unwrap();

    let received = sim.received();
    assert_eq!(received.len(), 1);
    assert_eq!(received[0].provider, Provider::Msg91);
    assert_eq!(id.as_str(), received[0].provider_id);
    assert_eq!(
        received[0].body,
        json!({
            "template_id": "64f0c1e2d6fc05278c7d47e2",
            "short_url": "0",
            "sender": "VITHUA",
            "recipients": [{
                "mobiles": "919847012345",
                "var1": "അനു",
                "var2": "A1B2C3",
                "var3": "India Post",
                "var4": "orders/A1B2C3",
            }],
        })
    );
}

#[tokio::test]
async fn msg91_gives_up_on_bad_credentials_templates_and_numbers() {
    let sim = ProviderSim::start(strict_sim_config()).await.unwrap();

    let mut config = msg91_config(&sim);
    config.authkey = "wrong".into();
    let wrong_key = Msg91Sms::new(config).unwrap();
    assert_eq!(
        give_up_code(wrong_key.send(&order_shipped()).await),
        "msg91_auth"
    );

    let mut config = msg91_config(&sim);
    config.templates = messaging::TemplateMap::default()
        .with_spec("order_shipped=000000000000000000000000", |_, _, id| {
            Ok(id.to_owned())
        })
        .unwrap();
    let unknown = Msg91Sms::new(config).unwrap();
    assert_eq!(
        give_up_code(unknown.send(&order_shipped()).await),
        "msg91_template"
    );

    let two_variables = message(TemplateKey::SignInCode, Locale::Ta, &["482913", "x"], None);
    assert_eq!(
        give_up_code(msg91(&sim).send(&two_variables).await),
        "msg91_template"
    );

    let no_template = message(TemplateKey::OrderRefunded, Locale::En, &[], None);
    assert_eq!(
        give_up_code(msg91(&sim).send(&no_template).await),
        "no_template"
    );

    assert!(sim.received().is_empty());
    assert_eq!(sim.attempts(), 3);
}

#[tokio::test]
async fn msg91_tries_again_when_down_failing_or_slow() {
    let sim = ProviderSim::start(strict_sim_config()).await.unwrap();
    let channel = msg91(&sim);

    sim.fail_next(500, 1);
    assert!(retry_reason(channel.send(&order_shipped()).await).contains("500"));

    sim.fail(Failure {
        status: Some(200),
        message: Some("Insufficient balance".into()),
        times: 1,
        provider: Some(Provider::Msg91),
        ..Failure::default()
    });
    assert!(channel.send(&order_shipped()).await.unwrap_err().is_retry());

    sim.go_down().await;
    assert!(channel.send(&order_shipped()).await.unwrap_err().is_retry());
    sim.come_up().await.unwrap();

    let mut config = msg91_config(&sim);
    config.timeout = Duration::from_millis(300);
    sim.fail(Failure {
        delay_ms: 3_000,
        times: 1,
        ..Failure::default()
    });
    let slow = Msg91Sms::new(config).unwrap();
    assert!(retry_reason(slow.send(&order_shipped()).await).contains("in time"));

    channel.send(&order_shipped()).await.unwrap();
    assert_eq!(sim.received().len(), 1);
}

#[tokio::test]
async fn a_failure_for_one_provider_leaves_the_other_alone() {
    let sim = ProviderSim::start(strict_sim_config()).await.unwrap();
    sim.fail(Failure {
        status: Some(503),
        times: 5,
        provider: Some(Provider::Whatsapp),
        ..Failure::default()
    });
    msg91(&sim).send(&order_shipped()).await.unwrap();
    assert!(
        whatsapp(&sim)
            .send(&order_shipped())
            .await
            .unwrap_err()
            .is_retry()
    );
}

// Files

#[tokio::test]
async fn with_no_provider_each_message_is_a_json_file() {
    let dir = tempfile::tempdir().unwrap();
    let channel = FileChannel::new(dir.path().join("messages"));
    let first = channel.send(&order_shipped()).await.unwrap();
    let code = message(TemplateKey::SignInCode, Locale::Ta, &["482913"], None);
    let second = channel.send(&code).await.unwrap();
    assert_ne!(first, second);

    let mut files: Vec<_> = std::fs::read_dir(channel.dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    let written: Vec<serde_json::Value> = files
        .iter()
        .map(|file| serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap())
        .collect();
    let shipped = written
        .iter()
        .find(|file| file["provider_id"] == first.as_str())
        .unwrap();
    assert_eq!(
        serde_json::from_value::<Message>(shipped["message"].clone()).unwrap(),
        order_shipped()
    );
    let sign_in = written
        .iter()
        .find(|file| file["provider_id"] == second.as_str())
        .unwrap();
    assert_eq!(sign_in["message"]["variables"], json!(["482913"]));
    assert!(
        files
            .iter()
            .any(|f| f.to_string_lossy().contains("sign_in_code"))
    );
}

#[tokio::test]
async fn every_channel_can_be_held_alike() {
    let sim = ProviderSim::start(SimConfig::default()).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let channels: Vec<Arc<dyn Channel>> = vec![
        Arc::new(whatsapp(&sim)),
        Arc::new(msg91(&sim)),
        Arc::new(FileChannel::new(dir.path())),
    ];
    let names: Vec<_> = channels.iter().map(|channel| channel.name()).collect();
    assert_eq!(names, ["whatsapp", "sms", "file"]);
    for channel in &channels {
        channel.send(&order_shipped()).await.unwrap();
    }
    assert_eq!(sim.received().len(), 2);
}
