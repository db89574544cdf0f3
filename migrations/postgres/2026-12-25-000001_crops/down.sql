DROP TABLE search_synonyms;
DROP TABLE product_problems;
DROP TABLE product_crops;
DROP TABLE problem_crops;
DROP TABLE problem_translations;
DROP TABLE problems;
DROP TABLE crop_translations;
DROP TABLE crops;
