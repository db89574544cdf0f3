//! The crop desk's bodies: a crop, a problem (pest, disease, deficiency), a product's links to
//! crops and problems, and a synonym group. Every field is optional in the raw shape so that a
//! missing one is named in the 422.

use catalog::crops::{Need, ProblemKind};
use catalog::desk::{
    CropLink, LocalNames, NamedDraft, ProblemDraft, parse_slug, parse_text, parse_words,
};
use fields::{FieldErrors, FormErrors};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CheckBody, given};

/// A crop's or a problem's words in Malayalam or Tamil.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct LocalNamesBody {
    /// Up to 100 characters; absent or blank: the English name stands in.
    pub name: Option<String>,
    /// Other spellings in that script.
    pub other_names: Option<Vec<String>>,
}

/// A crop.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CropBody {
    /// Lower-case letters, digits and hyphens: its page's address (`/crop/{slug}`).
    pub slug: Option<String>,
    /// The English name, up to 100 characters.
    pub name: Option<String>,
    /// Latin spellings shoppers type (`elam`, `elakka`), up to 30 of up to 60 characters.
    pub other_names: Option<Vec<String>>,
    /// Smaller first; default 0.
    pub sort_order: Option<i32>,
    #[serde(default, deserialize_with = "super::objects::one")]
    pub ml: Option<LocalNamesBody>,
    #[serde(default, deserialize_with = "super::objects::one")]
    pub ta: Option<LocalNamesBody>,
}

/// A pest, disease or deficiency.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProblemBody {
    pub slug: Option<String>,
    pub name: Option<String>,
    /// `pest`, `disease` or `deficiency`.
    pub kind: Option<String>,
    pub other_names: Option<Vec<String>>,
    pub sort_order: Option<i32>,
    #[serde(default, deserialize_with = "super::objects::one")]
    pub ml: Option<LocalNamesBody>,
    #[serde(default, deserialize_with = "super::objects::one")]
    pub ta: Option<LocalNamesBody>,
    /// The crops it affects.
    pub crop_ids: Option<Vec<i64>>,
}

/// A crop a product serves, and for what.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CropLinkBody {
    pub crop_id: Option<i64>,
    /// `planting`, `nutrition`, `protection`, `irrigation`, `tools` or `services`.
    pub need: Option<String>,
}

/// Every crop a product serves and every problem it treats (replacing the ones it had).
#[derive(Debug, Deserialize, ToSchema)]
pub struct CropLinksBody {
    #[serde(default, deserialize_with = "super::objects::many")]
    pub crops: Option<Vec<CropLinkBody>>,
    pub problem_ids: Option<Vec<i64>>,
}

/// Words that mean one thing to the search (at least two).
#[derive(Debug, Deserialize, ToSchema)]
pub struct SynonymsBody {
    pub words: Option<Vec<String>>,
}

fn local_names(
    errors: &mut FormErrors,
    field: &str,
    body: Option<LocalNamesBody>,
) -> Option<LocalNames> {
    let body = body.unwrap_or_default();
    let name = errors.optional(&format!("{field}.name"), given(&body.name), |s| {
        parse_text(s, 100)
    });
    let other_names = errors.check(
        &format!("{field}.other_names"),
        parse_words(&body.other_names.unwrap_or_default()),
    );
    Some(LocalNames {
        name: name?,
        other_names: other_names?,
    })
}

struct NamedParts {
    slug: Option<String>,
    name: Option<String>,
    other_names: Option<Vec<String>>,
    sort_order: Option<i32>,
    ml: Option<LocalNamesBody>,
    ta: Option<LocalNamesBody>,
}

fn named(errors: &mut FormErrors, parts: NamedParts) -> Option<NamedDraft> {
    let slug = errors.required("slug", given(&parts.slug), parse_slug);
    let name = errors.required("name", given(&parts.name), |s| parse_text(s, 100));
    let other_names = errors.check(
        "other_names",
        parse_words(&parts.other_names.unwrap_or_default()),
    );
    let sort_order = catalog::desk::input::at_least(errors, "sort_order", parts.sort_order, 0, 0);
    let ml = local_names(errors, "ml", parts.ml);
    let ta = local_names(errors, "ta", parts.ta);
    Some(NamedDraft {
        slug: slug?,
        name: name?,
        other_names: other_names?,
        sort_order: sort_order?,
        ml: ml?,
        ta: ta?,
    })
}

/// Ids, each once.
fn distinct(errors: &mut FormErrors, field: &str, ids: Vec<i64>) -> Option<Vec<i64>> {
    let mut seen = std::collections::HashSet::new();
    if let Some(at) = ids.iter().position(|id| !seen.insert(*id)) {
        errors.add(&format!("{field}.{at}"), "This is listed twice.".into());
        return None;
    }
    Some(ids)
}

impl CheckBody for CropBody {
    type Checked = NamedDraft;

    fn check(self) -> Result<NamedDraft, FieldErrors> {
        let mut errors = FormErrors::default();
        let draft = named(
            &mut errors,
            NamedParts {
                slug: self.slug,
                name: self.name,
                other_names: self.other_names,
                sort_order: self.sort_order,
                ml: self.ml,
                ta: self.ta,
            },
        );
        errors.finish(draft)
    }
}

impl CheckBody for ProblemBody {
    type Checked = ProblemDraft;

    fn check(self) -> Result<ProblemDraft, FieldErrors> {
        let mut errors = FormErrors::default();
        let draft = named(
            &mut errors,
            NamedParts {
                slug: self.slug,
                name: self.name,
                other_names: self.other_names,
                sort_order: self.sort_order,
                ml: self.ml,
                ta: self.ta,
            },
        );
        let kind = errors.required("kind", given(&self.kind), |s| {
            ProblemKind::parse(s).ok_or_else(|| "Choose pest, disease or deficiency.".to_owned())
        });
        let crop_ids = distinct(&mut errors, "crop_ids", self.crop_ids.unwrap_or_default());
        let checked = (|| {
            Some(ProblemDraft {
                named: draft?,
                kind: kind?,
                crop_ids: crop_ids?,
            })
        })();
        errors.finish(checked)
    }
}

impl CheckBody for CropLinksBody {
    type Checked = (Vec<CropLink>, Vec<i64>);

    fn check(self) -> Result<Self::Checked, FieldErrors> {
        let mut errors = FormErrors::default();
        let mut links = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (at, link) in self.crops.unwrap_or_default().into_iter().enumerate() {
            let field = format!("crops.{at}");
            let need = errors.required(&format!("{field}.need"), given(&link.need), |s| {
                Need::parse(s).ok_or_else(|| {
                    "Choose planting, nutrition, protection, irrigation, tools or services."
                        .to_owned()
                })
            });
            let Some(crop_id) = link.crop_id else {
                errors.add(
                    &format!("{field}.crop_id"),
                    fields::required_message("crop_id"),
                );
                continue;
            };
            if !seen.insert(crop_id) {
                errors.add(
                    &format!("{field}.crop_id"),
                    "This crop is listed twice: a product serves a crop for one need.".into(),
                );
                continue;
            }
            if let Some(need) = need {
                links.push(CropLink { crop_id, need });
            }
        }
        let problems = distinct(
            &mut errors,
            "problem_ids",
            self.problem_ids.unwrap_or_default(),
        );
        errors.finish(problems.map(|problems| (links, problems)))
    }
}

impl CheckBody for SynonymsBody {
    type Checked = Vec<String>;

    fn check(self) -> Result<Vec<String>, FieldErrors> {
        let mut errors = FormErrors::default();
        let words = errors.check(
            "words",
            parse_words(&self.words.unwrap_or_default()).and_then(|words| {
                if words.len() < 2 {
                    Err("Give at least two words that mean the same thing.".into())
                } else {
                    Ok(words)
                }
            }),
        );
        errors.finish(words)
    }
}
