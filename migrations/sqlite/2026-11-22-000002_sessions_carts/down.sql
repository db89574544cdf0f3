DROP TABLE cart_items;
DROP TABLE carts;
DROP TABLE app_secrets;
DROP TABLE sessions;
