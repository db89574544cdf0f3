-- A cart line holds up to 9,999 units (plantation orders of 150 or 400 bags); it held 999.
-- SQLite cannot change a CHECK constraint, so the table is rebuilt with its rows.
CREATE TABLE cart_items_new (
    cart_id TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    variant_id BIGINT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
    quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (cart_id, variant_id)
);
INSERT INTO cart_items_new (cart_id, variant_id, quantity, created_at, updated_at)
    SELECT cart_id, variant_id, quantity, created_at, updated_at FROM cart_items;
DROP TABLE cart_items;
ALTER TABLE cart_items_new RENAME TO cart_items;
CREATE INDEX cart_items_variant_id_idx ON cart_items (variant_id);
