DROP TABLE counters;
DROP TABLE addresses;
DROP TABLE idempotency_keys;
DROP TABLE order_status_history;
DROP TABLE order_lines;
DROP TABLE orders;
