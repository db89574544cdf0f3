//! `storefront backup DIR`: a consistent copy of a running shop. On SQLite the database is copied
//! with `VACUUM INTO` (one read transaction: a snapshot that never holds half an order, taken
//! while the shop keeps writing), then the media folder is copied beside it. On PostgreSQL the
//! database is dumped with `pg_dump` (custom format, for `pg_restore`).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use diesel::connection::SimpleConnection;

use crate::config::Config;
use db::DatabaseUrl;

pub struct BackupReport {
    pub database: PathBuf,
    pub media_files: usize,
}

pub fn run(config: &Config, dir: &Path) -> anyhow::Result<BackupReport> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    if let (Ok(inside), Ok(media)) = (dir.canonicalize(), config.media_dir.canonicalize())
        && inside.starts_with(&media)
    {
        bail!(
            "the backup folder {} is inside MEDIA_DIR {}: choose a folder outside it",
            dir.display(),
            media.display()
        );
    }
    let database = match &config.database_url {
        DatabaseUrl::Sqlite(_) => {
            let target = dir.join("storefront.db");
            if target.exists() {
                bail!(
                    "{} exists already: back up into a new folder",
                    target.display()
                );
            }
            let pool = db::connect_pool(&config.database_url, 1)?;
            let mut conn = pool.get().context("connecting to the database")?;
            let target_text = target
                .to_str()
                .context("the backup folder's path is not UTF-8")?;
            conn.batch_execute(&format!(
                "VACUUM INTO '{}'",
                target_text.replace('\'', "''")
            ))
            .context("copying the database (VACUUM INTO)")?;
            target
        }
        DatabaseUrl::Postgres(url) => {
            let target = dir.join("storefront.pgdump");
            if target.exists() {
                bail!(
                    "{} exists already: back up into a new folder",
                    target.display()
                );
            }
            let (url, password) = without_password(url)?;
            let mut dump = Command::new("pg_dump");
            dump.args(["--format=custom", "--no-owner", "--file"])
                .arg(&target)
                .arg("--dbname")
                .arg(url);
            // Another user sees a command line in `ps`, never another process's environment.
            if let Some(password) = password {
                dump.env("PGPASSWORD", password);
            }
            let status = dump
                .status()
                .context("running pg_dump (install the PostgreSQL client tools)")?;
            if !status.success() {
                bail!("pg_dump failed ({status})");
            }
            target
        }
    };
    let media_files = if config.media_dir.is_dir() {
        copy_tree(&config.media_dir, &dir.join("media"))?
    } else {
        0
    };
    Ok(BackupReport {
        database,
        media_files,
    })
}

/// The PostgreSQL URL without its password (in the user part or as a `password` parameter), and
/// the password, for `pg_dump`'s environment rather than its command line.
fn without_password(url: &str) -> anyhow::Result<(String, Option<String>)> {
    let mut parsed = url::Url::parse(url).context("reading DATABASE_URL")?;
    let mut password = parsed.password().map(percent_decoded).transpose()?;
    if password.is_some() {
        parsed
            .set_password(None)
            .map_err(|()| anyhow::anyhow!("DATABASE_URL cannot lose its password"))?;
    }
    let mut kept = Vec::new();
    for (name, value) in parsed.query_pairs() {
        if name == "password" {
            password = Some(value.into_owned());
        } else {
            kept.push((name.into_owned(), value.into_owned()));
        }
    }
    if kept.is_empty() {
        parsed.set_query(None);
    } else {
        parsed.query_pairs_mut().clear().extend_pairs(kept);
    }
    Ok((parsed.into(), password))
}

fn percent_decoded(text: &str) -> anyhow::Result<String> {
    Ok(percent_encoding::percent_decode_str(text)
        .decode_utf8()
        .context("DATABASE_URL's password is not UTF-8")?
        .into_owned())
}

/// Copies files and folders under `from` into `to`; returns how many files. Media files are
/// written once under new names and never changed, so a file-by-file copy is consistent.
fn copy_tree(from: &Path, to: &Path) -> anyhow::Result<usize> {
    std::fs::create_dir_all(to).with_context(|| format!("creating {}", to.display()))?;
    let mut copied = 0;
    for entry in std::fs::read_dir(from).with_context(|| format!("reading {}", from.display()))? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            copied += copy_tree(&entry.path(), &target)?;
        } else if kind.is_file() {
            std::fs::copy(entry.path(), &target)
                .with_context(|| format!("copying {}", entry.path().display()))?;
            copied += 1;
        }
    }
    Ok(copied)
}

#[cfg(test)]
mod tests {
    use super::without_password;

    #[test]
    fn the_password_leaves_the_command_line() {
        let (url, password) =
            without_password("postgres://shop:s3cr%40t+x@db.internal:5432/shop?sslmode=require")
                .unwrap();
        assert_eq!(url, "postgres://shop@db.internal:5432/shop?sslmode=require");
        assert_eq!(password.as_deref(), Some("s3cr@t+x"));

        let (url, password) =
            without_password("postgres://shop@db/shop?password=p%26w&application_name=x").unwrap();
        assert_eq!(url, "postgres://shop@db/shop?application_name=x");
        assert_eq!(password.as_deref(), Some("p&w"));

        let (url, password) = without_password("postgres://shop@db/shop").unwrap();
        assert_eq!((url.as_str(), password), ("postgres://shop@db/shop", None));
    }
}
