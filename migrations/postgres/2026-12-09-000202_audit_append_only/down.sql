DROP TRIGGER audit_log_no_truncate ON audit_log;
DROP TRIGGER audit_log_no_update_or_delete ON audit_log;
DROP FUNCTION audit_log_append_only();
