UPDATE orders SET contact_email = '' WHERE contact_email IS NULL;
ALTER TABLE orders ALTER COLUMN contact_email SET NOT NULL;
