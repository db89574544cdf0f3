DROP TABLE awards;
DROP TABLE product_images;
DROP TABLE product_variants;
DROP TABLE product_categories;
DROP TABLE products;
DROP TABLE categories;
DROP TABLE brands;
