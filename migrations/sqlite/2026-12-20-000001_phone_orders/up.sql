-- An order taken on the phone by a member of staff, for a farmer who called: who took it and
-- when. A table of its own rather than a column of `orders`, which holds 32 columns, the most
-- Diesel's default table size allows. An order the shopper placed on the web has no row.
CREATE TABLE phone_orders (
    order_id BIGINT NOT NULL PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    taken_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    taken_at TIMESTAMP NOT NULL
);
CREATE INDEX phone_orders_taken_by_idx ON phone_orders (taken_by);
