#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed test set-up should stop the test loudly

//! The `provider-sim` binary as shell stages use it: started on a free port, steered and read
//! over HTTP.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The running binary, killed when the test ends, passed or not.
struct Sim {
    child: Child,
    url: String,
}

impl Drop for Sim {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(args: &[&str]) -> Sim {
    let mut child = Command::new(env!("CARGO_BIN_EXE_provider-sim"))
        .args(["--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_owned();
    Sim {
        child,
        url: format!("http://{address}"),
    }
}

fn template_request(to: &str) -> Value {
    json!({
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": to,
        "type": "template",
        "template": {
            "name": "order_placed",
            "language": {"code": "ta"},
            "components": [{"type": "body", "parameters": [{"type": "text", "text": "A1B2C3"}]}],
        },
    })
}

async fn send_whatsapp(client: &reqwest::Client, sim: &Sim, token: &str) -> (u16, Value) {
    let response = client
        .post(format!("{}/v25.0/100000000000001/messages", sim.url))
        .bearer_auth(token)
        .json(&template_request("919847012345"))
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

async fn fetch_received(client: &reqwest::Client, sim: &Sim) -> Value {
    client
        .get(format!("{}/__sim/received", sim.url))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_binary_answers_as_meta_and_is_steered_over_http() {
    let sim = start(&["--whatsapp-token", "shell-token"]);
    let client = reqwest::Client::new();

    let (status, body) = send_whatsapp(&client, &sim, "shell-token").await;
    assert_eq!(status, 200, "{body}");
    let id = body["messages"][0]["id"].as_str().unwrap().to_owned();
    assert!(id.starts_with("wamid."));
    assert_eq!(body["contacts"][0]["wa_id"], "919847012345");

    let (status, body) = send_whatsapp(&client, &sim, "sim-whatsapp-token").await;
    assert_eq!((status, &body["error"]["code"]), (401, &json!(190)));

    let received = fetch_received(&client, &sim).await;
    assert_eq!(received.as_array().unwrap().len(), 1, "{received}");
    assert_eq!(received[0]["provider"], "whatsapp");
    assert_eq!(received[0]["template"], "order_placed");
    assert_eq!(received[0]["language"], "ta");
    assert_eq!(received[0]["to"], "919847012345");
    assert_eq!(received[0]["variables"], json!(["A1B2C3"]));
    assert_eq!(received[0]["provider_id"], id.as_str());

    let told = client
        .post(format!("{}/__sim/fail", sim.url))
        .json(&json!({"status": 500, "times": 2}))
        .send()
        .await
        .unwrap();
    assert_eq!(told.status().as_u16(), 204);
    for _ in 0..2 {
        let (status, body) = send_whatsapp(&client, &sim, "shell-token").await;
        assert_eq!((status, &body["error"]["code"]), (500, &json!(131000)));
    }
    assert_eq!(send_whatsapp(&client, &sim, "shell-token").await.0, 200);

    client
        .post(format!("{}/__sim/reset", sim.url))
        .send()
        .await
        .unwrap();
    let received = fetch_received(&client, &sim).await;
    assert_eq!(received, json!([]));
}

#[tokio::test]
async fn down_means_connections_refused_for_a_while() {
    let sim = start(&[]);
    let client = reqwest::Client::new();
    let asked = Instant::now();
    let answer = client
        .post(format!("{}/__sim/down", sim.url))
        .json(&json!({"seconds": 1.5}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status().as_u16(), 202);

    // Down within moments, refusing rather than hanging.
    let mut refused = false;
    while asked.elapsed() < Duration::from_secs(1) {
        match client
            .get(format!("{}/__sim/received", sim.url))
            .send()
            .await
        {
            Err(error) if error.is_connect() => {
                refused = true;
                break;
            }
            _ => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
    assert!(refused, "the port still answered a second after going down");

    // And up again on the same port.
    loop {
        if let Ok(answer) = client
            .get(format!("{}/__sim/received", sim.url))
            .send()
            .await
        {
            assert_eq!(answer.status().as_u16(), 200);
            assert!(asked.elapsed() >= Duration::from_millis(1400));
            break;
        }
        assert!(asked.elapsed() < Duration::from_secs(10), "never came back");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn msg91_requests_are_checked_and_recorded() {
    let sim = start(&["--msg91-authkey", "key-1"]);
    let client = reqwest::Client::new();
    let flow = |authkey: &str, mobiles: &str| {
        client
            .post(format!("{}/api/v5/flow", sim.url))
            .header("authkey", authkey)
            .json(&json!({
                "template_id": "64f0c1e2d6fc05278c7d47e2",
                "short_url": "0",
                "recipients": [{"mobiles": mobiles, "var2": "two", "var1": "one", "var10": "ten"}],
            }))
            .send()
    };
    let ok = flow("key-1", "919847012345").await.unwrap();
    assert_eq!(ok.status().as_u16(), 200);
    let body: Value = ok.json().await.unwrap();
    assert_eq!(body["type"], "success");
    assert_eq!(body["message"].as_str().unwrap().len(), 24);

    let wrong_key = flow("key-2", "919847012345").await.unwrap();
    assert_eq!(wrong_key.status().as_u16(), 401);
    let bad_number = flow("key-1", "98470").await.unwrap();
    assert_eq!(bad_number.status().as_u16(), 400);
    let body: Value = bad_number.json().await.unwrap();
    assert_eq!(body["type"], "error");

    let received = fetch_received(&client, &sim).await;
    assert_eq!(received.as_array().unwrap().len(), 1);
    assert_eq!(received[0]["provider"], "msg91");
    assert_eq!(received[0]["variables"], json!(["one", "two", "ten"]));
}
