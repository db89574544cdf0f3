#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed step should stop the test loudly

//! The outbox's claims: a message is sent by one worker only, however long a batch takes.

use db::outbox::{
    self, Channel, NewMail, NewPhoneMessage, ProviderStatus, Receipt, ReceiptOutcome,
};
use diesel::prelude::*;

fn mail(to: &str) -> NewMail {
    NewMail {
        to_address: to.into(),
        subject: "Order ORD-2026-000001 received".into(),
        text_body: "Hello".into(),
        html_body: "<p>Hello</p>".into(),
    }
}

/// As if the worker's batch had taken longer than the lease.
fn lapse_claims(conn: &mut db::DbConnection) {
    use db::schema::outbox::dsl::*;
    let past = chrono::Utc::now().naive_utc() - chrono::Duration::minutes(10);
    diesel::update(outbox)
        .set(claimed_until.eq(past))
        .execute(conn)
        .unwrap();
}

#[test]
fn a_message_whose_claim_lapsed_mid_batch_is_sent_by_the_worker_that_holds_it_now_only() {
    for database in db::testing::test_databases() {
        let name = database.name();
        let mut conn = database.pool().get().unwrap();
        outbox::enqueue(&mut conn, &mail("a@example.in")).unwrap();
        outbox::enqueue(&mut conn, &mail("b@example.in")).unwrap();

        let first = outbox::claim_due(&mut conn, Channel::Mail, 20).unwrap();
        assert_eq!(first.len(), 2, "{name}");
        assert!(outbox::still_ours(&mut conn, &first[0]).unwrap(), "{name}");
        outbox::mark_sent(&mut conn, &first[0], "smtp", None).unwrap();
        // The first worker's sends were slow: its claim on the second message lapsed, and a
        // second worker took it.
        lapse_claims(&mut conn);
        let second = outbox::claim_due(&mut conn, Channel::Mail, 20).unwrap();
        assert_eq!(
            second.len(),
            1,
            "{name}: the sent message was claimed again"
        );
        assert_eq!(second[0].to_address, "b@example.in");

        assert!(
            !outbox::still_ours(&mut conn, &first[1]).unwrap(),
            "{name}: the first worker would send the message the second one holds"
        );
        assert!(outbox::still_ours(&mut conn, &second[0]).unwrap(), "{name}");
        outbox::mark_sent(&mut conn, &second[0], "smtp", None).unwrap();
        assert_eq!(outbox::pending_count(&mut conn).unwrap(), 0, "{name}");
    }
}

#[test]
fn each_channel_claims_its_own_and_a_refusal_ends_the_tries() {
    for database in db::testing::test_databases() {
        let name = database.name();
        let mut conn = database.pool().get().unwrap();
        outbox::enqueue(&mut conn, &mail("a@example.in")).unwrap();
        let phone = NewPhoneMessage {
            to: "+919847012345".into(),
            template: "order_placed".into(),
            text: "Your order ORD-2026-000001 is placed.".into(),
            payload: "{}".into(),
            order_id: None,
        };
        outbox::enqueue_phone(&mut conn, &phone).unwrap();

        let phones = outbox::claim_due(&mut conn, Channel::Phone, 20).unwrap();
        assert_eq!(phones.len(), 1, "{name}");
        assert_eq!(phones[0].to_address, "+919847012345");
        assert_eq!(phones[0].subject, "order_placed");
        let mails = outbox::claim_due(&mut conn, Channel::Mail, 20).unwrap();
        assert_eq!(mails.len(), 1, "{name}");
        assert_eq!(mails[0].to_address, "a@example.in");

        outbox::give_up(&mut conn, &phones[0], "whatsapp", "131026: not on WhatsApp").unwrap();
        lapse_claims(&mut conn);
        let again = outbox::claim_due(&mut conn, Channel::Phone, 20).unwrap();
        assert!(
            again.is_empty(),
            "{name}: a refused message was tried again"
        );
        assert_eq!(
            outbox::pending_count(&mut conn).unwrap(),
            1,
            "{name}: the mail"
        );
    }
}

fn status_of(conn: &mut db::DbConnection, message: i64) -> (Option<String>, Option<String>) {
    use db::schema::outbox::dsl::*;
    outbox
        .find(message)
        .select((provider_status, last_error))
        .first(conn)
        .unwrap()
}

fn receipt<'a>(provider: &'a str, status: ProviderStatus, reason: Option<&'a str>) -> Receipt<'a> {
    Receipt {
        via: "whatsapp",
        provider_id: provider,
        status,
        at: chrono::Utc::now().naive_utc(),
        reason,
    }
}

#[test]
fn receipts_move_a_message_forward_only_and_an_early_one_waits_for_the_send() {
    for database in db::testing::test_databases() {
        let name = database.name();
        let mut conn = database.pool().get().unwrap();
        for to in ["+919847012345", "+919847012346"] {
            let phone = NewPhoneMessage {
                to: to.into(),
                template: "order_placed".into(),
                text: "Your order is placed.".into(),
                payload: "{}".into(),
                order_id: None,
            };
            outbox::enqueue_phone(&mut conn, &phone).unwrap();
        }
        let claimed = outbox::claim_due(&mut conn, Channel::Phone, 20).unwrap();
        let (first, second) = (&claimed[0], &claimed[1]);

        // Sent, then read, then a late "delivered": read it stays.
        outbox::mark_sent(&mut conn, first, "whatsapp", Some("wamid.ONE")).unwrap();
        let read =
            outbox::record_receipt(&mut conn, &receipt("wamid.ONE", ProviderStatus::Read, None));
        assert_eq!(read.unwrap(), ReceiptOutcome::Applied, "{name}");
        let late = outbox::record_receipt(
            &mut conn,
            &receipt("wamid.ONE", ProviderStatus::Delivered, None),
        );
        assert_eq!(late.unwrap(), ReceiptOutcome::Stale, "{name}");
        assert_eq!(
            status_of(&mut conn, first.id).0.as_deref(),
            Some("read"),
            "{name}"
        );

        // "Failed" reaches the shop before the worker has recorded the send: it waits, and the
        // send's record takes it.
        let early = outbox::record_receipt(
            &mut conn,
            &receipt(
                "wamid.TWO",
                ProviderStatus::Failed,
                Some("131026 Message undeliverable"),
            ),
        );
        assert_eq!(early.unwrap(), ReceiptOutcome::Early, "{name}");
        outbox::mark_sent(&mut conn, second, "whatsapp", Some("wamid.TWO")).unwrap();
        assert_eq!(
            status_of(&mut conn, second.id),
            (
                Some("failed".to_owned()),
                Some("131026 Message undeliverable".to_owned())
            ),
            "{name}"
        );
        // An id that is not the shop's changes nothing, and is forgotten after a day.
        let stranger = outbox::record_receipt(
            &mut conn,
            &receipt("wamid.NOBODY", ProviderStatus::Delivered, None),
        );
        assert_eq!(stranger.unwrap(), ReceiptOutcome::Early, "{name}");
        assert_eq!(
            outbox::forget_early_receipts(&mut conn).unwrap(),
            0,
            "{name}"
        );
    }
}
