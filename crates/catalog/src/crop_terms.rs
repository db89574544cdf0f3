//! The words crops and problems are described with: what a product does for a crop (its need),
//! what kind of trouble a problem is, and other names as a row keeps them. Shared by the crop
//! pages and the desk.

use serde::{Deserialize, Serialize};

/// What a product does for a crop: the group it is listed under on the crop's page. The
/// variants are in the order the page shows the groups.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Need {
    /// Seeds, seedlings, cuttings, tissue-culture plants: what the crop is grown from.
    Planting,
    Nutrition,
    Protection,
    Irrigation,
    Tools,
    Services,
}

impl Need {
    pub const ALL: [Need; 6] = [
        Need::Planting,
        Need::Nutrition,
        Need::Protection,
        Need::Irrigation,
        Need::Tools,
        Need::Services,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Need::Planting => "planting",
            Need::Nutrition => "nutrition",
            Need::Protection => "protection",
            Need::Irrigation => "irrigation",
            Need::Tools => "tools",
            Need::Services => "services",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|need| need.as_str() == text)
    }
}

/// What kind of trouble a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProblemKind {
    Pest,
    Disease,
    Deficiency,
}

impl ProblemKind {
    pub const ALL: [ProblemKind; 3] = [
        ProblemKind::Pest,
        ProblemKind::Disease,
        ProblemKind::Deficiency,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ProblemKind::Pest => "pest",
            ProblemKind::Disease => "disease",
            ProblemKind::Deficiency => "deficiency",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }
}

/// Other names as a row keeps them: one per line (commas separate too), blanks dropped.
pub fn split_names(text: &str) -> Vec<String> {
    crate::search_terms::split_search_terms(text)
}

/// Other names as a row stores them: one per line.
pub fn join_names(names: &[String]) -> String {
    names.join("\n")
}
