//! Which law's dealer licence selling a product needs, and so what its papers must show.

use serde::{Deserialize, Serialize};

/// The licence a product's sale needs: an insecticide sale licence (Insecticides Act 1968 s. 13,
/// Rules r. 10), a fertiliser dealer's authorisation (Fertiliser (Control) Order 1985 cl. 8), a
/// seed dealer licence (Seeds (Control) Order 1983 cl. 3), or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Regulation {
    None,
    Insecticide,
    Fertiliser,
    Seed,
}

impl Regulation {
    pub const ALL: [Self; 4] = [Self::None, Self::Insecticide, Self::Fertiliser, Self::Seed];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Insecticide => "insecticide",
            Self::Fertiliser => "fertiliser",
            Self::Seed => "seed",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }

    /// Whether a batch of it must carry an expiry date when received. Chemical fertilisers have
    /// none (FCO 1985 sets no shelf life for them); bio-fertilisers do, and staff give it.
    pub fn expiry_required(self) -> bool {
        !matches!(self, Self::Fertiliser)
    }

    /// Whether a lot carries its germination test date (Seeds Rules 1968 r. 7, 13).
    pub fn tested(self) -> bool {
        matches!(self, Self::Seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_regulation_reads_back_and_only_fertilisers_may_lack_an_expiry() {
        for kind in Regulation::ALL {
            assert_eq!(Regulation::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(Regulation::parse("pesticide"), None);
        assert!(!Regulation::Fertiliser.expiry_required());
        assert!(Regulation::Insecticide.expiry_required() && Regulation::Seed.expiry_required());
        assert!(Regulation::Seed.tested() && !Regulation::Insecticide.tested());
    }
}
