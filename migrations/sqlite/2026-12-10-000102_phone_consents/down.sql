DROP TABLE phone_consents;
