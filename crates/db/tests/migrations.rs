use db::schema::*;
use db::testing::test_databases;
use db::{run_migrations, write_transaction};
use diesel::prelude::*;

/// Loading every column of every table through `schema.rs` fails if a migration and the schema
/// drift apart on either backend.
#[test]
fn schema_matches_both_backends() {
    for database in test_databases() {
        let pool = database.pool();
        let mut conn = pool.get().unwrap();
        let name = database.name();
        brands::table
            .select(brands::all_columns)
            .load::<(
                i64,
                String,
                String,
                String,
                Option<String>,
                bool,
                i32,
                chrono::NaiveDateTime,
                chrono::NaiveDateTime,
            )>(&mut conn)
            .unwrap_or_else(|e| panic!("{name}: brands: {e}"));
        categories::table
            .select(categories::all_columns)
            .load::<(
                i64,
                Option<i64>,
                String,
                String,
                String,
                i32,
                chrono::NaiveDateTime,
                chrono::NaiveDateTime,
            )>(&mut conn)
            .unwrap_or_else(|e| panic!("{name}: categories: {e}"));
        products::table
            .select(products::all_columns)
            .load::<(
                i64,
                i64,
                String,
                String,
                String,
                String,
                i32,
                bool,
                bool,
                chrono::NaiveDateTime,
                chrono::NaiveDateTime,
            )>(&mut conn)
            .unwrap_or_else(|e| panic!("{name}: products: {e}"));
        product_categories::table
            .select(product_categories::all_columns)
            .load::<(i64, i64, i32)>(&mut conn)
            .unwrap_or_else(|e| panic!("{name}: product_categories: {e}"));
        product_variants::table
            .select(product_variants::all_columns)
            .load::<(
                i64,
                i64,
                Option<String>,
                String,
                Option<i64>,
                i64,
                i32,
                i32,
                chrono::NaiveDateTime,
                chrono::NaiveDateTime,
            )>(&mut conn)
            .unwrap_or_else(|e| panic!("{name}: product_variants: {e}"));
        product_images::table
            .select(product_images::all_columns)
            .load::<(i64, i64, String, String, i32, i32, i32)>(&mut conn)
            .unwrap_or_else(|e| panic!("{name}: product_images: {e}"));
        awards::table
            .select(awards::all_columns)
            .load::<(
                i64,
                String,
                Option<String>,
                Option<String>,
                i32,
                chrono::NaiveDateTime,
                chrono::NaiveDateTime,
            )>(&mut conn)
            .unwrap_or_else(|e| panic!("{name}: awards: {e}"));
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
