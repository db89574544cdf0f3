DROP TABLE two_factor_locks;
