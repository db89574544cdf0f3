-- A product's and a variant's edit version: bumped by each save of the desk's form (not by stock
-- moves), so a save from a form loaded before another save is refused (409) instead of undoing it.
ALTER TABLE products ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE product_variants ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
