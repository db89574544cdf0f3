UPDATE cart_items SET quantity = 999 WHERE quantity > 999;
ALTER TABLE cart_items DROP CONSTRAINT cart_items_quantity_check;
ALTER TABLE cart_items ADD CONSTRAINT cart_items_quantity_check CHECK (quantity BETWEEN 1 AND 999);
