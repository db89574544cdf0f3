//! The photo budget, measured: `budget make photo.jpg` writes a 12-megapixel phone-like JPEG
//! (4000 × 3000, EXIF orientation 6 and GPS); `budget run photo.jpg` processes it and prints the
//! time and the peak memory above what the process held before (from /proc/self/status).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use image::{ImageFormat, Rgb, RgbImage};

fn status_kb(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with(field)).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match (args.get(1).map(String::as_str), args.get(2)) {
        (Some("make"), Some(path)) => {
            // Smooth shapes with sensor-like grain: compresses like a photo, not like a drawing.
            let photo = RgbImage::from_fn(4000, 3000, |x, y| {
                let grain = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) % 29;
                let leaf = ((x / 37 + y / 53) % 9) * 12;
                Rgb([
                    (40 + leaf + grain) as u8,
                    (90 + x / 40 % 100 + grain) as u8,
                    (30 + y / 30 % 60) as u8,
                ])
            });
            let jpeg = media::testing::encode(&photo, ImageFormat::Jpeg);
            std::fs::write(path, media::testing::with_exif(&jpeg, 6)).unwrap();
        }
        (Some("run"), Some(path)) => {
            let bytes = std::fs::read(path).unwrap();
            let resting = status_kb("VmRSS:");
            let started = Instant::now();
            let encoded = media::process(&bytes).unwrap();
            let elapsed = started.elapsed();
            let peak = status_kb("VmHWM:");
            println!(
                "input {} bytes; {:.2} s; peak {} MB above resting",
                bytes.len(),
                elapsed.as_secs_f64(),
                (peak - resting) / 1024
            );
            for width in &encoded.widths {
                println!(
                    "{} x {}: {} bytes",
                    width.width,
                    width.height,
                    width.webp.len()
                );
            }
        }
        _ => eprintln!("usage: budget make|run <photo.jpg>"),
    }
}
