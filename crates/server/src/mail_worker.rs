//! Delivers the mail outbox: through SMTP when `SMTP_URL` is set, else as `.eml` files under
//! `MAIL_DIR` with their links logged, so a developer can follow them. A failed delivery stays
//! in the outbox and is retried with backoff, across restarts.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use db::outbox::{self, Channel, Queued};
use lettre::message::{Mailbox, MultiPart};
use lettre::{FileTransport, Message, SmtpTransport, Transport};

use crate::config::Config;
use crate::error::ApiError;
use crate::shop_profile::ShopProfile;
use crate::state::AppState;

pub struct MailSender {
    from: Mailbox,
    transport: Delivery,
}

enum Delivery {
    Smtp(SmtpTransport),
    Files {
        transport: FileTransport,
        dir: PathBuf,
    },
}

impl MailSender {
    pub fn from_config(config: &Config, shop: &ShopProfile) -> anyhow::Result<Self> {
        let from = match &config.mail_from {
            Some(from) => from
                .parse()
                .with_context(|| format!("MAIL_FROM `{from}`"))?,
            None => Mailbox::new(
                Some(shop.facts.name.clone()),
                shop.facts
                    .email
                    .parse()
                    .context("the shop profile's e-mail")?,
            ),
        };
        let transport = match &config.smtp_url {
            Some(url) => Delivery::Smtp(
                SmtpTransport::from_url(url)
                    .context("SMTP_URL")?
                    .timeout(Some(Duration::from_secs(15)))
                    .build(),
            ),
            None => {
                std::fs::create_dir_all(&config.mail_dir)
                    .with_context(|| format!("creating MAIL_DIR {}", config.mail_dir.display()))?;
                Delivery::Files {
                    transport: FileTransport::new(&config.mail_dir),
                    dir: config.mail_dir.clone(),
                }
            }
        };
        Ok(Self { from, transport })
    }

    /// What the mail went through, for the outbox's record.
    fn via(&self) -> &'static str {
        match self.transport {
            Delivery::Smtp(_) => "smtp",
            Delivery::Files { .. } => "files",
        }
    }

    fn send(&self, mail: &Queued) -> anyhow::Result<()> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(mail.to_address.parse().context("recipient address")?)
            .subject(&mail.subject)
            .multipart(MultiPart::alternative_plain_html(
                mail.text_body.clone(),
                mail.html_body.clone(),
            ))?;
        match &self.transport {
            Delivery::Smtp(transport) => {
                transport.send(&message)?;
            }
            Delivery::Files { transport, dir } => {
                let id = transport.send(&message)?;
                let links: Vec<&str> = mail
                    .text_body
                    .split_whitespace()
                    .filter(|word| word.starts_with("http://") || word.starts_with("https://"))
                    .collect();
                tracing::info!(
                    to = %mail.to_address,
                    subject = %mail.subject,
                    file = %dir.join(format!("{id}.eml")).display(),
                    links = ?links,
                    "mail written (no SMTP_URL)"
                );
            }
        }
        Ok(())
    }
}

/// Sends what is due; returns how many were delivered.
pub async fn deliver_due(state: &AppState, sender: &Arc<MailSender>) -> Result<usize, ApiError> {
    let due = state
        .with_conn(|conn| outbox::claim_due(conn, Channel::Mail, 20).map_err(ApiError::internal))
        .await?;
    let mut delivered = 0;
    let via = sender.via();
    for mail in due {
        let claimed = mail.clone();
        let ours = state
            .with_conn(move |conn| outbox::still_ours(conn, &claimed).map_err(ApiError::internal))
            .await?;
        if !ours {
            // This batch outlasted the claim and another worker has the mail now.
            continue;
        }
        let worker = Arc::clone(sender);
        let attempt = mail.clone();
        let outcome = actix_web::web::block(move || worker.send(&attempt))
            .await
            .map_err(ApiError::from)?;
        match outcome {
            Ok(()) => {
                state
                    .with_conn(move |conn| {
                        outbox::mark_sent(conn, &mail, via, None).map_err(ApiError::internal)
                    })
                    .await?;
                delivered += 1;
            }
            Err(error) => {
                tracing::warn!(to = %mail.to_address, %error, attempts = mail.attempts + 1, "mail delivery failed; will retry");
                let message = format!("{error:#}");
                state
                    .with_conn(move |conn| {
                        outbox::mark_failed(conn, &mail, &message).map_err(ApiError::internal)
                    })
                    .await?;
            }
        }
    }
    Ok(delivered)
}

pub fn spawn(state: AppState, sender: Arc<MailSender>) {
    let period = Duration::from_secs(state.config.mail_poll_secs.max(1));
    actix_web::rt::spawn(async move {
        loop {
            if let Err(error) = deliver_due(&state, &sender).await {
                tracing::warn!(%error, "mail outbox pass failed");
            }
            let _ = actix_web::rt::time::timeout(period, state.mail_queued.notified()).await;
        }
    });
}
