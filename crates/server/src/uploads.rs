//! Photo uploads: a `multipart/form-data` body read one file at a time (each at most 10 MB),
//! each run through the `media` pipeline on a blocking thread and written under `MEDIA_DIR`.
//! One permit: turning photos into WebP is the heaviest work this process does, and the shop
//! must keep answering while staff upload a dozen at once.

use std::path::PathBuf;

use actix_multipart::Multipart;
use actix_web::web;
use futures_util::StreamExt;
use media::{MAX_UPLOAD_BYTES, MediaError, Renditions};
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// Files taken in one request.
pub const MAX_FILES: usize = 10;
/// The largest upload body: `MAX_FILES` files and their multipart framing.
pub const MAX_UPLOAD_BODY_BYTES: usize = MAX_FILES * MAX_UPLOAD_BYTES + 64 * 1024;

static WORKERS: Semaphore = Semaphore::const_new(1);

/// Reads every file of the form's `files` field, processes and stores each under
/// `folder`. A refused file answers 422 naming it (`files[1]`), and nothing is recorded.
pub async fn receive(
    mut form: Multipart,
    media_dir: PathBuf,
    folder: &'static str,
    max_files: usize,
) -> Result<Vec<Renditions>, ApiError> {
    let mut stored = Vec::new();
    let mut index = 0;
    while let Some(field) = form.next().await {
        let mut field =
            field.map_err(|e| ApiError::BadRequest(format!("The form is invalid: {e}")))?;
        // The contract's one field (`PhotoUpload`): anything else is a client's mistake.
        if field.name() != Some("files") {
            let name = field.name().unwrap_or_default().to_owned();
            return Err(ApiError::validation(
                if name.is_empty() { "files" } else { &name },
                "Send the pictures as files in the `files` field.",
            ));
        }
        if field
            .content_disposition()
            .and_then(|d| d.get_filename())
            .is_none()
        {
            continue; // not a file
        }
        let key = format!("files[{index}]");
        if index >= max_files {
            return Err(ApiError::validation(
                &key,
                format!("Send at most {max_files} files at once."),
            ));
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk =
                chunk.map_err(|e| ApiError::BadRequest(format!("The upload broke off: {e}")))?;
            if bytes.len() + chunk.len() > MAX_UPLOAD_BYTES {
                return Err(ApiError::validation(&key, MediaError::TooLarge.to_string()));
            }
            bytes.extend_from_slice(&chunk);
        }
        stored.push(process_and_store(bytes, media_dir.clone(), folder, &key).await?);
        index += 1;
    }
    if stored.is_empty() {
        return Err(ApiError::validation(
            "files",
            "Choose a JPEG, PNG or WebP picture.",
        ));
    }
    Ok(stored)
}

async fn process_and_store(
    bytes: Vec<u8>,
    media_dir: PathBuf,
    folder: &'static str,
    key: &str,
) -> Result<Renditions, ApiError> {
    let _permit = WORKERS
        .acquire()
        .await
        .map_err(|e| ApiError::internal(anyhow::Error::new(e)))?;
    let written = web::block(move || {
        let encoded = media::process(&bytes)?;
        drop(bytes);
        media::store(&media_dir, folder, &encoded)
    })
    .await
    .map_err(|e| ApiError::internal(anyhow::anyhow!("photo work panicked: {e}")))?;
    written.map_err(|error| {
        if error.is_refusal() {
            ApiError::validation(key, error.to_string())
        } else {
            ApiError::internal(error)
        }
    })
}
