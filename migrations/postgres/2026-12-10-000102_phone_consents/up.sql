-- What a phone number's owner chose about order updates on their phone (India's DPDP Act, 2023,
-- s. 6: consent is specific, given after a notice, and as easy to withdraw as to give): the
-- choice, the version of the notice they were shown, when, and where (checkout, profile, a STOP
-- reply). Sign-in codes are sent whatever this says; order updates only while it is yes.
CREATE TABLE phone_consents (
    phone TEXT PRIMARY KEY NOT NULL,
    order_updates BOOLEAN NOT NULL,
    notice_version TEXT NOT NULL,
    decided_at TIMESTAMP NOT NULL,
    via TEXT NOT NULL
);
