//! Shop by crop and by problem: crops (cardamom, black pepper...) and problems (thrips, quick
//! wilt...) are data, each with its names in English, Malayalam and Tamil and the other
//! spellings shoppers type. Products say which crops they serve, and for what need, and which
//! problems they treat. The snapshot reads them in the same pass as the rest of the catalogue
//! ([`rows::CropRows`]) and keeps each language's crop pages ([`pages::CropPages`]).

pub mod pages;
pub mod rows;

pub use crate::crop_terms::{Need, ProblemKind, join_names, split_names};
