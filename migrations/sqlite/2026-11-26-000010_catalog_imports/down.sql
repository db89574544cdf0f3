DROP TABLE catalog_imports;
