-- An order keeps a copy of everything it shows (names, prices, rates, addresses, the seller):
-- later catalogue or profile edits never change a placed order.
CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    number TEXT NOT NULL UNIQUE,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    status TEXT NOT NULL,
    payment_method TEXT NOT NULL,
    contact_name TEXT NOT NULL,
    contact_email TEXT NOT NULL,
    contact_phone TEXT NOT NULL,
    shipping_address TEXT NOT NULL,
    billing_address TEXT NOT NULL,
    gstin TEXT,
    business_name TEXT,
    notes TEXT,
    place_of_supply TEXT NOT NULL,
    item_count INTEGER NOT NULL,
    subtotal_paise BIGINT NOT NULL,
    tax_paise BIGINT NOT NULL,
    cgst_paise BIGINT NOT NULL,
    sgst_paise BIGINT NOT NULL,
    igst_paise BIGINT NOT NULL,
    shipping_paise BIGINT NOT NULL,
    total_paise BIGINT NOT NULL,
    seller TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX orders_user_id_idx ON orders (user_id, created_at);

CREATE TABLE order_lines (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    product_id BIGINT NOT NULL,
    variant_id BIGINT NOT NULL,
    product_name TEXT NOT NULL,
    variant_name TEXT,
    sku TEXT NOT NULL,
    hsn_code TEXT NOT NULL,
    href TEXT NOT NULL,
    unit_price_paise BIGINT NOT NULL,
    gst_rate_bp INTEGER NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    taxable_paise BIGINT NOT NULL,
    cgst_paise BIGINT NOT NULL,
    sgst_paise BIGINT NOT NULL,
    igst_paise BIGINT NOT NULL,
    total_paise BIGINT NOT NULL
);
CREATE INDEX order_lines_order_id_idx ON order_lines (order_id, position);

CREATE TABLE order_status_history (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX order_status_history_order_id_idx ON order_status_history (order_id, id);

-- A checkout's Idempotency-Key and a hash of its request: the same key returns the same order.
-- The key is claimed first in the checkout's transaction (order_id still NULL), so a concurrent
-- submit with the same key waits for the first and then finds its order.
CREATE TABLE idempotency_keys (
    key TEXT PRIMARY KEY NOT NULL,
    request_hash TEXT NOT NULL,
    order_id BIGINT REFERENCES orders (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE addresses (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    label TEXT,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    line1 TEXT NOT NULL,
    line2 TEXT,
    city TEXT NOT NULL,
    district TEXT NOT NULL,
    state TEXT NOT NULL,
    pincode TEXT NOT NULL,
    is_default BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX addresses_user_id_idx ON addresses (user_id);

-- Named counters (order numbers per year), bumped inside the checkout transaction.
CREATE TABLE counters (
    name TEXT PRIMARY KEY NOT NULL,
    value BIGINT NOT NULL
);
