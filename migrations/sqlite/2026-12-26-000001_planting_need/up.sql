-- A product can serve a crop as its planting material (seeds, seedlings, cuttings, tissue-culture
-- plants): the first thing a grower of that crop buys, listed first on the crop's page.
-- SQLite cannot change a CHECK constraint, so the table is rebuilt with its rows.
CREATE TABLE product_crops_new (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    crop_id BIGINT NOT NULL REFERENCES crops (id) ON DELETE CASCADE,
    need TEXT NOT NULL CHECK (need IN ('planting', 'nutrition', 'protection', 'irrigation', 'tools', 'services')),
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (product_id, crop_id)
);
INSERT INTO product_crops_new (product_id, crop_id, need, updated_at)
    SELECT product_id, crop_id, need, updated_at FROM product_crops;
DROP TABLE product_crops;
ALTER TABLE product_crops_new RENAME TO product_crops;
CREATE INDEX product_crops_crop_id_idx ON product_crops (crop_id);
