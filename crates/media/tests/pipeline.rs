#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use image::ImageFormat;
use media::testing::{GPS_MARKER, encode, phone_jpeg, png_16bit_bomb, png_bomb, two_tone};
use media::{MediaError, process, store};

fn decoded(webp: &[u8]) -> image::RgbImage {
    image::load_from_memory_with_format(webp, ImageFormat::WebP)
        .unwrap()
        .into_rgb8()
}

#[test]
fn a_phone_photo_comes_out_upright_without_its_metadata() {
    let encoded = process(&phone_jpeg(1200, 800)).unwrap();
    let sizes: Vec<(u32, u32)> = encoded.widths.iter().map(|w| (w.width, w.height)).collect();
    // Turned a quarter: 800 wide, 1200 high; never enlarged past its own 800.
    assert_eq!(
        sizes,
        [(80, 120), (160, 240), (320, 480), (640, 960), (800, 1200)]
    );
    for width in &encoded.widths {
        assert_eq!(&width.webp[..4], b"RIFF");
        assert_eq!(&width.webp[8..12], b"WEBP");
        for leak in [&b"Exif"[..], b"EXIF", b"XMP ", GPS_MARKER] {
            assert!(!width.webp.windows(leak.len()).any(|w| w == leak));
        }
    }
    // The sensor's top (red) is the right-hand side once turned clockwise.
    let widest = decoded(&encoded.widths[4].webp);
    let right = widest.get_pixel(600, 600);
    let left = widest.get_pixel(200, 600);
    assert!(right[0] > 150 && right[2] < 100, "right is {right:?}");
    assert!(left[2] > 150 && left[0] < 100, "left is {left:?}");
}

#[test]
fn the_type_comes_from_the_bytes_not_the_name() {
    let png = encode(&two_tone(400, 300), ImageFormat::Png);
    assert_eq!(process(&png).unwrap().widths.len(), 4);
    let webp = encode(&two_tone(400, 300), ImageFormat::WebP);
    assert_eq!(process(&webp).unwrap().widths.len(), 4);
    let text = b"name,price\nurea,300\n".repeat(10);
    assert!(matches!(process(&text), Err(MediaError::NotAPicture)));
    let gif = encode(&two_tone(40, 30), ImageFormat::Gif);
    assert!(matches!(process(&gif), Err(MediaError::NotAPicture)));
}

#[test]
fn a_decompression_bomb_is_refused_before_it_is_decoded() {
    let started = Instant::now();
    let error = process(&png_bomb(50_000)).unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(1));
    assert!(error.is_refusal());
    assert!(
        matches!(
            error,
            MediaError::OverLimits | MediaError::TooManyPixels { .. }
        ),
        "{error:?}"
    );
    // Within each side's limit but over 40 MP.
    let error = process(&png_bomb(7_000)).unwrap_err();
    assert!(
        matches!(
            error,
            MediaError::TooManyPixels {
                width: 7000,
                height: 7000
            } | MediaError::OverLimits
        ),
        "{error:?}"
    );
}

#[test]
fn a_truncated_picture_and_an_oversized_file_are_refused() {
    let jpeg = encode(&two_tone(400, 300), ImageFormat::Jpeg);
    assert!(process(&jpeg[..200]).unwrap_err().is_refusal());
    let huge = vec![0u8; media::MAX_UPLOAD_BYTES + 1];
    assert!(matches!(process(&huge), Err(MediaError::TooLarge)));
}

#[test]
fn widths_are_never_enlarged() {
    let encoded = process(&encode(&two_tone(2000, 1000), ImageFormat::Png)).unwrap();
    let widths: Vec<u32> = encoded.widths.iter().map(|w| w.width).collect();
    assert_eq!(widths, media::WIDTHS);
    assert_eq!(encoded.widths[5].height, 800);
    let tiny = process(&encode(&two_tone(100, 50), ImageFormat::Png)).unwrap();
    let sizes: Vec<(u32, u32)> = tiny.widths.iter().map(|w| (w.width, w.height)).collect();
    assert_eq!(sizes, [(80, 40), (100, 50)]);
}

#[test]
fn files_are_written_whole_under_their_content_name() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = encode(&two_tone(700, 500), ImageFormat::Jpeg);
    let encoded = process(&bytes).unwrap();
    let stored = store(dir.path(), "products", &encoded).unwrap();
    let names: Vec<&str> = stored.0.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(names.len(), 5);
    assert!(names[0].starts_with("products/") && names[0].ends_with("-80.webp"));
    assert!(names[2].ends_with("-320.webp"));
    // Stable: the same upload gets the same names.
    assert_eq!(process(&bytes).unwrap().name, encoded.name);
    let mut files: Vec<String> = std::fs::read_dir(dir.path().join("products"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(files.len(), 5, "no temporary file is left: {files:?}");
    for rendition in &stored.0 {
        let written = std::fs::read(dir.path().join(&rendition.path)).unwrap();
        let image = decoded(&written);
        assert_eq!(
            (image.width() as i32, image.height() as i32),
            (rendition.width, rendition.height)
        );
    }
}

#[test]
fn a_16_bit_picture_is_held_to_the_same_memory_as_an_8_bit_one() {
    // 6000 × 6000 is under 40 MP, but at 8 bytes a pixel 288 MB once decoded: refused before
    // its pixels are allocated, however small the file.
    let bomb = png_16bit_bomb(6_000, 6_000);
    assert!(bomb.len() < 1_000);
    let started = Instant::now();
    let error = process(&bomb).unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(1));
    assert!(error.is_refusal());
    assert!(
        matches!(
            error,
            MediaError::TooManyBytes {
                width: 6000,
                height: 6000,
                bits: 16,
                max_megapixels: 20
            }
        ),
        "{error:?}"
    );
    // A 16-bit photo of modest size is still taken (and written at 8 bits).
    let modest = image::DynamicImage::ImageRgba16(image::ImageBuffer::from_fn(800, 600, |x, y| {
        image::Rgba([(x * 80) as u16, (y * 100) as u16, 20_000, 65_535])
    }));
    let mut png = Vec::new();
    modest
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let encoded = process(&png).unwrap();
    assert_eq!(
        encoded.widths.first().map(|w| (w.width, w.height)),
        Some((80, 60))
    );
}

#[test]
fn a_photo_stored_before_the_narrow_widths_gets_them_from_its_narrowest_copy() {
    let dir = tempfile::tempdir().unwrap();
    let encoded = process(&encode(&two_tone(700, 500), ImageFormat::Jpeg)).unwrap();
    let all = store(dir.path(), "products", &encoded).unwrap();
    // As an older upload was stored: 320, 640 and its own 700, no 80 or 160.
    let old = media::Renditions(all.0[2..].to_vec());
    for gone in &all.0[..2] {
        std::fs::remove_file(dir.path().join(&gone.path)).unwrap();
    }
    let added = media::add_narrower_widths(dir.path(), &old)
        .unwrap()
        .unwrap();
    let widths: Vec<(i32, i32)> = added.0.iter().map(|r| (r.width, r.height)).collect();
    assert_eq!(
        widths,
        [(80, 57), (160, 114), (320, 229), (640, 457), (700, 500)]
    );
    assert_eq!(added.0[..2], all.0[..2], "named as an upload names them");
    let thumbnail = decoded(&std::fs::read(dir.path().join(&added.0[1].path)).unwrap());
    assert_eq!(thumbnail.dimensions(), (160, 114));
    assert!(
        media::add_narrower_widths(dir.path(), &added)
            .unwrap()
            .is_none()
    );
    assert!(
        media::add_narrower_widths(dir.path(), &media::Renditions::default())
            .unwrap()
            .is_none()
    );
}
