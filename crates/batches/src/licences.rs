//! The dealer's licences, as the shop profile lists them, and the rules read from them: which
//! licence covers a product, whether it is in force on an Indian date, which kinds of product may
//! not be sold for want of one, and which run out soon.
//!
//! - Insecticides Rules 1971 r. 10: a licence to sell insecticides, endorsed for the
//!   insecticides it covers (r. 10E, as amended: an online seller displays it).
//! - Fertiliser (Control) Order 1985 cl. 8: the dealer's authorisation letter.
//! - Seeds (Control) Order 1983 cl. 3: the seed dealer licence.
//!
//! Selling a product whose kind has no licence in force is refused at checkout.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::Regulation;

/// The kind of a dealer's licence, named by the product kind it covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LicenceKind {
    /// Insecticides Rules 1971 r. 10 (Form VIII, as amended).
    Insecticide,
    /// Fertiliser (Control) Order 1985 cl. 8 (authorisation letter, Form A2).
    Fertiliser,
    /// Seeds (Control) Order 1983 cl. 3.
    Seed,
}

impl LicenceKind {
    pub const ALL: [Self; 3] = [Self::Insecticide, Self::Fertiliser, Self::Seed];

    /// The licence a product of `regulation` needs; none for an unregulated product.
    pub fn needed_for(regulation: Regulation) -> Option<Self> {
        match regulation {
            Regulation::None => None,
            Regulation::Insecticide => Some(Self::Insecticide),
            Regulation::Fertiliser => Some(Self::Fertiliser),
            Regulation::Seed => Some(Self::Seed),
        }
    }

    pub fn covers(self) -> Regulation {
        match self {
            Self::Insecticide => Regulation::Insecticide,
            Self::Fertiliser => Regulation::Fertiliser,
            Self::Seed => Regulation::Seed,
        }
    }

    /// What the licence is, as staff and papers in English name it.
    pub fn title(self) -> &'static str {
        match self {
            Self::Insecticide => "Insecticide sale licence (Insecticides Rules 1971, r. 10)",
            Self::Fertiliser => "Fertiliser dealer authorisation (FCO 1985, cl. 8)",
            Self::Seed => "Seed dealer licence (Seeds (Control) Order 1983, cl. 3)",
        }
    }
}

/// One licence the dealer holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Licence {
    pub kind: LicenceKind,
    /// The licence or authorisation number.
    pub number: String,
    /// Who issued it (the licensing authority: an Agricultural Officer, a Deputy Director…).
    pub authority: String,
    #[schema(value_type = String)]
    pub valid_from: NaiveDate,
    /// The last Indian date it is in force.
    #[schema(value_type = String)]
    pub valid_until: NaiveDate,
    /// An insecticide licence's endorsements: the insecticides it is endorsed for.
    #[serde(default)]
    pub insecticides: Vec<String>,
}

impl Licence {
    /// Whether it is in force on the Indian date `day` (both ends included).
    pub fn valid_on(&self, day: NaiveDate) -> bool {
        self.valid_from <= day && day <= self.valid_until
    }

    /// A problem with the licence as written, for the profile to be refused at start.
    pub fn problem(&self) -> Option<String> {
        if self.number.trim().is_empty() || self.number.chars().count() > 100 {
            return Some("a licence's number is 1 to 100 characters".into());
        }
        if self.authority.trim().is_empty() || self.authority.chars().count() > 200 {
            return Some(format!(
                "licence {}: the issuing authority is 1 to 200 characters",
                self.number
            ));
        }
        if self.valid_until < self.valid_from {
            return Some(format!(
                "licence {}: valid_until is before valid_from",
                self.number
            ));
        }
        if self.kind != LicenceKind::Insecticide && !self.insecticides.is_empty() {
            return Some(format!(
                "licence {}: only an insecticide licence is endorsed for insecticides",
                self.number
            ));
        }
        None
    }
}

/// How a licence stands on a day, as a product page, the shop page and the dashboard show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LicenceNotice {
    pub kind: LicenceKind,
    pub number: String,
    pub authority: String,
    #[schema(value_type = String)]
    pub valid_from: NaiveDate,
    #[schema(value_type = String)]
    pub valid_until: NaiveDate,
    pub insecticides: Vec<String>,
    /// Whether it is in force on the day asked about.
    pub in_force: bool,
    /// Days from that day to its last day (negative once expired).
    pub days_left: i64,
}

/// The dealer's licences.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Licences(pub Vec<Licence>);

impl Licences {
    /// The first problem with any licence as written.
    pub fn problem(&self) -> Option<String> {
        self.0.iter().find_map(Licence::problem)
    }

    fn notice(licence: &Licence, day: NaiveDate) -> LicenceNotice {
        LicenceNotice {
            kind: licence.kind,
            number: licence.number.clone(),
            authority: licence.authority.clone(),
            valid_from: licence.valid_from,
            valid_until: licence.valid_until,
            insecticides: licence.insecticides.clone(),
            in_force: licence.valid_on(day),
            days_left: (licence.valid_until - day).num_days(),
        }
    }

    /// Every licence as it stands on `day`.
    pub fn on(&self, day: NaiveDate) -> Vec<LicenceNotice> {
        self.0.iter().map(|l| Self::notice(l, day)).collect()
    }

    /// The licence a product of `regulation` is sold under on `day`: one in force (the one
    /// lasting longest), else the one of its kind that ran out last, so that a page can say
    /// which has expired; `None` when the product needs none or the shop holds none of its kind.
    pub fn for_product(&self, regulation: Regulation, day: NaiveDate) -> Option<LicenceNotice> {
        let kind = LicenceKind::needed_for(regulation)?;
        let of_kind = || self.0.iter().filter(move |l| l.kind == kind);
        of_kind()
            .filter(|l| l.valid_on(day))
            .max_by_key(|l| l.valid_until)
            .or_else(|| of_kind().max_by_key(|l| l.valid_until))
            .map(|l| Self::notice(l, day))
    }

    /// Whether a product of `regulation` may be sold on `day`: it needs no licence, or one of
    /// its kind is in force.
    pub fn may_sell(&self, regulation: Regulation, day: NaiveDate) -> bool {
        match LicenceKind::needed_for(regulation) {
            None => true,
            Some(kind) => self.0.iter().any(|l| l.kind == kind && l.valid_on(day)),
        }
    }

    /// The kinds of product that may not be sold on `day` for want of a licence in force.
    pub fn blocked(&self, day: NaiveDate) -> Vec<Regulation> {
        LicenceKind::ALL
            .into_iter()
            .map(LicenceKind::covers)
            .filter(|regulation| !self.may_sell(*regulation, day))
            .collect()
    }

    /// Licences no longer in force on `day` (or not yet), with no other of their kind in force.
    pub fn lapsed(&self, day: NaiveDate) -> Vec<LicenceNotice> {
        self.0
            .iter()
            .filter(|l| !l.valid_on(day) && !self.may_sell(l.kind.covers(), day))
            .map(|l| Self::notice(l, day))
            .collect()
    }

    /// Licences in force on `day` whose last day is within `days` of it, soonest first.
    pub fn expiring_within(&self, day: NaiveDate, days: i64) -> Vec<LicenceNotice> {
        let mut soon: Vec<LicenceNotice> = self
            .0
            .iter()
            .filter(|l| l.valid_on(day) && (l.valid_until - day).num_days() <= days)
            .map(|l| Self::notice(l, day))
            .collect();
        soon.sort_by_key(|n| n.valid_until);
        soon
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    fn licence(kind: LicenceKind, from: &str, until: &str) -> Licence {
        Licence {
            kind,
            number: format!("{kind:?}-1"),
            authority: "Agricultural Officer, Kattappana".into(),
            valid_from: day(from),
            valid_until: day(until),
            insecticides: vec![],
        }
    }

    #[test]
    fn a_licence_is_in_force_from_its_first_to_its_last_day() {
        let l = licence(LicenceKind::Seed, "2026-01-01", "2026-12-31");
        assert!(!l.valid_on(day("2025-12-31")));
        assert!(l.valid_on(day("2026-01-01")));
        assert!(l.valid_on(day("2026-12-31")));
        assert!(!l.valid_on(day("2027-01-01")));
    }

    #[test]
    fn a_kind_without_a_licence_in_force_is_blocked() {
        let licences = Licences(vec![
            licence(LicenceKind::Insecticide, "2024-01-01", "2026-06-30"),
            licence(LicenceKind::Fertiliser, "2024-01-01", "2028-03-31"),
        ]);
        let today = day("2026-07-01");
        assert_eq!(
            licences.blocked(today),
            [Regulation::Insecticide, Regulation::Seed]
        );
        assert!(licences.may_sell(Regulation::None, today));
        assert!(licences.may_sell(Regulation::Fertiliser, today));
        let shown = licences
            .for_product(Regulation::Insecticide, today)
            .unwrap();
        assert!(!shown.in_force, "the expired licence is named");
        assert_eq!(shown.days_left, -1);
        assert!(licences.for_product(Regulation::Seed, today).is_none());
        assert!(licences.for_product(Regulation::None, today).is_none());
        assert_eq!(licences.lapsed(today).len(), 1);
    }

    #[test]
    fn a_renewed_licence_stands_for_the_expired_one() {
        let licences = Licences(vec![
            licence(LicenceKind::Seed, "2023-01-01", "2025-12-31"),
            licence(LicenceKind::Seed, "2026-01-01", "2028-12-31"),
        ]);
        let today = day("2026-02-01");
        assert!(
            licences
                .blocked(today)
                .iter()
                .all(|r| *r != Regulation::Seed)
        );
        assert!(licences.lapsed(today).is_empty());
        let shown = licences.for_product(Regulation::Seed, today).unwrap();
        assert_eq!(shown.valid_until, day("2028-12-31"));
    }

    #[test]
    fn licences_running_out_soon_are_listed_soonest_first() {
        let licences = Licences(vec![
            licence(LicenceKind::Seed, "2024-01-01", "2026-03-20"),
            licence(LicenceKind::Insecticide, "2024-01-01", "2026-03-01"),
            licence(LicenceKind::Fertiliser, "2024-01-01", "2027-01-01"),
        ]);
        let soon = licences.expiring_within(day("2026-02-01"), 60);
        let kinds: Vec<LicenceKind> = soon.iter().map(|n| n.kind).collect();
        assert_eq!(kinds, [LicenceKind::Insecticide, LicenceKind::Seed]);
        assert_eq!(soon[0].days_left, 28);
    }

    #[test]
    fn a_licence_written_wrong_is_named() {
        let mut l = licence(LicenceKind::Seed, "2026-01-01", "2025-01-01");
        assert!(l.problem().unwrap().contains("valid_until"));
        l.valid_until = day("2027-01-01");
        l.insecticides = vec!["Mancozeb".into()];
        assert!(l.problem().is_some());
    }
}
