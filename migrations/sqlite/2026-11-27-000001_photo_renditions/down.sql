ALTER TABLE awards DROP COLUMN image_renditions;
ALTER TABLE brands DROP COLUMN image_renditions;
ALTER TABLE product_images DROP COLUMN renditions;
