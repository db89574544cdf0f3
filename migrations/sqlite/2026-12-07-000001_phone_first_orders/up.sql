-- Phone first: a guest may order with a mobile number and no e-mail address.
-- SQLite cannot drop a NOT NULL constraint, and rebuilding `orders` would cascade-delete its
-- lines (foreign keys stay on inside the migration's transaction). Removing a NOT NULL
-- constraint changes nothing on disk, so the table's definition is edited in place, as SQLite's
-- documentation allows for this case ("Making Other Kinds Of Table Schema Changes"). `RESET`
-- reloads the schema on this connection; creating and dropping a table bumps the schema
-- version, so every other open connection reloads it before its next statement.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'contact_email TEXT NOT NULL', 'contact_email TEXT')
 WHERE type = 'table' AND name = 'orders';
PRAGMA writable_schema = RESET;
CREATE TABLE phone_first_schema_bump (x INTEGER);
DROP TABLE phone_first_schema_bump;
