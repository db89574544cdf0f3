//! A batch's recipients, and its recall.
//!
//! The dealer must be able to name everyone a batch was sold to (Insecticides Rules 1971
//! r. 15(4)). When a manufacturer recalls a batch, one press tells each of them, in the
//! language of their order: a phone message (WhatsApp or SMS, whichever the shop set up) when
//! they said yes to order news on their phone, else a mail when the order has an address; the
//! rest are listed with their phone numbers for staff to call. A batch is recalled once: the
//! recall is recorded (who, when, why, how many were told) and a second press tells nobody
//! again.

use chrono::{NaiveDate, NaiveDateTime};
use db::outbox;
use db::schema::{
    batch_recalls, batches, order_line_batches, order_lines, orders, product_translations,
    product_variants, products, users,
};
use db::{BatchId, DbConnection, OrderId, ProductId, UserId, audit, write_transaction};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error};
use mail::{Button, Letter, MailContext};
use messaging::{Message, PhoneNumber, TemplateKey};
use paths::{Locale, Page};
use serde::Serialize;

use super::{address_line, day_of, item_name};
use crate::order::mail_texts::WORDS;
use crate::order::phone_news::enqueue;
use crate::order::{OrderStatus, consent, order_key};

#[derive(Debug, thiserror::Error)]
pub enum RecallError {
    #[error("No batch has this id.")]
    UnknownBatch,
    #[error("Say why the batch is recalled: one line of at most 300 characters.")]
    Reason,
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

/// The batch, as staff know it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct RecalledBatch {
    #[schema(value_type = i64)]
    pub id: BatchId,
    pub number: String,
    #[schema(value_type = i64)]
    pub product_id: ProductId,
    /// The product and its pack.
    pub item: String,
    pub sku: String,
    #[schema(value_type = Option<String>)]
    pub manufactured_on: Option<NaiveDate>,
    #[schema(value_type = Option<String>)]
    pub expires_on: Option<NaiveDate>,
    /// Units of it still in the shop.
    pub in_shop: i32,
}

/// How a recipient is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reach {
    /// A phone message: they said yes to order news on their phone.
    Phone,
    /// A mail to the order's address.
    Mail,
    /// Neither: staff call them.
    Call,
}

/// One order that received units of the batch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Recipient {
    pub order_number: String,
    pub status: String,
    /// The Indian day the order took the batch (its confirmation).
    #[schema(value_type = String)]
    pub date: NaiveDate,
    pub name: String,
    pub phone: String,
    pub email: Option<String>,
    /// Where the goods went, on one line.
    pub address: String,
    /// Units of the batch the order holds (less what came back to the shop).
    pub units: i32,
    /// The language the order was placed in, which its messages are written in.
    pub language: String,
    pub reach: Reach,
    #[serde(skip)]
    order_id: OrderId,
    #[serde(skip)]
    uuid: String,
    #[serde(skip)]
    product_id: ProductId,
    #[serde(skip)]
    product: String,
}

/// A recall as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct RecallRecord {
    pub reason: String,
    /// Who pressed the button.
    pub by: Option<String>,
    #[schema(value_type = String)]
    pub at: NaiveDateTime,
    /// Orders that held the batch then.
    pub recipients: i32,
    pub mails: i32,
    pub phone_messages: i32,
}

/// A batch and everyone who received it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BatchRecipients {
    pub batch: RecalledBatch,
    pub recipients: Vec<Recipient>,
    /// The batch's recall, once pressed.
    pub recall: Option<RecallRecord>,
}

/// What a press of the recall button did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct RecallSent {
    pub recall: RecallRecord,
    /// False when the batch had been recalled before: nobody was told again.
    pub sent_now: bool,
}

/// The reason staff give: one line of 3 to 300 characters.
pub fn parse_reason(raw: &str) -> Result<String, String> {
    fields::text::line(raw, "reason", 3, 300)
}

type BatchRow = (
    BatchId,
    String,
    ProductId,
    String,
    Option<String>,
    String,
    (Option<NaiveDate>, Option<NaiveDate>),
    i32,
);

fn batch_of(conn: &mut DbConnection, id: BatchId) -> Result<RecalledBatch, RecallError> {
    let row: Option<BatchRow> = batches::table
        .inner_join(product_variants::table.inner_join(products::table))
        .filter(batches::id.eq(id))
        .select((
            batches::id,
            batches::number,
            products::id,
            products::name,
            product_variants::name,
            product_variants::sku,
            (batches::manufactured_on, batches::expires_on),
            batches::quantity,
        ))
        .first(conn)
        .optional()?;
    let (id, number, product_id, product, pack, sku, (manufactured_on, expires_on), in_shop) =
        row.ok_or(RecallError::UnknownBatch)?;
    Ok(RecalledBatch {
        id,
        number,
        product_id,
        item: item_name(&product, pack.as_deref()),
        sku,
        manufactured_on,
        expires_on,
        in_shop,
    })
}

type HolderRow = (
    OrderId,
    (String, String, String, String),
    (String, String, Option<String>, String),
    (ProductId, String, Option<String>),
    (i32, i32, NaiveDateTime),
);

fn recipients_of(conn: &mut DbConnection, batch: BatchId) -> QueryResult<Vec<Recipient>> {
    let rows: Vec<HolderRow> = order_line_batches::table
        .inner_join(order_lines::table.inner_join(orders::table))
        .filter(order_line_batches::batch_id.eq(batch))
        .filter(orders::status.ne(OrderStatus::Cancelled))
        .order((order_line_batches::created_at, orders::id))
        .select((
            orders::id,
            (orders::number, orders::status, orders::uuid, orders::locale),
            (
                orders::contact_name,
                orders::contact_phone,
                orders::contact_email,
                orders::shipping_address,
            ),
            (
                order_lines::product_id,
                order_lines::product_name,
                order_lines::variant_name,
            ),
            (
                order_line_batches::quantity,
                order_line_batches::returned,
                order_line_batches::created_at,
            ),
        ))
        .load(conn)?;
    let mut found: Vec<Recipient> = Vec::new();
    for (
        order_id,
        (number, status, uuid, locale),
        (name, phone, email, address),
        (product_id, product, pack),
        (quantity, returned, at),
    ) in rows
    {
        let units = quantity - returned;
        if let Some(held) = found.iter_mut().find(|r| r.order_id == order_id) {
            held.units += units;
            continue;
        }
        let wants_phone =
            PhoneNumber::from_e164(&phone).is_ok() && consent::wants_order_updates(conn, &phone)?;
        let email = email.filter(|e| !e.trim().is_empty());
        let reach = if wants_phone {
            Reach::Phone
        } else if email.is_some() {
            Reach::Mail
        } else {
            Reach::Call
        };
        found.push(Recipient {
            order_number: number,
            status,
            date: day_of(at),
            name,
            phone,
            email,
            address: address_line(&address),
            units,
            language: locale,
            reach,
            order_id,
            uuid,
            product_id,
            product: item_name(&product, pack.as_deref()),
        });
    }
    found.retain(|r| r.units > 0);
    Ok(found)
}

fn recall_of(conn: &mut DbConnection, batch: BatchId) -> QueryResult<Option<RecallRecord>> {
    let row: Option<(String, Option<String>, NaiveDateTime, i32, i32, i32)> = batch_recalls::table
        .left_join(users::table.on(users::id.nullable().eq(batch_recalls::actor_id)))
        .filter(batch_recalls::batch_id.eq(batch))
        .select((
            batch_recalls::reason,
            users::name.nullable(),
            batch_recalls::created_at,
            batch_recalls::recipients,
            batch_recalls::mails,
            batch_recalls::phone_messages,
        ))
        .first(conn)
        .optional()?;
    Ok(row.map(
        |(reason, by, at, recipients, mails, phone_messages)| RecallRecord {
            reason,
            by,
            at,
            recipients,
            mails,
            phone_messages,
        },
    ))
}

/// The batch, every order that received it (cancelled orders left out, as are orders whose
/// units all came back), and its recall if there was one.
pub fn recipients(conn: &mut DbConnection, batch: BatchId) -> Result<BatchRecipients, RecallError> {
    let found = batch_of(conn, batch)?;
    Ok(BatchRecipients {
        batch: found,
        recipients: recipients_of(conn, batch)?,
        recall: recall_of(conn, batch)?,
    })
}

/// The product's name in `locale`, as the catalogue has it now; the order's own name otherwise.
fn product_in(
    conn: &mut DbConnection,
    locale: Locale,
    product: ProductId,
    sold_as: &str,
) -> QueryResult<String> {
    if locale == Locale::En {
        return Ok(sold_as.to_owned());
    }
    let name: Option<Option<String>> = product_translations::table
        .find((product, locale.code()))
        .select(product_translations::name)
        .first(conn)
        .optional()?;
    Ok(name
        .flatten()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| sold_as.to_owned()))
}

/// Tells one recipient, by the way [`Reach`] says; whether a message was queued.
fn tell(
    conn: &mut DbConnection,
    mail: &MailContext,
    batch: &RecalledBatch,
    recipient: &Recipient,
) -> QueryResult<bool> {
    let locale = Locale::parse(&recipient.language).unwrap_or_default();
    let product = product_in(conn, locale, recipient.product_id, &recipient.product)?;
    let key = order_key(&mail.order_links, &recipient.uuid);
    let page = || Page::SignedOrder {
        uuid: &recipient.uuid,
        key: &key,
    };
    let url = mail.link_in(locale, page());
    let args = [
        ("name", recipient.name.as_str()),
        ("product", product.as_str()),
        ("batch", batch.number.as_str()),
        ("number", recipient.order_number.as_str()),
        ("shop", mail.shop_name.as_str()),
    ];
    match recipient.reach {
        Reach::Phone => {
            let Ok(to) = PhoneNumber::from_e164(&recipient.phone) else {
                return Ok(false);
            };
            let said = WORDS.fill(locale, "phone.batch_recall", &args);
            let message = Message {
                to,
                language: locale,
                template: TemplateKey::BatchRecall,
                variables: vec![
                    recipient.name.clone(),
                    product.clone(),
                    batch.number.clone(),
                    recipient.order_number.clone(),
                ],
                link: Some(
                    locale
                        .localize(&page().path())
                        .trim_start_matches('/')
                        .to_owned(),
                ),
                text: WORDS.fill(
                    locale,
                    "phone.with_link",
                    &[("news", &said), ("link", &url)],
                ),
            };
            enqueue(conn, &message, Some(recipient.order_id))?;
            Ok(true)
        }
        Reach::Mail => {
            let Some(to) = recipient.email.as_deref() else {
                return Ok(false);
            };
            let letter = mail.write(Letter {
                locale,
                to,
                subject: WORDS.fill(locale, "recall.subject", &args),
                greeting: mail::hello(locale, &recipient.name),
                paragraphs: vec![WORDS.fill(locale, "recall.news", &args)],
                picture: None,
                button: Some(Button {
                    label: WORDS.text(locale, "view_order"),
                    url: &url,
                }),
            });
            outbox::enqueue_about(conn, &letter, recipient.order_id)?;
            Ok(true)
        }
        Reach::Call => Ok(false),
    }
}

/// Recalls `batch` for `reason`: tells every recipient once, records the recall and writes it to
/// the audit log, in one transaction. A batch recalled before is left as it was (`sent_now`
/// false): nobody is told twice, however often or at once the button is pressed.
pub fn recall(
    conn: &mut DbConnection,
    batch: BatchId,
    reason: &str,
    actor: UserId,
    mail: &MailContext,
    now: NaiveDateTime,
) -> Result<RecallSent, RecallError> {
    let reason = parse_reason(reason).map_err(|_| RecallError::Reason)?;
    write_transaction(conn, |conn| {
        let found = batch_of(conn, batch)?;
        if let Some(recall) = recall_of(conn, batch)? {
            return Ok(RecallSent {
                recall,
                sent_now: false,
            });
        }
        // The row first: a second press racing this one waits on it (the batch is unique) and
        // then finds it, rather than telling everyone again.
        let inserted = conn.transaction(|conn| {
            diesel::insert_into(batch_recalls::table)
                .values((
                    batch_recalls::batch_id.eq(batch),
                    batch_recalls::reason.eq(&reason),
                    batch_recalls::actor_id.eq(actor),
                    batch_recalls::recipients.eq(0),
                    batch_recalls::mails.eq(0),
                    batch_recalls::phone_messages.eq(0),
                    batch_recalls::created_at.eq(now),
                ))
                .execute(conn)
        });
        match inserted {
            Err(Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                let recall = recall_of(conn, batch)?.ok_or(Error::NotFound)?;
                return Ok(RecallSent {
                    recall,
                    sent_now: false,
                });
            }
            other => {
                other?;
            }
        }
        let people = recipients_of(conn, batch)?;
        let (mut mails, mut phones) = (0, 0);
        for recipient in &people {
            if tell(conn, mail, &found, recipient)? {
                match recipient.reach {
                    Reach::Phone => phones += 1,
                    Reach::Mail => mails += 1,
                    Reach::Call => {}
                }
            }
        }
        let told = i32::try_from(people.len()).unwrap_or(i32::MAX);
        diesel::update(batch_recalls::table.filter(batch_recalls::batch_id.eq(batch)))
            .set((
                batch_recalls::recipients.eq(told),
                batch_recalls::mails.eq(mails),
                batch_recalls::phone_messages.eq(phones),
            ))
            .execute(conn)?;
        let details = serde_json::json!({
            "batch": found.number,
            "item": found.item,
            "reason": reason,
            "recipients": told,
            "mails": mails,
            "phone_messages": phones,
            "orders": people.iter().map(|r| r.order_number.as_str()).collect::<Vec<_>>(),
        });
        audit::record(
            conn,
            &audit::AuditEntry {
                actor_id: Some(actor),
                action: "batch.recall",
                entity: "batch",
                entity_id: &batch.to_string(),
                old_values: None,
                new_values: Some(&details.to_string()),
            },
        )?;
        let recall = recall_of(conn, batch)?.ok_or(Error::NotFound)?;
        Ok(RecallSent {
            recall,
            sent_now: true,
        })
    })
}
