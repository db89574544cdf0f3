DROP TABLE order_packing;
