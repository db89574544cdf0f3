ALTER TABLE products DROP COLUMN search_terms;
