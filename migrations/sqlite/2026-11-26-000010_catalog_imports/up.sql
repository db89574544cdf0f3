-- Bulk edits: every applied CSV import, with the file as staff sent it (the audit log's entry
-- `catalog.import` names the row).
CREATE TABLE catalog_imports (
    id INTEGER PRIMARY KEY,
    actor_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    filename TEXT NOT NULL,
    content TEXT NOT NULL,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
