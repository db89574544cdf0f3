ALTER TABLE order_lines DROP COLUMN shipping_igst_paise;
ALTER TABLE order_lines DROP COLUMN shipping_sgst_paise;
ALTER TABLE order_lines DROP COLUMN shipping_cgst_paise;
ALTER TABLE order_lines DROP COLUMN shipping_taxable_paise;
ALTER TABLE order_lines DROP COLUMN shipping_paise;
