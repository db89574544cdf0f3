-- Batches cannot be taken back without losing the record of what was sold from which.
SELECT 1;
