-- The orders desk: who moved an order and why, the parcel's carrier and tracking number, the
-- reason for a cancellation, staff notes, payments received and refunds made, and the contact
-- inbox's handled mark.
-- SQLite cannot drop a column that is part of a foreign key, so the staff columns added to
-- existing tables name users by id only here (users are disabled, never deleted).
ALTER TABLE order_status_history ADD COLUMN actor_id BIGINT;
ALTER TABLE order_status_history ADD COLUMN note TEXT;

ALTER TABLE orders ADD COLUMN carrier TEXT;
ALTER TABLE orders ADD COLUMN tracking_number TEXT;
ALTER TABLE orders ADD COLUMN cancel_reason TEXT;
-- 'unpaid', 'paid' or 'refunded'; kept in step with order_payments in the same transaction.
ALTER TABLE orders ADD COLUMN payment_state TEXT NOT NULL DEFAULT 'unpaid';
CREATE INDEX orders_status_created_idx ON orders (status, created_at);

-- Notes staff keep on an order (never shown to the customer).
CREATE TABLE order_notes (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    author_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX order_notes_order_id_idx ON order_notes (order_id, id);

-- Money in and out for an order: kind 'received' (a bank transfer's UTR, cash on delivery
-- collected) or 'refund' (on a cancelled paid order).
CREATE TABLE order_payments (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    method TEXT NOT NULL,
    amount_paise BIGINT NOT NULL CHECK (amount_paise > 0),
    reference TEXT,
    paid_on DATE NOT NULL,
    recorded_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX order_payments_order_id_idx ON order_payments (order_id, id);

ALTER TABLE contact_messages ADD COLUMN handled_at TIMESTAMP;
ALTER TABLE contact_messages ADD COLUMN handled_by BIGINT;
