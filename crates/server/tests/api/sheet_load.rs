//! A large CSV sheet is read in linear time without holding a database connection, and only a
//! few are read at once: the shop keeps answering while staff upload.

use std::time::{Duration, Instant};

use crate::helpers::spawn_apps;

const PREVIEW: &str = "/api/admin/catalog/imports/preview?filename=blank.csv";

#[actix_web::test]
async fn a_five_megabyte_sheet_of_blank_lines_is_answered_within_seconds() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        for blank in [",\n", " \n", "\n"] {
            let sheet = format!("sku,price\n{}", blank.repeat(5_000_000 / blank.len()));
            let start = Instant::now();
            let (status, answer) = staff.post_csv(PREVIEW, &sheet).await;
            let took = start.elapsed();
            assert!(
                status == 200 || status == 422,
                "{name}: {blank:?}: {status} {answer}"
            );
            assert!(
                took < Duration::from_secs(5),
                "{name}: {blank:?} took {took:?}"
            );
        }
        // Thousands of bad rows after the blank lines: each named by its line, still quickly.
        let mut sheet = format!("sku,price\n{}", ",\n".repeat(1_000_000));
        for i in 0..19_000 {
            sheet.push_str(&format!("S-{i},free\n"));
        }
        let start = Instant::now();
        let (status, answer) = staff.post_csv(PREVIEW, &sheet).await;
        assert_eq!(status, 200, "{name}: {answer}");
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{name}: {:?}",
            start.elapsed()
        );
        assert_eq!(answer["problems"][0]["line"], 1_000_002, "{name}");
        assert_eq!(answer["problems"][18_999]["line"], 1_019_001, "{name}");
    }
}

#[actix_web::test]
async fn the_shop_answers_while_sheets_are_read_and_a_flood_gets_429() {
    for app in spawn_apps().await {
        let name = app.name();
        let staff = app.with_staff().await;
        let sheet = format!("sku,price\n{}", ",\n".repeat(700_000));
        let uploads: Vec<_> = (0..9).map(|_| staff.post_csv(PREVIEW, &sheet)).collect();
        let health = async {
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
            let start = Instant::now();
            let response = app.get("/healthz").await;
            (response.status().as_u16(), start.elapsed())
        };
        let (answers, (health, took)) =
            futures_util::future::join(futures_util::future::join_all(uploads), health).await;
        assert_eq!(health, 200, "{name}");
        assert!(
            took < Duration::from_secs(2),
            "{name}: /healthz took {took:?}"
        );
        let statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
        assert!(
            statuses.iter().all(|s| *s == 200 || *s == 429),
            "{name}: {statuses:?}"
        );
        assert!(statuses.contains(&200), "{name}: {statuses:?}");
    }
}
