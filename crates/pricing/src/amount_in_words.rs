//! Amounts in words, the Indian way (lakh, crore), as GST invoices print them.

use crate::Paise;

const ONES: [&str; 20] = [
    "Zero",
    "One",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Eleven",
    "Twelve",
    "Thirteen",
    "Fourteen",
    "Fifteen",
    "Sixteen",
    "Seventeen",
    "Eighteen",
    "Nineteen",
];
const CRORE: u64 = 10_000_000;
const LAKH: u64 = 100_000;
const TENS: [&str; 10] = [
    "", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety",
];

/// `Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only`.
pub fn amount_in_words(amount: Paise) -> String {
    let paise = amount.get().unsigned_abs();
    let (rupees, paise) = (paise / 100, paise % 100);
    let sign = if amount.get() < 0 { "Minus " } else { "" };
    let mut words = format!("{sign}Rupees {}", whole(rupees));
    if paise > 0 {
        words.push_str(&format!(" and {} Paise", below_hundred(paise)));
    }
    words.push_str(" Only");
    words
}

fn whole(n: u64) -> String {
    if n == 0 {
        return ONES[0].to_owned();
    }
    let mut parts = Vec::new();
    let crores = n / CRORE;
    if crores > 0 {
        parts.push(format!("{} Crore", whole(crores)));
    }
    let rest = n % CRORE;
    for (size, name) in [(LAKH, "Lakh"), (1_000, "Thousand"), (100, "Hundred")] {
        let count = (rest / size) % if size == 100 { 10 } else { 100 };
        if count > 0 {
            parts.push(format!("{} {name}", below_hundred(count)));
        }
    }
    if !rest.is_multiple_of(100) {
        parts.push(below_hundred(rest % 100));
    }
    parts.join(" ")
}

fn below_hundred(n: u64) -> String {
    let n = n as usize;
    match n {
        0..20 => ONES[n].to_owned(),
        _ if n.is_multiple_of(10) => TENS[n / 10].to_owned(),
        _ => format!("{}-{}", TENS[n / 10], ONES[n % 10]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indian_words() {
        assert_eq!(amount_in_words(Paise::new(0)), "Rupees Zero Only");
        assert_eq!(
            amount_in_words(Paise::new(5)),
            "Rupees Zero and Five Paise Only"
        );
        assert_eq!(
            amount_in_words(Paise::new(12_345_678)),
            "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only"
        );
        assert_eq!(
            amount_in_words(Paise::new(1_000_000_000)),
            "Rupees One Crore Only"
        );
        assert_eq!(
            amount_in_words(Paise::new(12_050_001_000)),
            "Rupees Twelve Crore Five Lakh Ten Only"
        );
        assert_eq!(
            amount_in_words(Paise::new(219_900)),
            "Rupees Two Thousand One Hundred Ninety-Nine Only"
        );
        assert_eq!(
            amount_in_words(Paise::new(-150)),
            "Minus Rupees One and Fifty Paise Only"
        );
    }
}
