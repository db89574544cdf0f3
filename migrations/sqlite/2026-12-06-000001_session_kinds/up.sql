-- "Keep me signed in": each session remembers its kind (`persistent`: 30 days, as before;
-- `browser`: a sign-in without the box ticked, ended after SIGN_IN_IDLE_SECS unused) and when
-- it was last used. Sessions from before were all persistent; their first use writes the time
-- (the constant default only fills them in: SQLite cannot add a column defaulting to now, and
-- the server always writes the column itself).
ALTER TABLE sessions ADD COLUMN kind TEXT NOT NULL DEFAULT 'persistent';
ALTER TABLE sessions ADD COLUMN last_used_at TIMESTAMP NOT NULL DEFAULT '1970-01-01 00:00:00';
CREATE INDEX sessions_kind_last_used_idx ON sessions (kind, last_used_at);
