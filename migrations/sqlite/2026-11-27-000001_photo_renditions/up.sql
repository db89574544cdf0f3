-- Each uploaded picture's WebP widths, narrowest first, as JSON: [{"path","width","height"}].
-- `path`, `width` and `height` (or `image_path`) keep naming the widest, so older readers and the
-- demo's SVG pictures (which have no renditions: '[]') work as before.
ALTER TABLE product_images ADD COLUMN renditions TEXT NOT NULL DEFAULT '[]';
ALTER TABLE brands ADD COLUMN image_renditions TEXT NOT NULL DEFAULT '[]';
ALTER TABLE awards ADD COLUMN image_renditions TEXT NOT NULL DEFAULT '[]';
