-- Sessions live in the database so that any number of processes share them. The id is the
-- SHA-256 of the session key: a copy of this table does not let anyone take over a session.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY NOT NULL,
    state TEXT NOT NULL,
    user_id BIGINT,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Secrets the processes must share (the session cookie key), made at first start.
CREATE TABLE app_secrets (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

CREATE TABLE carts (
    id TEXT PRIMARY KEY NOT NULL,
    user_id BIGINT UNIQUE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX carts_updated_at_idx ON carts (updated_at);

CREATE TABLE cart_items (
    cart_id TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    variant_id BIGINT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
    quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 999),
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (cart_id, variant_id)
);
CREATE INDEX cart_items_variant_id_idx ON cart_items (variant_id);
