-- The people desk: staff notes on a customer (an account or a guest), and the erasure of a
-- person's data on request (DPDP Act 2023, s. 12(3)) while their orders and tax documents stay
-- (CGST Act s. 35-36, CGST Rules 46 and 56).

-- When the person's data was erased: the account keeps its row (orders and the audit log point
-- at it) but no e-mail, phone or password, so it never signs in again. Such an account has
-- neither an e-mail nor a phone, which the check allows for it alone.
ALTER TABLE users ADD COLUMN erased_at TIMESTAMP;
ALTER TABLE users DROP CONSTRAINT users_email_or_phone;
ALTER TABLE users ADD CONSTRAINT users_email_or_phone
  CHECK (email IS NOT NULL OR phone IS NOT NULL OR erased_at IS NOT NULL);

-- One note per customer, kept by `customer_key`: `user:<id>` for an account, `guest:<key>` for
-- a guest (the key is a hash of one of their orders' secret UUIDs, never a phone number).
CREATE TABLE customer_notes (
    customer_key TEXT PRIMARY KEY NOT NULL,
    body TEXT NOT NULL,
    updated_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    updated_at TIMESTAMP NOT NULL
);

-- Orders whose buyer's contact details were erased: they keep the name, billing address, state
-- and GSTIN the tax rules need, and no longer count as anyone's in the customer list.
CREATE TABLE erased_orders (
    order_id BIGINT PRIMARY KEY NOT NULL REFERENCES orders (id),
    erased_at TIMESTAMP NOT NULL
);
