DROP TABLE early_receipts;
