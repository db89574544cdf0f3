-- Planting links become nutrition links (the nearest need the old rule allows).
CREATE TABLE product_crops_old (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    crop_id BIGINT NOT NULL REFERENCES crops (id) ON DELETE CASCADE,
    need TEXT NOT NULL CHECK (need IN ('nutrition', 'protection', 'irrigation', 'tools', 'services')),
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (product_id, crop_id)
);
INSERT INTO product_crops_old (product_id, crop_id, need, updated_at)
    SELECT product_id, crop_id, CASE need WHEN 'planting' THEN 'nutrition' ELSE need END, updated_at
    FROM product_crops;
DROP TABLE product_crops;
ALTER TABLE product_crops_old RENAME TO product_crops;
CREATE INDEX product_crops_crop_id_idx ON product_crops (crop_id);
