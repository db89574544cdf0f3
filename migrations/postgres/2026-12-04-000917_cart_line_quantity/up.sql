-- A cart line holds up to 9,999 units (plantation orders of 150 or 400 bags); it held 999.
ALTER TABLE cart_items DROP CONSTRAINT cart_items_quantity_check;
ALTER TABLE cart_items ADD CONSTRAINT cart_items_quantity_check CHECK (quantity BETWEEN 1 AND 9999);
