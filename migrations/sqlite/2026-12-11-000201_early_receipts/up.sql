-- A provider's delivery report can reach the shop before the outbox has recorded the provider's
-- id for that message (the webhook races the worker's write). Such a report waits here, keyed by
-- channel and id, and the worker applies it when it records the send; reports for ids that never
-- turn up are forgotten by the hourly housekeeping after a day.
CREATE TABLE early_receipts (
    sent_via TEXT NOT NULL,
    provider_id TEXT NOT NULL,
    status TEXT NOT NULL,
    status_at TIMESTAMP NOT NULL,
    reason TEXT,
    received_at TIMESTAMP NOT NULL,
    PRIMARY KEY (sent_via, provider_id)
);
