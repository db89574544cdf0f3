DROP INDEX sessions_kind_last_used_idx;
ALTER TABLE sessions DROP COLUMN last_used_at;
ALTER TABLE sessions DROP COLUMN kind;
