#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed test set-up should stop the test loudly

use std::collections::BTreeMap;

use db::schema::*;
use db::testing::test_databases;
use db::{Backend, DbConnection, run_migrations, write_transaction};
use diesel::prelude::*;
use diesel::sql_types::{Integer, Text};

/// A column as `schema.rs` declares it or as the migrated database has it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Column {
    name: String,
    /// Diesel's SQL type (`BigInt`) for `schema.rs`, the database's own name (`bigint`) otherwise.
    sql_type: String,
    nullable: bool,
}

/// A table's columns in order, and its primary key's columns in order.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Table {
    columns: Vec<Column>,
    primary_key: Vec<String>,
}

type Schema = BTreeMap<String, Table>;

/// The tables of a `schema.rs` text: each `diesel::table!` block, its key and its columns.
fn declared(schema_rs: &str) -> Schema {
    let mut tables = Schema::new();
    let mut lines = schema_rs.lines().map(str::trim);
    while let Some(line) = lines.next() {
        if line != "diesel::table! {" {
            continue;
        }
        let header = lines.next().expect("a table name after `diesel::table! {`");
        let (name, key) = header
            .trim_end_matches('{')
            .trim()
            .split_once(' ')
            .expect("`name (key) {`");
        let mut table = Table {
            columns: Vec::new(),
            primary_key: key
                .trim_matches(|c| c == '(' || c == ')')
                .split(',')
                .map(|k| k.trim().to_owned())
                .collect(),
        };
        for line in lines.by_ref().take_while(|l| *l != "}") {
            let (column, sql_type) = line
                .trim_end_matches(',')
                .split_once(" -> ")
                .unwrap_or_else(|| panic!("{name}: unreadable column line `{line}`"));
            let (sql_type, nullable) = match sql_type.strip_prefix("Nullable<") {
                Some(inner) => (inner.trim_end_matches('>'), true),
                None => (sql_type, false),
            };
            table.columns.push(Column {
                name: column.to_owned(),
                sql_type: sql_type.to_owned(),
                nullable,
            });
        }
        tables.insert(name.to_owned(), table);
    }
    tables
}

#[derive(QueryableByName)]
struct ColumnInfo {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
    #[diesel(sql_type = Text)]
    column_type: String,
    #[diesel(sql_type = Integer)]
    not_null: i32,
    /// The column's place in the primary key, from 1; 0 when it is not part of it.
    #[diesel(sql_type = Integer)]
    pk: i32,
}

/// Every table the migrations made (not Diesel's own), as the database describes it.
fn migrated(conn: &mut DbConnection) -> Schema {
    let rows: Vec<ColumnInfo> = match conn {
        DbConnection::Sqlite(c) => diesel::sql_query(
            "SELECT m.name AS table_name, p.name AS column_name, p.type AS column_type, \
                    p.\"notnull\" AS not_null, p.pk AS pk \
             FROM sqlite_master m JOIN pragma_table_info(m.name) p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' \
               AND m.name <> '__diesel_schema_migrations' \
             ORDER BY m.name, p.cid",
        )
        .load(c),
        DbConnection::Postgres(c) => diesel::sql_query(
            "SELECT c.table_name::text AS table_name, c.column_name::text AS column_name, \
                    c.data_type::text AS column_type, (c.is_nullable = 'NO')::int4 AS not_null, \
                    COALESCE(k.ordinal_position, 0)::int4 AS pk \
             FROM information_schema.columns c \
             LEFT JOIN (SELECT u.table_name, u.column_name, u.ordinal_position \
                        FROM information_schema.table_constraints t \
                        JOIN information_schema.key_column_usage u \
                          ON u.constraint_schema = t.constraint_schema \
                         AND u.constraint_name = t.constraint_name \
                        WHERE t.constraint_type = 'PRIMARY KEY' \
                          AND t.table_schema = current_schema()) k \
               ON k.table_name = c.table_name AND k.column_name = c.column_name \
             WHERE c.table_schema = current_schema() \
               AND c.table_name <> '__diesel_schema_migrations' \
             ORDER BY c.table_name, c.ordinal_position",
        )
        .load(c),
    }
    .expect("read the migrated tables");
    let mut tables = Schema::new();
    let mut keys: BTreeMap<String, Vec<(i32, String)>> = BTreeMap::new();
    for row in rows {
        // SQLite's `INTEGER PRIMARY KEY` is the row id: never NULL, although not declared so.
        let row_id = row.pk == 1 && row.column_type == "INTEGER";
        tables
            .entry(row.table_name.clone())
            .or_default()
            .columns
            .push(Column {
                name: row.column_name.clone(),
                sql_type: row.column_type,
                nullable: row.not_null == 0 && !row_id,
            });
        if row.pk > 0 {
            keys.entry(row.table_name)
                .or_default()
                .push((row.pk, row.column_name));
        }
    }
    for (table, mut key) in keys {
        key.sort();
        if let Some(table) = tables.get_mut(&table) {
            table.primary_key = key.into_iter().map(|(_, column)| column).collect();
        }
    }
    tables
}

/// Whether a column of Diesel type `declared` is what the database calls `actual`. Every SQLite
/// integer holds 64 bits whatever its declared name, so a `BigInt` may be declared `INTEGER` there
/// (row ids are, and so are the catalogue's foreign keys to them).
fn same_type(backend: Backend, declared: &str, actual: &str) -> bool {
    let expected: &[&str] = match (backend, declared) {
        (Backend::Sqlite, "BigInt") => &["BIGINT", "INTEGER"],
        (Backend::Sqlite, "Integer") => &["INTEGER"],
        (Backend::Sqlite, "Text") => &["TEXT"],
        (Backend::Sqlite, "Bool") => &["BOOLEAN"],
        (Backend::Sqlite, "Timestamp") => &["TIMESTAMP"],
        (Backend::Sqlite, "Date") => &["DATE"],
        (Backend::Postgres, "BigInt") => &["bigint"],
        (Backend::Postgres, "Integer") => &["integer"],
        (Backend::Postgres, "Text") => &["text"],
        (Backend::Postgres, "Bool") => &["boolean"],
        (Backend::Postgres, "Timestamp") => &["timestamp without time zone"],
        (Backend::Postgres, "Date") => &["date"],
        _ => &[],
    };
    expected.contains(&actual)
}

/// Every way the migrated database differs from `schema.rs`: tables, columns (name, type,
/// nullability, order) and primary keys.
fn differences(backend: Backend, declared: &Schema, migrated: &Schema) -> Vec<String> {
    let mut found = Vec::new();
    for name in migrated.keys().filter(|t| !declared.contains_key(*t)) {
        found.push(format!("table {name} is not in schema.rs"));
    }
    for (name, want) in declared {
        let Some(have) = migrated.get(name) else {
            found.push(format!("table {name} is missing from the database"));
            continue;
        };
        if want.primary_key != have.primary_key {
            found.push(format!(
                "{name}: primary key {:?} in schema.rs, {:?} in the database",
                want.primary_key, have.primary_key
            ));
        }
        let names = |t: &Table| t.columns.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
        if names(want) != names(have) {
            found.push(format!(
                "{name}: columns {:?} in schema.rs, {:?} in the database",
                names(want),
                names(have)
            ));
        }
        for column in &want.columns {
            let Some(actual) = have.columns.iter().find(|c| c.name == column.name) else {
                continue;
            };
            if !same_type(backend, &column.sql_type, &actual.sql_type) {
                found.push(format!(
                    "{name}.{}: {} in schema.rs, {} in the database",
                    column.name, column.sql_type, actual.sql_type
                ));
            }
            if column.nullable != actual.nullable {
                let null = |n: bool| if n { "nullable" } else { "NOT NULL" };
                found.push(format!(
                    "{name}.{}: {} in schema.rs, {} in the database",
                    column.name,
                    null(column.nullable),
                    null(actual.nullable)
                ));
            }
        }
    }
    found
}

const SCHEMA_RS: &str = include_str!("../src/schema.rs");

/// The migrations of each backend make exactly the tables of `schema.rs`: the same columns in the
/// same order, each of the declared type and nullability, and the same primary keys.
#[test]
fn schema_matches_both_backends() {
    let declared = declared(SCHEMA_RS);
    assert!(declared.len() > 10, "schema.rs read as {declared:?}");
    let mut report = String::new();
    for database in test_databases() {
        let mut conn = database.pool().get().unwrap();
        let found = differences(conn.backend(), &declared, &migrated(&mut conn));
        for difference in found {
            report.push_str(&format!("\n{}: {difference}", database.name()));
        }
    }
    assert!(
        report.is_empty(),
        "the migrations and schema.rs disagree:{report}"
    );
}

/// The check above sees a drift of each kind: a type, a nullability, a missing column, a table.
#[test]
fn the_schema_check_sees_each_kind_of_drift() {
    let drifts = [
        (
            "sort_order -> Integer,",
            "sort_order -> Text,",
            "brands.sort_order: Text",
        ),
        (
            "image_path -> Nullable<Text>,",
            "image_path -> Text,",
            "brands.image_path: NOT NULL in schema.rs, nullable",
        ),
        ("        slug -> Text,\n", "", "brands: columns"),
        (
            "    counters (name) {",
            "    tallies (name) {",
            "table tallies is missing",
        ),
    ];
    for database in test_databases() {
        let mut conn = database.pool().get().unwrap();
        let migrated = migrated(&mut conn);
        for (from, to, expected) in drifts {
            let drifted = declared(&SCHEMA_RS.replacen(from, to, 1));
            let found = differences(conn.backend(), &drifted, &migrated);
            assert!(
                found.iter().any(|f| f.contains(expected)),
                "{}: `{from}` -> `{to}` was not seen: {found:?}",
                database.name()
            );
        }
    }
}

#[test]
fn migrations_run_once() {
    for database in test_databases() {
        let pool = database.pool();
        let mut conn = pool.get().unwrap();
        assert_eq!(run_migrations(&mut conn).unwrap(), 0, "{}", database.name());
    }
}

#[test]
fn a_failed_write_transaction_leaves_nothing_behind() {
    for database in test_databases() {
        let pool = database.pool();
        let mut conn = pool.get().unwrap();
        let result: Result<(), diesel::result::Error> = write_transaction(&mut conn, |conn| {
            diesel::insert_into(brands::table)
                .values((brands::name.eq("A"), brands::slug.eq("a")))
                .execute(conn)?;
            // The same slug again violates the unique index and must undo the first insert.
            diesel::insert_into(brands::table)
                .values((brands::name.eq("A again"), brands::slug.eq("a")))
                .execute(conn)?;
            Ok(())
        });
        assert!(result.is_err(), "{}", database.name());
        let count: i64 = brands::table.count().get_result(&mut conn).unwrap();
        assert_eq!(count, 0, "{}", database.name());

        write_transaction(&mut conn, |conn| {
            diesel::insert_into(brands::table)
                .values((brands::name.eq("B"), brands::slug.eq("b")))
                .execute(conn)
        })
        .unwrap();
        let count: i64 = brands::table.count().get_result(&mut conn).unwrap();
        assert_eq!(count, 1, "{}", database.name());
    }
}

#[test]
fn the_database_refuses_a_price_above_the_mrp() {
    for database in test_databases() {
        let pool = database.pool();
        let mut conn = pool.get().unwrap();
        let brand: i64 = diesel::insert_into(brands::table)
            .values((brands::name.eq("B"), brands::slug.eq("b")))
            .returning(brands::id)
            .get_result(&mut conn)
            .unwrap();
        let product: i64 = diesel::insert_into(products::table)
            .values((
                products::brand_id.eq(brand),
                products::name.eq("P"),
                products::slug.eq("p"),
                products::hsn_code.eq("31059090"),
                products::gst_rate_bp.eq(500),
            ))
            .returning(products::id)
            .get_result(&mut conn)
            .unwrap();
        let bad = diesel::insert_into(product_variants::table)
            .values((
                product_variants::product_id.eq(product),
                product_variants::sku.eq("P-1"),
                product_variants::mrp_paise.eq(Some(100_i64)),
                product_variants::price_paise.eq(200_i64),
            ))
            .execute(&mut conn);
        assert!(
            bad.is_err(),
            "{}: MRP below price was accepted",
            database.name()
        );
    }
}

/// Three processes starting on one fresh PostgreSQL database at once (a rolling deploy, or
/// `storefront migrate` run by hand beside a starting service): one migrates, the others wait
/// for it and find nothing pending. Unlocked, two of the three failed on a duplicate table.
#[test]
fn processes_migrating_at_once_take_turns_on_postgres() {
    let Some(database) = db::testing::TestDatabase::postgres() else {
        return;
    };
    let start = std::sync::Arc::new(std::sync::Barrier::new(3));
    let runs: Vec<_> = (0..3)
        .map(|_| {
            let url = database.url.clone();
            let start = start.clone();
            std::thread::spawn(move || {
                let pool = db::connect_pool(&url, 1).unwrap();
                let mut conn = pool.get().unwrap();
                start.wait();
                run_migrations(&mut conn)
            })
        })
        .collect();
    let applied: Vec<usize> = runs
        .into_iter()
        .map(|run| {
            run.join()
                .unwrap()
                .expect("every process migrates or waits")
        })
        .collect();
    let total = applied.iter().sum::<usize>();
    assert!(total > 10, "{applied:?}");
    assert_eq!(
        applied.iter().filter(|&&n| n == total).count(),
        1,
        "one process applies them all: {applied:?}"
    );
    let mut conn = database.pool().get().unwrap();
    assert!(!db::has_pending_migrations(&mut conn).unwrap());
}
