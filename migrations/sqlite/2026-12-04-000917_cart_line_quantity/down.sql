CREATE TABLE cart_items_old (
    cart_id TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    variant_id BIGINT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
    quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 999),
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (cart_id, variant_id)
);
INSERT INTO cart_items_old (cart_id, variant_id, quantity, created_at, updated_at)
    SELECT cart_id, variant_id, MIN(quantity, 999), created_at, updated_at FROM cart_items;
DROP TABLE cart_items;
ALTER TABLE cart_items_old RENAME TO cart_items;
CREATE INDEX cart_items_variant_id_idx ON cart_items (variant_id);
