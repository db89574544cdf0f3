DROP INDEX contact_messages_handled_idx;
DROP INDEX orders_created_at_idx;
