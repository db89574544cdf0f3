use std::fmt;
use std::path::PathBuf;

/// Which database a `DATABASE_URL` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A parsed `DATABASE_URL`: `sqlite://PATH`, a bare path (SQLite), or `postgres://…`.
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    Sqlite(PathBuf),
    Postgres(String),
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DatabaseUrlError {
    #[error("DATABASE_URL is empty")]
    Empty,
    #[error("DATABASE_URL scheme `{0}` is not supported (use sqlite:// or postgres://)")]
    UnsupportedScheme(String),
}

impl DatabaseUrl {
    pub const DEFAULT: &'static str = "sqlite://data/storefront.db";

    pub fn parse(raw: &str) -> Result<Self, DatabaseUrlError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(DatabaseUrlError::Empty);
        }
        if raw.starts_with("postgres://") || raw.starts_with("postgresql://") {
            return Ok(Self::Postgres(raw.to_owned()));
        }
        if let Some(path) = raw
            .strip_prefix("sqlite://")
            .or_else(|| raw.strip_prefix("sqlite:"))
        {
            if path.is_empty() {
                return Err(DatabaseUrlError::Empty);
            }
            return Ok(Self::Sqlite(PathBuf::from(path)));
        }
        if let Some((scheme, _)) = raw.split_once("://") {
            return Err(DatabaseUrlError::UnsupportedScheme(scheme.to_owned()));
        }
        Ok(Self::Sqlite(PathBuf::from(raw)))
    }

    pub fn backend(&self) -> Backend {
        match self {
            Self::Sqlite(_) => Backend::Sqlite,
            Self::Postgres(_) => Backend::Postgres,
        }
    }
}

/// Never print a PostgreSQL password into a log.
impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Sqlite(path) => write!(f, "sqlite://{}", path.display()),
            Self::Postgres(url) => {
                let redacted = match (url.find("://"), url.rfind('@')) {
                    (Some(start), Some(at)) if at > start => {
                        format!("{}://***@{}", &url[..start], &url[at + 1..])
                    }
                    _ => url.clone(),
                };
                f.write_str(&redacted)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_each_form() {
        assert_eq!(
            DatabaseUrl::parse("sqlite://data/x.db").unwrap(),
            DatabaseUrl::Sqlite("data/x.db".into())
        );
        assert_eq!(
            DatabaseUrl::parse("/tmp/shop.db").unwrap(),
            DatabaseUrl::Sqlite("/tmp/shop.db".into())
        );
        assert_eq!(
            DatabaseUrl::parse("postgres://u@h/db").unwrap().backend(),
            Backend::Postgres
        );
        assert_eq!(
            DatabaseUrl::parse("mysql://h/db"),
            Err(DatabaseUrlError::UnsupportedScheme("mysql".into()))
        );
        assert_eq!(DatabaseUrl::parse("  "), Err(DatabaseUrlError::Empty));
    }

    #[test]
    fn debug_hides_the_password() {
        let url = DatabaseUrl::parse("postgres://shop:secret@db.internal/shop").unwrap();
        let shown = format!("{url:?}");
        assert!(!shown.contains("secret"), "{shown}");
        assert!(shown.contains("db.internal/shop"));
    }
}
