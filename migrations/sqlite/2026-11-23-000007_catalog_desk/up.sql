-- The catalogue desk: declarations the Legal Metrology and e-commerce rules ask a product page to
-- show, shipping restrictions, the featured order, variant weights and thresholds, stock
-- movements (every change of stock, with its reason) and the slugs a product answered to before.
ALTER TABLE products ADD COLUMN featured_position INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN manufacturer TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN manufacturer_address TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN country_of_origin TEXT NOT NULL DEFAULT 'India';
ALTER TABLE products ADD COLUMN best_before TEXT;
ALTER TABLE products ADD COLUMN is_hazardous BOOLEAN NOT NULL DEFAULT 0;
-- A JSON array of state names the product may not be shipped to.
ALTER TABLE products ADD COLUMN restricted_states TEXT NOT NULL DEFAULT '[]';

ALTER TABLE product_variants ADD COLUMN weight_grams INTEGER NOT NULL DEFAULT 0 CHECK (weight_grams >= 0);
ALTER TABLE product_variants ADD COLUMN net_quantity TEXT;
ALTER TABLE product_variants ADD COLUMN low_stock_threshold INTEGER NOT NULL DEFAULT 5 CHECK (low_stock_threshold >= 0);
ALTER TABLE product_variants ADD COLUMN is_active BOOLEAN NOT NULL DEFAULT 1;

CREATE TABLE stock_movements (
    id INTEGER PRIMARY KEY,
    variant_id INTEGER NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
    delta INTEGER NOT NULL,
    reason TEXT NOT NULL,
    note TEXT,
    actor_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    order_id BIGINT REFERENCES orders (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX stock_movements_variant_idx ON stock_movements (variant_id, id);

CREATE TABLE product_slug_redirects (
    old_slug TEXT NOT NULL PRIMARY KEY,
    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX product_slug_redirects_product_idx ON product_slug_redirects (product_id);
