UPDATE orders SET contact_email = '' WHERE contact_email IS NULL;
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'contact_email TEXT,', 'contact_email TEXT NOT NULL,')
 WHERE type = 'table' AND name = 'orders';
PRAGMA writable_schema = RESET;
CREATE TABLE phone_first_schema_bump (x INTEGER);
DROP TABLE phone_first_schema_bump;
