-- Phone first: a guest may order with a mobile number and no e-mail address.
ALTER TABLE orders ALTER COLUMN contact_email DROP NOT NULL;
