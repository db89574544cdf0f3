ALTER TABLE orders DROP COLUMN tracking_url;
