-- An order packed and waiting for its carrier: the packing desk's mark (who packed it and when).
-- Not a status of its own: the shopper, the GST documents and the messages know the order as
-- confirmed until it ships, so "packed" stays the shop's inside word. One row an order; gone
-- with its order.
CREATE TABLE order_packing (
    order_id BIGINT NOT NULL PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    packed_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    packed_at TIMESTAMP NOT NULL
);
