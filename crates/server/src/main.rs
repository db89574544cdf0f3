use anyhow::Context;
use clap::Parser;
use diesel::prelude::*;
use server::cli::{Cli, Command};
use server::config::Config;
use server::startup::Application;

fn main() -> anyhow::Result<()> {
    limit_malloc_arenas();
    let _ = dotenvy::dotenv();
    server::telemetry::init();
    let cli = Cli::parse();
    let config = Config::from_env()?;
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(config),
        Command::Migrate => {
            let mut conn = connect(&config)?;
            let applied = db::run_migrations(&mut conn)?;
            println!(
                "{applied} migration(s) applied to {:?}",
                config.database_url
            );
            Ok(())
        }
        Command::SeedDemo {
            products,
            if_empty,
            with_admin,
        } => {
            seed(&config, products, if_empty)?;
            if with_admin {
                server::staff_cli::demo_admin(&config)?;
            }
            Ok(())
        }
        Command::CreateAdmin {
            email,
            name,
            mail_link,
        } => server::staff_cli::create_admin(&config, &email, &name, mail_link),
        Command::OrderStatus {
            number,
            status,
            carrier,
            tracking_number,
            eway_bill_number,
            reason,
        } => server::staff_cli::order_status(
            &config,
            &number,
            server::staff_cli::OrderMoveArgs {
                status,
                carrier,
                tracking_number,
                eway_bill_number,
                reason,
            },
        ),
        Command::CancelUnpaid { as_of } => server::staff_cli::cancel_unpaid(
            &config,
            as_of.map_or_else(|| chrono::Utc::now().naive_utc(), |at| at.naive_utc()),
        ),
        Command::Backup { dir } => {
            let report = server::backup::run(&config, &dir)?;
            println!(
                "backed up the database to {} and {} media file(s) to {}",
                report.database.display(),
                report.media_files,
                dir.join("media").display()
            );
            Ok(())
        }
    }
}

fn serve(config: Config) -> anyhow::Result<()> {
    actix_web::rt::System::new().block_on(async move {
        let app = Application::build(config)?;
        tracing::info!(
            "the shop is open at {} (listening on port {})",
            app.state().config.public_url,
            app.port()
        );
        app.run_until_stopped().await?;
        tracing::info!("stopped");
        Ok(())
    })
}

fn connect(
    config: &Config,
) -> anyhow::Result<
    r2d2::PooledConnection<impl r2d2::ManageConnection<Connection = db::DbConnection>>,
> {
    let pool = db::connect_pool(&config.database_url, 1)?;
    pool.get()
        .with_context(|| format!("connecting to {:?}", config.database_url))
}

fn seed(config: &Config, products: usize, if_empty: bool) -> anyhow::Result<()> {
    let mut conn = connect(config)?;
    db::run_migrations(&mut conn)?;
    if if_empty {
        let existing: i64 = db::schema::products::table.count().get_result(&mut *conn)?;
        if existing > 0 {
            println!("the catalogue already has {existing} products; nothing seeded");
            return Ok(());
        }
    }
    let report = demo::seed_demo(&mut conn, &config.media_dir, products)?;
    println!(
        "seeded {} brands, {} categories, {} products, {} awards, {} Malayalam and Tamil texts, {} generated products (images in {})",
        report.brands,
        report.categories,
        report.products,
        report.awards,
        report.translations,
        report.bench_products,
        config.media_dir.display()
    );
    Ok(())
}

/// glibc gives every thread that allocates under contention an arena of its own, up to 8 per
/// core, and each keeps the memory it once held: with the workers' blocking threads that was
/// about a fifth of the server's peak memory. Two arenas hold the peak near the catalogue's own
/// size without slowing two workers down. `MALLOC_ARENA_MAX` in the environment still wins.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn limit_malloc_arenas() {
    if std::env::var_os("MALLOC_ARENA_MAX").is_none() {
        // SAFETY: called first thing in `main`, before any other thread exists; mallopt only
        // sets a limit for arenas made from now on.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, 2);
        }
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn limit_malloc_arenas() {}
