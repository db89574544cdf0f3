-- GST documents: a tax invoice per confirmed order, numbered in its own financial-year series
-- (WR/26-27/000123), and a credit note per invoiced order cancelled afterwards, in a series of
-- its own. The e-way bill that goes with the goods is kept on the invoice it covers.
CREATE TABLE invoices (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL UNIQUE REFERENCES orders (id),
    number TEXT NOT NULL UNIQUE,
    -- The day in India it was issued (the return's period follows it).
    issued_on DATE NOT NULL,
    eway_bill_number TEXT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX invoices_issued_on_idx ON invoices (issued_on, id);

CREATE TABLE credit_notes (
    id INTEGER PRIMARY KEY,
    invoice_id BIGINT NOT NULL UNIQUE REFERENCES invoices (id),
    number TEXT NOT NULL UNIQUE,
    issued_on DATE NOT NULL,
    reason TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX credit_notes_issued_on_idx ON credit_notes (issued_on, id);

-- Orders confirmed before this change were invoiced under their order number, on the day they
-- were placed: those invoices stand as they were printed.
INSERT INTO invoices (order_id, number, issued_on, created_at)
SELECT id, number, date(created_at, '+330 minutes'), created_at
FROM orders
WHERE status IN ('confirmed', 'shipped', 'delivered');
