//! With no provider set up (the demo shop, tests), each message is written to a folder as a
//! JSON file and logged, as mail without SMTP is written to `.eml` files.

use std::io;
use std::path::{Path, PathBuf};

use chrono::Utc;
use serde_json::json;
use uuid::Uuid;

use crate::channel::{Channel, SendError, SendFuture};
use crate::message::{Message, ProviderId};

/// Writes `<dir>/<time>-<template>-<id>.json`: `{"provider_id", "written_at", "message"}`.
pub struct FileChannel {
    dir: PathBuf,
}

impl FileChannel {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    async fn write(&self, message: &Message) -> Result<ProviderId, SendError> {
        let id = Uuid::new_v4();
        let provider_id = ProviderId(format!("file-{id}"));
        let now = Utc::now();
        let name = format!(
            "{}-{}-{id}.json",
            now.format("%Y%m%dT%H%M%S%.3fZ"),
            message.template
        );
        let contents = json!({
            "provider_id": provider_id,
            "written_at": now.to_rfc3339(),
            "message": message,
        });
        // Written aside and renamed, so that whoever watches the folder never reads half a file.
        let path = self.dir.join(&name);
        let partial = self.dir.join(format!(".{name}.partial"));
        let written = async {
            tokio::fs::create_dir_all(&self.dir).await?;
            tokio::fs::write(&partial, contents.to_string()).await?;
            tokio::fs::rename(&partial, &path).await
        };
        written.await.map_err(|error: io::Error| {
            SendError::retry(format!("could not write {}: {error}", path.display()))
        })?;
        tracing::info!(
            to = %message.to,
            template = %message.template,
            language = %message.language,
            text = %message.text,
            link = message.link.as_deref().unwrap_or(""),
            file = %path.display(),
            "message written to a file (no WhatsApp or SMS provider is set up)"
        );
        Ok(provider_id)
    }
}

impl Channel for FileChannel {
    fn name(&self) -> &'static str {
        "file"
    }

    fn send<'a>(&'a self, message: &'a Message) -> SendFuture<'a> {
        Box::pin(self.write(message))
    }
}
