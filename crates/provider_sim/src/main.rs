//! `provider-sim --port N`: the simulator for shell stages; prints `listening on
//! 127.0.0.1:N` once it accepts connections, and runs until killed.

use std::io::Write;
use std::path::PathBuf;

use clap::Parser;
use provider_sim::{ProviderSim, SimConfig};

#[derive(Parser)]
#[command(about = "Simulates Meta's WhatsApp Cloud API and MSG91's Flow API on 127.0.0.1")]
struct Args {
    /// The port to listen on; 0 picks a free one (printed).
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// A JSON file with the configuration (tokens, templates, undeliverable numbers); the
    /// options below override it.
    #[arg(long)]
    config: Option<PathBuf>,
    /// The bearer token WhatsApp requests must carry [default: sim-whatsapp-token].
    #[arg(long)]
    whatsapp_token: Option<String>,
    /// The phone-number id in WhatsApp request paths [default: 100000000000001].
    #[arg(long)]
    phone_number_id: Option<String>,
    /// The app secret webhooks are signed with [default: sim-app-secret].
    #[arg(long)]
    app_secret: Option<String>,
    /// The `authkey` header MSG91 requests must carry [default: sim-msg91-authkey].
    #[arg(long)]
    msg91_authkey: Option<String>,
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let mut config = match &args.config {
        Some(path) => serde_json::from_slice(&std::fs::read(path)?)?,
        None => SimConfig::default(),
    };
    let overrides = [
        (args.whatsapp_token, &mut config.whatsapp_token),
        (args.phone_number_id, &mut config.phone_number_id),
        (args.app_secret, &mut config.app_secret),
        (args.msg91_authkey, &mut config.msg91_authkey),
    ];
    for (value, field) in overrides {
        if let Some(value) = value {
            *field = value;
        }
    }
    let sim = ProviderSim::start_on(config, args.port).await?;
    println!("listening on 127.0.0.1:{}", sim.port());
    std::io::stdout().flush()?;
    std::future::pending::<()>().await;
    Ok(())
}
