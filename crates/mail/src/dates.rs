//! A day as a reader of each language writes it in a letter: `26 November 2026`,
//! `2026 നവംബർ 26`, `26 நவம்பர் 2026` (the shape of CLDR's long dates, without its commas).

use chrono::{Datelike, NaiveDate};
use paths::Locale;

const ENGLISH: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const MALAYALAM: [&str; 12] = [
    "ജനുവരി",
    "ഫെബ്രുവരി",
    "മാർച്ച്",
    "ഏപ്രിൽ",
    "മേയ്",
    "ജൂൺ",
    "ജൂലൈ",
    "ഓഗസ്റ്റ്",
    "സെപ്റ്റംബർ",
    "ഒക്ടോബർ",
    "നവംബർ",
    "ഡിസംബർ",
];
const TAMIL: [&str; 12] = [
    "ஜனவரி",
    "பிப்ரவரி",
    "மார்ச்",
    "ஏப்ரல்",
    "மே",
    "ஜூன்",
    "ஜூலை",
    "ஆகஸ்ட்",
    "செப்டம்பர்",
    "அக்டோபர்",
    "நவம்பர்",
    "டிசம்பர்",
];

pub fn long_date(locale: Locale, day: NaiveDate) -> String {
    let index = day.month0() as usize;
    let (d, y) = (day.day(), day.year());
    match locale {
        Locale::En => format!("{d} {} {y}", ENGLISH[index]),
        Locale::Ml => format!("{y} {} {d}", MALAYALAM[index]),
        Locale::Ta => format!("{d} {} {y}", TAMIL[index]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_writes_the_day_its_own_way() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 5).unwrap();
        assert_eq!(long_date(Locale::En, day), "5 November 2026");
        assert_eq!(long_date(Locale::Ml, day), "2026 നവംബർ 5");
        assert_eq!(long_date(Locale::Ta, day), "5 நவம்பர் 2026");
    }
}
