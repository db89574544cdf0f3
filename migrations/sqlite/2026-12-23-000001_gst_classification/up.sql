-- GST classification is data (issue 31).
-- Each product says what kind of supply it is (CGST Act s. 2(47), GSTR-1 table 8): taxable,
-- nil_rated, exempt or non_gst. Products sold at 0 % until now were the exempt goods of
-- Notification 10/2025-CT(R) (seeds, plants, hand tools, loose compost), so they become exempt.
ALTER TABLE products ADD COLUMN supply_kind TEXT NOT NULL DEFAULT 'taxable';
UPDATE products SET supply_kind = 'exempt' WHERE gst_rate_bp = 0;
-- Each pack size's unit quantity code (GSTN's UQC list) and how many of that unit one pack holds,
-- in thousandths (a 50 kg bag is KGS 50000, 500 ml is LTR 500, a service is NA with none).
ALTER TABLE product_variants ADD COLUMN uqc TEXT NOT NULL DEFAULT 'NOS';
ALTER TABLE product_variants ADD COLUMN uqc_milli BIGINT DEFAULT 1000;

-- Orders keep what they were sold as.
ALTER TABLE order_lines ADD COLUMN supply_kind TEXT NOT NULL DEFAULT 'taxable';
UPDATE order_lines SET supply_kind = 'exempt' WHERE gst_rate_bp = 0;
ALTER TABLE order_lines ADD COLUMN uqc TEXT NOT NULL DEFAULT 'NOS';
ALTER TABLE order_lines ADD COLUMN uqc_milli BIGINT DEFAULT 1000;
-- The state of the place of supply (IGST Act s. 10): the GSTIN's state for a registered buyer,
-- else the delivery state. A table of its own because `orders` has the 32 columns Diesel's
-- default allows; an order without a row (placed before this) was taxed by its delivery state.
CREATE TABLE order_supply_places (
    order_id BIGINT NOT NULL PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    state TEXT NOT NULL
);

-- An order may now have two documents (a tax invoice and a bill of supply for a registered
-- buyer's mixed order), and an invoice several credit notes (returns of part of it). SQLite cannot
-- drop a column's UNIQUE, so both tables are rebuilt; nothing else refers to credit notes.
CREATE TABLE gst_invoices (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders (id),
    number TEXT NOT NULL UNIQUE,
    issued_on DATE NOT NULL,
    eway_bill_number TEXT,
    created_at TIMESTAMP NOT NULL,
    -- tax_invoice, bill_of_supply (CGST Rules r. 49) or invoice_cum_bill (r. 46A)
    kind TEXT NOT NULL DEFAULT 'tax_invoice',
    UNIQUE (order_id, kind)
);
INSERT INTO gst_invoices (id, order_id, kind, number, issued_on, eway_bill_number, created_at)
SELECT id, order_id, 'tax_invoice', number, issued_on, eway_bill_number, created_at FROM invoices;

-- What came back of a shipped or delivered order, line by line (a return), and whether it went
-- back on the shelf.
CREATE TABLE order_returns (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders (id),
    reason TEXT NOT NULL,
    -- Whether the delivery charge's share of the lines that came back is refunded.
    refund_delivery BOOLEAN NOT NULL,
    actor_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX order_returns_order_idx ON order_returns (order_id);
CREATE TABLE order_return_lines (
    id INTEGER PRIMARY KEY,
    return_id BIGINT NOT NULL REFERENCES order_returns (id),
    order_line_id BIGINT NOT NULL REFERENCES order_lines (id),
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    restocked BOOLEAN NOT NULL,
    taxable_paise BIGINT NOT NULL,
    cgst_paise BIGINT NOT NULL,
    sgst_paise BIGINT NOT NULL,
    igst_paise BIGINT NOT NULL,
    total_paise BIGINT NOT NULL,
    shipping_paise BIGINT NOT NULL,
    shipping_taxable_paise BIGINT NOT NULL,
    shipping_cgst_paise BIGINT NOT NULL,
    shipping_sgst_paise BIGINT NOT NULL,
    shipping_igst_paise BIGINT NOT NULL
);
CREATE INDEX order_return_lines_return_idx ON order_return_lines (return_id);
CREATE INDEX order_return_lines_line_idx ON order_return_lines (order_line_id);

CREATE TABLE gst_credit_notes (
    id INTEGER PRIMARY KEY,
    invoice_id BIGINT NOT NULL REFERENCES gst_invoices (id),
    number TEXT NOT NULL UNIQUE,
    issued_on DATE NOT NULL,
    reason TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    -- NULL: the whole invoice (a cancellation); else the return whose lines of this invoice it
    -- credits.
    return_id BIGINT REFERENCES order_returns (id)
);
INSERT INTO gst_credit_notes (id, invoice_id, number, issued_on, reason, created_at)
SELECT id, invoice_id, number, issued_on, reason, created_at FROM credit_notes;
DROP TABLE credit_notes;
DROP TABLE invoices;
ALTER TABLE gst_invoices RENAME TO invoices;
ALTER TABLE gst_credit_notes RENAME TO credit_notes;
CREATE INDEX invoices_issued_on_idx ON invoices (issued_on, id);
CREATE INDEX credit_notes_issued_on_idx ON credit_notes (issued_on, id);
CREATE INDEX credit_notes_invoice_idx ON credit_notes (invoice_id);
