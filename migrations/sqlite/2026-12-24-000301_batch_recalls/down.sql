DROP TABLE batch_recalls;
