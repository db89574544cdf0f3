-- Nothing to undo: the variants taken off sale stay off until staff correct them.
SELECT 1;
