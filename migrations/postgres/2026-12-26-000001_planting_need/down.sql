-- Planting links become nutrition links (the nearest need the old rule allows).
UPDATE product_crops SET need = 'nutrition' WHERE need = 'planting';
ALTER TABLE product_crops DROP CONSTRAINT product_crops_need_check;
ALTER TABLE product_crops ADD CONSTRAINT product_crops_need_check
    CHECK (need IN ('nutrition', 'protection', 'irrigation', 'tools', 'services'));
