-- Rate limits shared by every storefront process on this database: one row per limited key
-- (`sign_in:ip:203.0.113.5`, `Register:203.0.113.5`, ...) holding its theoretical arrival time
-- (GCRA) in milliseconds since the Unix epoch. A row whose time has passed limits nothing;
-- housekeeping deletes those.
CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY NOT NULL,
    tat_ms BIGINT NOT NULL
);
CREATE INDEX rate_limits_tat_ms_idx ON rate_limits (tat_ms);
