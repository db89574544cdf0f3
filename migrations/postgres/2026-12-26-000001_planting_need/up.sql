-- A product can serve a crop as its planting material (seeds, seedlings, cuttings, tissue-culture
-- plants): the first thing a grower of that crop buys, listed first on the crop's page.
ALTER TABLE product_crops DROP CONSTRAINT product_crops_need_check;
ALTER TABLE product_crops ADD CONSTRAINT product_crops_need_check
    CHECK (need IN ('planting', 'nutrition', 'protection', 'irrigation', 'tools', 'services'));
