DROP TABLE phone_orders;
