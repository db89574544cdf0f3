//! The mail outbox: mail is enqueued in the same transaction as the action that causes it, and
//! a worker claims due mail for a short lease, sends it and marks it sent, or schedules a retry.
//! A lease rather than a lock, so that any number of processes can run workers safely.

use chrono::{Duration, NaiveDateTime, Utc};
use diesel::prelude::*;

use crate::DbConnection;
use crate::schema::mail_outbox;

/// A message to send: plain text and HTML bodies of the same content.
#[derive(Debug, Clone, PartialEq, Eq, Insertable)]
#[diesel(table_name = mail_outbox)]
pub struct NewMail {
    pub to_address: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = mail_outbox)]
pub struct QueuedMail {
    pub id: i64,
    pub to_address: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    pub attempts: i32,
}

/// How long a claim keeps other workers off a message.
const LEASE: Duration = Duration::minutes(5);

pub fn enqueue(conn: &mut DbConnection, mail: &NewMail) -> QueryResult<()> {
    diesel::insert_into(mail_outbox::table)
        .values(mail)
        .execute(conn)?;
    Ok(())
}

/// Claims up to `limit` messages that are due and not claimed by another worker.
pub fn claim_due(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<QueuedMail>> {
    crate::write_transaction(conn, |conn| claim_due_now(conn, limit))
}

fn claim_due_now(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<QueuedMail>> {
    let now = Utc::now().naive_utc();
    let candidates: Vec<QueuedMail> = mail_outbox::table
        .filter(mail_outbox::sent_at.is_null())
        .filter(mail_outbox::next_attempt_at.le(now))
        .filter(
            mail_outbox::claimed_until
                .is_null()
                .or(mail_outbox::claimed_until.lt(now)),
        )
        .order(mail_outbox::id)
        .limit(limit)
        .select(QueuedMail::as_select())
        .load(conn)?;
    let mut claimed = Vec::with_capacity(candidates.len());
    for mail in candidates {
        // Only one worker's conditional update succeeds for each message.
        let won = diesel::update(
            mail_outbox::table
                .find(mail.id)
                .filter(mail_outbox::sent_at.is_null())
                .filter(
                    mail_outbox::claimed_until
                        .is_null()
                        .or(mail_outbox::claimed_until.lt(now)),
                ),
        )
        .set(mail_outbox::claimed_until.eq(now + LEASE))
        .execute(conn)?;
        if won == 1 {
            claimed.push(mail);
        }
    }
    Ok(claimed)
}

pub fn mark_sent(conn: &mut DbConnection, id: i64) -> QueryResult<()> {
    crate::write_transaction(conn, |conn| mark_sent_now(conn, id))
}

fn mark_sent_now(conn: &mut DbConnection, id: i64) -> QueryResult<()> {
    diesel::update(mail_outbox::table.find(id))
        .set((
            mail_outbox::sent_at.eq(Utc::now().naive_utc()),
            mail_outbox::claimed_until.eq(None::<NaiveDateTime>),
        ))
        .execute(conn)?;
    Ok(())
}

/// Records a failed attempt and when to try again: 30 s, 1 min, 2 min ... at most an hour.
pub fn mark_failed(conn: &mut DbConnection, mail: &QueuedMail, error: &str) -> QueryResult<()> {
    let attempts = mail.attempts + 1;
    let delay = Duration::seconds((30_i64 << attempts.clamp(0, 7)).min(3600));
    diesel::update(mail_outbox::table.find(mail.id))
        .set((
            mail_outbox::attempts.eq(attempts),
            mail_outbox::next_attempt_at.eq(Utc::now().naive_utc() + delay),
            mail_outbox::claimed_until.eq(None::<NaiveDateTime>),
            mail_outbox::last_error.eq(error.chars().take(1000).collect::<String>()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Messages not yet sent.
pub fn pending_count(conn: &mut DbConnection) -> QueryResult<i64> {
    mail_outbox::table
        .filter(mail_outbox::sent_at.is_null())
        .count()
        .get_result(conn)
}

/// What every mail needs to know about the shop.
#[derive(Debug, Clone)]
pub struct MailContext {
    /// Where shoppers reach the shop, without a trailing slash.
    pub public_url: String,
    pub shop_name: String,
    /// The shop's own address: staff notifications go here.
    pub shop_email: String,
}

pub struct Button<'a> {
    pub label: &'a str,
    pub url: &'a str,
}

impl MailContext {
    /// A mail with a greeting, paragraphs and an optional button (also given as a plain link).
    pub fn compose(
        &self,
        to: &str,
        subject: &str,
        greeting: &str,
        paragraphs: &[&str],
        button: Option<Button>,
    ) -> NewMail {
        let mut text = format!("{greeting}\n\n");
        let mut html = format!(
            "<!doctype html><html><body style=\"font-family:Arial,sans-serif;color:#1f2937;line-height:1.5\">\
             <div style=\"max-width:560px;margin:0 auto;padding:24px\">\
             <h1 style=\"color:#166534;font-size:20px\">{}</h1><p>{}</p>",
            escape(&self.shop_name),
            escape(greeting)
        );
        for paragraph in paragraphs {
            text.push_str(paragraph);
            text.push_str("\n\n");
            html.push_str(&format!(
                "<p>{}</p>",
                escape(paragraph).replace('\n', "<br>")
            ));
        }
        if let Some(button) = button {
            text.push_str(&format!("{}: {}\n\n", button.label, button.url));
            html.push_str(&format!(
                "<p><a href=\"{url}\" style=\"display:inline-block;background:#166534;color:#fff;padding:12px 20px;\
                 border-radius:6px;text-decoration:none\">{label}</a></p>\
                 <p style=\"font-size:13px;color:#6b7280\">If the button does not work, open this link: {url}</p>",
                url = escape(button.url),
                label = escape(button.label)
            ));
        }
        text.push_str(&format!("— {}\n{}\n", self.shop_name, self.public_url));
        html.push_str(&format!(
            "<p style=\"color:#6b7280;font-size:13px\">— {}<br>{}</p></div></body></html>",
            escape(&self.shop_name),
            escape(&self.public_url)
        ));
        NewMail {
            to_address: to.to_owned(),
            subject: subject.to_owned(),
            text_body: text,
            html_body: html,
        }
    }

    pub fn link(&self, path_and_query: &str) -> String {
        format!("{}{path_and_query}", self.public_url)
    }
}

/// Escapes text for HTML mail bodies.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
