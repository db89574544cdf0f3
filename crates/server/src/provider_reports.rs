//! What the message providers' webhooks report, applied to the shop: a message's delivery
//! status to its outbox row (never backwards; a report that beats the send's record waits for
//! it: `db::outbox::record_receipt`), and a shopper's STOP reply to their consent. A report is a
//! hint about the shop's own messages, never a command: an id that is not the shop's changes
//! nothing.

use chrono::{NaiveDateTime, Utc};
use db::DbConnection;
use db::outbox::{self, ProviderStatus, Receipt};
use messaging::msg91::report::{DeliveryReport, ReportStatus};
use messaging::whatsapp::webhook::{DeliveryStatus, Event, StatusUpdate};
use orders::order::consent::{self, ChoiceVia};

/// Applies a WhatsApp delivery's events, each in its own transaction.
pub fn apply_whatsapp(conn: &mut DbConnection, events: &[Event]) -> diesel::QueryResult<()> {
    for event in events {
        match event {
            Event::Status(update) => {
                let reason = failure_reason(update);
                outbox::record_receipt(
                    conn,
                    &Receipt {
                        via: "whatsapp",
                        provider_id: update.provider_id.as_str(),
                        status: match update.status {
                            DeliveryStatus::Sent => ProviderStatus::Sent,
                            DeliveryStatus::Delivered => ProviderStatus::Delivered,
                            DeliveryStatus::Read => ProviderStatus::Read,
                            DeliveryStatus::Failed => ProviderStatus::Failed,
                        },
                        at: update.at.naive_utc(),
                        reason: reason.as_deref(),
                    },
                )?;
            }
            Event::Reply(reply) if reply.is_stop() => {
                tracing::info!(from = %reply.from.e164(), "a STOP reply withdraws order updates");
                db::write_transaction(conn, |conn| {
                    consent::record(conn, reply.from.e164(), false, ChoiceVia::StopReply)
                })?;
            }
            Event::Reply(_) | Event::MarketingPreference { .. } => {}
        }
    }
    Ok(())
}

/// "131026 Message undeliverable: details", as staff read it.
fn failure_reason(update: &StatusUpdate) -> Option<String> {
    let error = update.error.as_ref()?;
    Some(match &error.details {
        Some(details) if details != &error.title => {
            format!("{} {}: {details}", error.code, error.title)
        }
        _ => format!("{} {}", error.code, error.title),
    })
}

/// Applies MSG91's delivery reports.
pub fn apply_msg91(conn: &mut DbConnection, reports: &[DeliveryReport]) -> diesel::QueryResult<()> {
    for report in reports {
        let status = match &report.status {
            ReportStatus::Delivered => ProviderStatus::Delivered,
            ReportStatus::Failed
            | ReportStatus::Rejected
            | ReportStatus::Blocked
            | ReportStatus::Ndnc => ProviderStatus::Failed,
            ReportStatus::Other(_) => continue,
        };
        let reason = (status == ProviderStatus::Failed).then(|| {
            let code = match &report.status {
                ReportStatus::Rejected => "rejected",
                ReportStatus::Blocked => "blocked number",
                ReportStatus::Ndnc => "do-not-disturb register",
                _ => "failed",
            };
            match &report.description {
                Some(words) => format!("{code}: {words}"),
                None => code.to_owned(),
            }
        });
        outbox::record_receipt(
            conn,
            &Receipt {
                via: "sms",
                provider_id: report.provider_id.as_str(),
                status,
                at: report
                    .at
                    .as_deref()
                    .and_then(indian_time)
                    .unwrap_or_else(|| Utc::now().naive_utc()),
                reason: reason.as_deref(),
            },
        )?;
    }
    Ok(())
}

/// MSG91 writes times in Indian time (`2024-05-22 10:06:20`); the shop keeps UTC.
fn indian_time(written: &str) -> Option<NaiveDateTime> {
    let local = NaiveDateTime::parse_from_str(written.trim(), "%Y-%m-%d %H:%M:%S").ok()?;
    Some(local - chrono::Duration::minutes(330))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn msg91_times_are_indian() {
        assert_eq!(
            indian_time("2024-05-22 10:06:20").map(|t| t.to_string()),
            Some("2024-05-22 04:36:20".to_owned())
        );
        assert_eq!(indian_time("yesterday"), None);
    }
}
