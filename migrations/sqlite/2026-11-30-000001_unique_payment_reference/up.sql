-- A bank transfer's UTR pays one order only: enforced by the database, so two staff recording
-- the same transfer at once cannot both succeed.
CREATE UNIQUE INDEX order_payments_received_reference ON order_payments (reference)
    WHERE kind = 'received' AND reference IS NOT NULL;
