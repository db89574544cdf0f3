-- A product's own search words in English and the Latin spellings shoppers type ("elam",
-- "elakkai"), one per line, edited in the back office beside its name; searched on every page,
-- like the Malayalam and Tamil ones in product_translations.
ALTER TABLE products ADD COLUMN search_terms TEXT NOT NULL DEFAULT '';
