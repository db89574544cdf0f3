//! The shop's rate list: for the HSN and SAC prefixes it sells under, the supply kind and rate the
//! notifications in force since 22 September 2025 set (9/2025-CT(R) goods rates, 10/2025-CT(R)
//! exempt goods, 11/2017-CT(R) as amended by 15/2025-CT(R) for services). Built from
//! `crates/demo/gst-rates-2025.md`, whose serial numbers marked `*` were derived, not read.
//!
//! The desk warns, never refuses: a classification is the shop's (and its supplier's) call, and
//! the list holds only the headings the shop deals in. An HSN outside the list gets no warning.

use pricing::{GstRate, SupplyKind};
use rust_decimal::Decimal;

/// When a rate of a heading applies.
#[derive(Debug, Clone, Copy)]
enum When {
    /// The heading's rate, unless another rule below applies.
    Usually,
    /// Only to goods the entry names; the product's name must mention one of these words.
    Named {
        goods: &'static str,
        words: &'static [&'static str],
    },
    /// Depending on a fact the desk does not hold (how the goods are packed): accepted.
    Depending(&'static str),
}

#[derive(Debug, Clone, Copy)]
struct Rule {
    prefixes: &'static [&'static str],
    kind: SupplyKind,
    rate_bp: u16,
    entry: &'static str,
    when: When,
}

const fn usually(
    prefixes: &'static [&'static str],
    kind: SupplyKind,
    rate_bp: u16,
    entry: &'static str,
) -> Rule {
    Rule {
        prefixes,
        kind,
        rate_bp,
        entry,
        when: When::Usually,
    }
}

use SupplyKind::{Exempt, Taxable};

const MICRONUTRIENTS: When = When::Named {
    goods: "micronutrients of FCO Schedule 1 Part A 1(g) made by an FCO-registered manufacturer",
    words: &[
        "micronutrient",
        "zinc",
        "iron",
        "boron",
        "manganese",
        "copper",
        "molybdenum",
        "chelated",
    ],
};
const MICRONUTRIENT_ENTRY: &str = "9/2025-CT(R) Sch I S.No. 221*";

const RULES: &[Rule] = &[
    // Goods exempt by 10/2025-CT(R).
    usually(&["06"], Exempt, 0, "10/2025-CT(R) S.No. 26*"),
    usually(&["1209"], Exempt, 0, "10/2025-CT(R) S.No. 84*"),
    usually(&["4402"], Exempt, 0, "10/2025-CT(R) S.No. 123*"),
    usually(&["8201"], Exempt, 0, "10/2025-CT(R) S.No. 155*"),
    // Goods at 5 % (9/2025-CT(R) Schedule I).
    usually(&["2305"], Taxable, 500, "9/2025-CT(R) Sch I S.No. 158*"),
    usually(&["2306"], Taxable, 500, "9/2025-CT(R) Sch I S.No. 159*"),
    usually(&["2518"], Taxable, 500, "9/2025-CT(R) Sch I S.No. 183*"),
    usually(&["2520"], Taxable, 500, "9/2025-CT(R) Sch I S.No. 185*"),
    usually(&["3101"], Taxable, 500, "9/2025-CT(R) Sch I S.No. 237*"),
    Rule {
        prefixes: &["3101"],
        kind: Exempt,
        rate_bp: 0,
        entry: "10/2025-CT(R) S.No. 116*",
        when: When::Depending("other than pre-packaged and labelled"),
    },
    usually(&["3102"], Taxable, 500, "9/2025-CT(R) Sch I S.No. 238*"),
    usually(&["3104"], Taxable, 500, "9/2025-CT(R) Sch I S.No. 240*"),
    usually(&["3105"], Taxable, 500, "9/2025-CT(R) Sch I S.No. 241*"),
    usually(&["61"], Taxable, 500, "9/2025-CT(R) Sch I S.No. 388*"),
    usually(&["62"], Taxable, 500, "9/2025-CT(R) Sch I S.No. 389*"),
    usually(
        &["842441", "842449", "842482"],
        Taxable,
        500,
        "9/2025-CT(R) Sch I S.No. 431*",
    ),
    // Goods at 18 % (9/2025-CT(R) Schedule II), with the 5 % goods Schedule I names.
    usually(&["28"], Taxable, 1800, "9/2025-CT(R) Sch II S.No. 35*"),
    Rule {
        prefixes: &["28", "3824"],
        kind: Taxable,
        rate_bp: 500,
        entry: MICRONUTRIENT_ENTRY,
        when: MICRONUTRIENTS,
    },
    usually(&["3402"], Taxable, 1800, "9/2025-CT(R) Sch II S.No. 67*"),
    usually(&["3808"], Taxable, 1800, "9/2025-CT(R) Sch II S.No. 95*"),
    Rule {
        prefixes: &["3808"],
        kind: Taxable,
        rate_bp: 500,
        entry: "9/2025-CT(R) Sch I S.No. 260",
        when: When::Named {
            goods: "the bio-pesticides it lists",
            words: &[
                "bacillus thuringiensis",
                "bacillus sphaericus",
                "trichoderma",
                "pseudomonas",
                "beauveria",
                "npv",
                "neem",
                "cymbopogon",
            ],
        },
    },
    Rule {
        prefixes: &["380893"],
        kind: Taxable,
        rate_bp: 500,
        entry: "9/2025-CT(R) Sch I S.No. 222*",
        when: When::Named {
            goods: "gibberellic acid",
            words: &["gibberellic"],
        },
    },
    usually(&["3824"], Taxable, 1800, "9/2025-CT(R) Sch II S.No. 110*"),
    usually(
        &[
            "3901", "3902", "3903", "3904", "3905", "3906", "3907", "3908", "3909", "3910", "3911",
            "3912", "3913",
        ],
        Taxable,
        1800,
        "9/2025-CT(R) Sch II S.No. 114*",
    ),
    usually(&["3917"], Taxable, 1800, "9/2025-CT(R) Sch II S.No. 118*"),
    usually(&["8203"], Taxable, 1800, "9/2025-CT(R) Sch II S.No. 363*"),
    usually(&["8421"], Taxable, 1800, "9/2025-CT(R) Sch II S.No. 410*"),
    usually(&["8424"], Taxable, 1800, "9/2025-CT(R) Sch II S.No. 413*"),
    Rule {
        prefixes: &["842490"],
        kind: Taxable,
        rate_bp: 500,
        entry: "9/2025-CT(R) Sch I S.No. 430*",
        when: When::Named {
            goods: "nozzles for drip irrigation or sprinklers",
            words: &["dripper", "emitter", "drip nozzle", "sprinkler nozzle"],
        },
    },
    usually(&["9004"], Taxable, 1800, "9/2025-CT(R) Sch II S.No. 556*"),
    // Services (11/2017-CT(R) as amended by 15/2025-CT(R)).
    usually(
        &["9983"],
        Taxable,
        1800,
        "11/2017-CT(R) S.No. 21(ii), as amended by 15/2025-CT(R)",
    ),
];

/// What the rate list says of one HSN: its usual kind and rate, and the other rates it allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedRate {
    pub kind: SupplyKind,
    /// In basis points (1800 is 18 %).
    pub rate_bp: u16,
    /// The notification entry (`9/2025-CT(R) Sch II S.No. 95*`).
    pub entry: &'static str,
}

fn matching(hsn: &str) -> impl Iterator<Item = (usize, &'static Rule)> + '_ {
    RULES.iter().filter_map(move |rule| {
        rule.prefixes
            .iter()
            .filter(|prefix| hsn.starts_with(*prefix))
            .map(|prefix| prefix.len())
            .max()
            .map(|length| (length, rule))
    })
}

/// The usual kind and rate for `hsn`: the rule of the longest matching prefix; `None` when the
/// list does not hold it.
pub fn listed(hsn: &str) -> Option<ListedRate> {
    let rule = matching(hsn.trim())
        .filter(|(_, rule)| matches!(rule.when, When::Usually))
        .max_by_key(|(length, _)| *length)?
        .1;
    Some(ListedRate {
        kind: rule.kind,
        rate_bp: rule.rate_bp,
        entry: rule.entry,
    })
}

/// `18%` for a taxable rate, else the kind (`exempt`, `nil-rated`).
fn describe(kind: SupplyKind, rate_bp: u16) -> String {
    match kind {
        SupplyKind::Taxable => format!("{}%", Decimal::new(i64::from(rate_bp), 2).normalize()),
        other => other.as_str().replace('_', "-"),
    }
}

/// A warning when a product of `hsn` named `name` is saved as `kind` at `rate` and the list says
/// otherwise: the HSN, the list's rate and its entry (and the other rates the heading allows
/// only for named goods). `None` when it agrees, or when the list does not hold the HSN.
pub fn rate_warning(hsn: &str, kind: SupplyKind, rate: GstRate, name: &str) -> Option<String> {
    let hsn = hsn.trim();
    let usual = listed(hsn)?;
    let rate = rate.basis_points();
    if (usual.kind, usual.rate_bp) == (kind, rate) {
        return None;
    }
    let name = name.to_lowercase();
    let others: Vec<&Rule> = matching(hsn)
        .map(|(_, rule)| rule)
        .filter(|rule| !matches!(rule.when, When::Usually))
        .collect();
    let allowed = others.iter().any(|rule| {
        (rule.kind, rule.rate_bp) == (kind, rate)
            && match rule.when {
                When::Usually => false,
                When::Depending(_) => true,
                When::Named { words, .. } => words.iter().any(|word| name.contains(word)),
            }
    });
    if allowed {
        return None;
    }
    let mut warning = format!(
        "The shop's rate list gives HSN {hsn} {} ({}), not {}.",
        describe(usual.kind, usual.rate_bp),
        usual.entry,
        describe(kind, rate),
    );
    for rule in others {
        let condition = match rule.when {
            When::Named { goods, .. } => format!("only for {goods}"),
            When::Depending(fact) => fact.to_owned(),
            When::Usually => continue,
        };
        warning.push_str(&format!(
            " {} applies {condition} ({}).",
            capitalised(&describe(rule.kind, rule.rate_bp)),
            rule.entry
        ));
    }
    warning.push_str(" Check the HSN and the rate against the supplier's invoice.");
    Some(warning)
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(bp: u16) -> GstRate {
        GstRate::new(bp).unwrap()
    }

    #[test]
    fn the_longest_prefix_decides() {
        let listed = |hsn| listed(hsn).map(|l| (l.kind, l.rate_bp, l.entry));
        assert_eq!(
            listed("38089340"),
            Some((Taxable, 1800, "9/2025-CT(R) Sch II S.No. 95*"))
        );
        assert_eq!(
            listed("84248210"),
            Some((Taxable, 500, "9/2025-CT(R) Sch I S.No. 431*"))
        );
        assert_eq!(
            listed("84249000"),
            Some((Taxable, 1800, "9/2025-CT(R) Sch II S.No. 413*"))
        );
        assert_eq!(listed("82019000").map(|l| l.0), Some(Exempt));
        assert_eq!(listed("63079090"), None);
    }

    #[test]
    fn a_rate_unlike_the_list_is_warned_about() {
        let warning = rate_warning(
            "38089340",
            Taxable,
            rate(500),
            "Verticillium lecanii 1.15% WP",
        )
        .expect("5 % where the list says 18 %");
        assert!(warning.contains("HSN 38089340 18%"), "{warning}");
        assert!(
            warning.contains("9/2025-CT(R) Sch II S.No. 95*"),
            "{warning}"
        );
        assert!(warning.contains("only for gibberellic acid"), "{warning}");
        assert!(
            rate_warning(
                "38089199",
                Taxable,
                rate(500),
                "Verticillium lecanii 1.15% WP"
            )
            .is_some(),
            "not one of the listed bio-pesticides"
        );
        let tools = rate_warning("82015000", Taxable, rate(500), "Pruning Secateurs").unwrap();
        assert!(tools.contains("HSN 82015000 exempt (10/2025-CT(R) S.No. 155*), not 5%"));
    }

    #[test]
    fn what_the_list_allows_is_quiet() {
        assert_eq!(rate_warning("8201", Exempt, rate(0), "Garden Spade"), None);
        assert_eq!(
            rate_warning(
                "998331",
                Taxable,
                rate(1800),
                "Drip Irrigation Design Survey"
            ),
            None
        );
        assert_eq!(
            rate_warning("38089340", Taxable, rate(500), "GA-Plus Gibberellic Acid"),
            None
        );
        assert_eq!(
            rate_warning("38089199", Taxable, rate(500), "Beauveria bassiana 1% WP"),
            None
        );
        assert_eq!(
            rate_warning("31010099", Exempt, rate(0), "Farmyard Compost (Loose)"),
            None
        );
        assert_eq!(
            rate_warning("38249990", Taxable, rate(500), "Chelated Zinc EDTA 12%"),
            None
        );
        assert_eq!(
            rate_warning("84249000", Taxable, rate(500), "Online Dripper 8 LPH"),
            None
        );
        assert_eq!(
            rate_warning("63079090", Taxable, rate(500), "A kit"),
            None,
            "not in the list"
        );
    }

    #[test]
    fn the_demo_catalogue_agrees_with_the_list() {
        let catalogue: serde_json::Value =
            serde_json::from_str(include_str!("../../../demo/catalog.json")).unwrap();
        for product in catalogue["products"].as_array().unwrap() {
            let kind = SupplyKind::parse(product["supply_kind"].as_str().unwrap()).unwrap();
            let bp = u16::try_from(product["gst_rate_bp"].as_u64().unwrap()).unwrap();
            let hsn = product["hsn_code"].as_str().unwrap();
            let name = product["name"].as_str().unwrap();
            assert!(listed(hsn).is_some(), "{name}: {hsn} is not in the list");
            assert_eq!(rate_warning(hsn, kind, rate(bp), name), None, "{name}");
        }
    }
}
