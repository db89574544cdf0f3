DROP TABLE award_translations;
DROP TABLE category_translations;
DROP TABLE brand_translations;
DROP TABLE variant_translations;
DROP TABLE product_translations;
