-- Batches, expiry dates and licences (issue 32).
-- Pesticides, bio-products, fertilisers and seeds are sold by batch (Insecticides Rules 1971
-- r. 10A, 15; Fertiliser (Control) Order 1985 cl. 5, Form M; Seeds Rules 1968 r. 13).
-- Each product says whether its stock is kept by batch and which dealer's licence selling it
-- needs; an insecticide carries its CIB&RC registration number (Insecticides Act s. 9).
ALTER TABLE products ADD COLUMN batch_tracked BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN regulated_as TEXT NOT NULL DEFAULT 'none'
    CHECK (regulated_as IN ('none', 'insecticide', 'fertiliser', 'seed'));
ALTER TABLE products ADD COLUMN registration_number TEXT;
-- The goods these laws cover, by their HSN chapter: insecticides and bio-pesticides (3808),
-- fertilisers (chapter 31) and seeds for sowing (1209, 1006 10, 0713 10 ...: 1209 here).
UPDATE products SET regulated_as = 'insecticide', batch_tracked = 1 WHERE hsn_code LIKE '3808%';
UPDATE products SET regulated_as = 'fertiliser', batch_tracked = 1 WHERE hsn_code LIKE '31%';
UPDATE products SET regulated_as = 'seed', batch_tracked = 1 WHERE hsn_code LIKE '1209%';

-- Order lines keep what the product was sold as, for the registers and Form M.
ALTER TABLE order_lines ADD COLUMN regulated_as TEXT NOT NULL DEFAULT 'none';
ALTER TABLE order_lines ADD COLUMN registration_number TEXT;
-- A pack size's reserved units are summed over its order lines whenever its batches change.
CREATE INDEX order_lines_variant_idx ON order_lines (variant_id);

-- A delivery from a supplier, against their invoice.
CREATE TABLE stock_receipts (
    id INTEGER PRIMARY KEY,
    supplier TEXT NOT NULL,
    supplier_invoice TEXT NOT NULL,
    invoice_date DATE NOT NULL,
    note TEXT,
    actor_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (supplier, supplier_invoice)
);

-- One batch (or seed lot) of one pack size. `quantity` is the units of it in the shop not yet
-- allotted to an order; `expires_on` is the expiry date, or a seed lot's validity (after
-- `tested_on`); NULL is unknown (opening stock the desk asks staff to date). `withdrawn_at` is
-- when its expiry took it out of sale (r. 10A: segregated, never sold).
CREATE TABLE batches (
    id INTEGER PRIMARY KEY,
    variant_id BIGINT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
    number TEXT NOT NULL,
    manufactured_on DATE,
    expires_on DATE,
    tested_on DATE,
    cost_paise BIGINT CHECK (cost_paise >= 0),
    quantity INTEGER NOT NULL CHECK (quantity >= 0),
    receipt_id BIGINT REFERENCES stock_receipts (id),
    withdrawn_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (variant_id, number)
);
CREATE INDEX batches_expiry_idx ON batches (expires_on);

-- Each arrival of a batch on a receipt (a batch may arrive again on a later one).
CREATE TABLE stock_receipt_lines (
    id INTEGER PRIMARY KEY,
    receipt_id BIGINT NOT NULL REFERENCES stock_receipts (id) ON DELETE CASCADE,
    batch_id BIGINT NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    cost_paise BIGINT NOT NULL CHECK (cost_paise >= 0)
);
CREATE INDEX stock_receipt_lines_receipt_idx ON stock_receipt_lines (receipt_id);

-- Which batch each unit of an order line came from (first expiring, first out), at what cost;
-- `returned` counts the units since put back into the batch (cancellation, restocked return).
CREATE TABLE order_line_batches (
    id INTEGER PRIMARY KEY,
    order_line_id BIGINT NOT NULL REFERENCES order_lines (id) ON DELETE CASCADE,
    batch_id BIGINT NOT NULL REFERENCES batches (id),
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    returned INTEGER NOT NULL DEFAULT 0 CHECK (returned >= 0),
    cost_paise BIGINT,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (order_line_id, batch_id)
);
CREATE INDEX order_line_batches_batch_idx ON order_line_batches (batch_id);

-- A movement may concern one batch; `batch_delta` is how the batch's units changed (an
-- allotment to an order changes the batch but not the saleable stock, which the order took
-- when it was placed).
ALTER TABLE stock_movements ADD COLUMN batch_id BIGINT REFERENCES batches (id);
ALTER TABLE stock_movements ADD COLUMN batch_delta INTEGER;
CREATE INDEX stock_movements_batch_idx ON stock_movements (batch_id);

-- Existing stock of batch-tracked goods becomes one opening batch of unknown expiry: the units
-- on the shelf are the saleable stock plus those reserved by orders not yet confirmed.
INSERT INTO batches (variant_id, number, quantity)
SELECT v.id, 'OPENING',
       v.stock + COALESCE((SELECT SUM(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id
                           WHERE l.variant_id = v.id AND o.status IN ('placed', 'awaiting_payment')), 0)
FROM product_variants v JOIN products p ON p.id = v.product_id
WHERE p.batch_tracked = 1;
INSERT INTO stock_movements (variant_id, delta, reason, note, batch_id, batch_delta)
SELECT b.variant_id, 0, 'opening', 'Stock held before batches were kept', b.id, b.quantity
FROM batches b WHERE b.quantity > 0;
