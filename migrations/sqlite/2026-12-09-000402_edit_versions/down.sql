ALTER TABLE product_variants DROP COLUMN version;
ALTER TABLE products DROP COLUMN version;
