-- The delivery charge is part of the supply: each line carries its share of the charge (GST
-- included) and the GST in that share at the line's rate, split as the line's tax is. Orders
-- placed before this carry no share: their charge was not taxed.
ALTER TABLE order_lines ADD COLUMN shipping_paise BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN shipping_taxable_paise BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN shipping_cgst_paise BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN shipping_sgst_paise BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN shipping_igst_paise BIGINT NOT NULL DEFAULT 0;
