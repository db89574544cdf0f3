DROP TRIGGER audit_log_no_delete;
DROP TRIGGER audit_log_no_update;
