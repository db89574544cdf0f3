-- The language a shopper reads their mail in: the account's (chosen in the app, set at
-- registration from the page's language; none for accounts from before languages, and staff)
-- and the order's (the page's language at checkout).
ALTER TABLE users ADD COLUMN locale TEXT;
ALTER TABLE orders ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
