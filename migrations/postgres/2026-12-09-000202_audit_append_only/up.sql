-- The audit log is append-only: the database itself refuses to change or remove a row (and to
-- empty the table), so neither a bug nor someone with the app's access to the database can
-- rewrite what was done. (The table's owner could still drop the triggers; running the app as
-- a role that does not own its tables closes that too.)
CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
