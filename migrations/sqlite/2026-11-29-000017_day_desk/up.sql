-- The day desk: the dashboard sums today's and this month's orders by when they were placed, and
-- the contact inbox lists messages not yet handled, newest first.
CREATE INDEX orders_created_at_idx ON orders (created_at);
CREATE INDEX contact_messages_handled_idx ON contact_messages (handled_at, created_at);
