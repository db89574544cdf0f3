-- Returns and classification cannot be taken back without losing documents.
SELECT 1;
