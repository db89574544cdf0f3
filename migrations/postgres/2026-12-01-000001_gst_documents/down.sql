DROP TABLE credit_notes;
DROP TABLE invoices;
