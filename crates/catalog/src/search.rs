//! Product search over an in-memory inverted index, in English, Malayalam and Tamil.
//!
//! Text is compared in the canonical form of [`crate::text::words`] (NFC, one form of each
//! chillu, no zero-width joiners, lower case). Every word of the term must match a word of the
//! product (AND; no word is dropped, not even a short one, so that adding a word only ever
//! narrows the list), in one of four fields, weighted: its name, the crops and problems it is
//! for, its search words (its names in the other languages among them), and the rest (brand,
//! categories, pack sizes). A term word matches a product's word
//!
//! - exactly,
//! - as its prefix (`pep` finds pepper),
//! - with one typo from 4 letters (`neam` finds neem), two from 8 (`fertlizr` finds fertiliser),
//!   against the whole word or a prefix of it (a typo = a letter added, dropped, changed, or two
//!   neighbours swapped), or
//! - by any of those through a synonym: staff keep groups of words of one meaning (`cardamom`,
//!   `elam`, `ഏലം`, `ஏலக்காய்`); a product holding one word of a group is found by every other,
//!   as a match of the field that holds it, a little below the literal word.
//!
//! Each term word scores its best match in the product: the field's weight times the match's
//! quality (exact, prefix, one typo, two typos; whole word before prefix). A product's score is
//! the sum over the term's words. Equal scores rank products in stock first, then a name that is
//! the whole term, then by name.

use std::cell::RefCell;
use std::collections::HashMap;

use unicode_normalization::char::is_combining_mark;

use crate::crop_terms::Need;
use crate::shared_text::SharedText;
use crate::text::{normalise, words};
use crate::text_pool::TextPool;

/// The words of one product, by where they occur.
#[derive(Default)]
pub struct SearchDocument {
    /// Its name in the snapshot's language.
    pub name: SharedText,
    /// Its names in every language: a match there is a name match too.
    pub other_names: Vec<SharedText>,
    /// The names of the crops and problems it is for, in every language and Latin spelling, by
    /// how closely it serves them.
    pub crops: Vec<(SharedText, Bond)>,
    /// Its search words in every language.
    pub search_words: Vec<SharedText>,
    /// Its categories with their parents: what kind of product it is.
    pub categories: Vec<SharedText>,
    /// Its brand and pack sizes.
    pub other_text: Vec<SharedText>,
    /// Whether any of its pack sizes is in stock (when the snapshot was built).
    pub in_stock: bool,
    /// What it has in common with other products: the problems it treats, its categories.
    pub kin: Vec<Kin>,
    /// The crops it serves (their ids), each with what for.
    pub crop_needs: Vec<(i64, Need)>,
}

/// The words that name a crop and those that name what a crop needs, as a term may hold both
/// (`cardamom fertiliser`, `ഏലം വളം`, `வாழை உரம்`): that crop's products for that need then
/// rank first, as its crop page lists them.
#[derive(Default)]
pub struct CropNeedWords {
    crops: HashMap<String, i64>,
    needs: HashMap<String, Need>,
}

impl CropNeedWords {
    /// `crop_names`: each crop's id with each of its names (every language and spelling; a name
    /// of one word, as a term word is); `groups`: the synonym groups as staff write them. A need
    /// is named by its own word (`nutrition`) and by every one-word entry of a group holding it
    /// (`fertiliser`, `valam`, `வளம்`).
    pub fn new<'a>(
        crop_names: impl IntoIterator<Item = (i64, &'a str)>,
        groups: &[Vec<String>],
    ) -> Self {
        let one_word = |text: &str| {
            let mut all = words(text);
            match (all.next(), all.next()) {
                (Some(word), None) => Some(word),
                _ => None,
            }
        };
        let crops = crop_names
            .into_iter()
            .filter_map(|(id, name)| Some((one_word(name)?, id)))
            .collect();
        let mut needs = HashMap::new();
        for need in Need::ALL {
            needs.insert(need.as_str().to_owned(), need);
            for group in groups {
                if group
                    .iter()
                    .any(|entry| one_word(entry).as_deref() == Some(need.as_str()))
                {
                    for word in group.iter().filter_map(|entry| one_word(entry)) {
                        needs.entry(word).or_insert(need);
                    }
                }
            }
        }
        Self { crops, needs }
    }

    /// Whether the term is a crop's name and nothing else (`കുരുമുളക്`, `elam`).
    fn only_a_crop(&self, term_words: &[String]) -> bool {
        matches!(term_words, [word] if self.crops.contains_key(word))
    }

    /// The crop and the need a term names, when it names both, with the need word's place.
    fn asked(&self, term_words: &[String]) -> Option<((i64, Need), usize)> {
        let crop = term_words.iter().find_map(|w| self.crops.get(w))?;
        let (at, need) = term_words
            .iter()
            .enumerate()
            .find_map(|(at, w)| Some((at, self.needs.get(w)?)))?;
        Some(((*crop, *need), at))
    }
}

/// Something products share that makes one a substitute for another: a problem they treat, or a
/// category they are in (its own, not its parent).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kin {
    Problem(i64),
    Category(i64),
    /// The first word of one of its names (`neem` of Neem Oil), shared with the names of a few
    /// other products, by its place among the words kept for this (see [`SearchIndex::build`]).
    NameWord(u32),
}

/// A name word shared by more products than this says nothing of what they have in common
/// (`powder`, `seeds`); numbers and words of one or two letters never do.
const MAX_NAME_WORD_KIN: usize = 4;

/// A search matching fewer products than the overlay shows goes on with products related to the
/// best match (`thripstop` with the other thrips remedies), so the shopper sees a choice.
const FILL_TO: usize = 3;

/// A word found in more products than this says nothing of which the shopper wants (`powder`
/// among twenty thousand): the partial matches leave it out, which also bounds their cost.
const MAX_PARTIAL_POSTINGS: usize = 500;

/// How closely a product serves a crop (or a problem) it names: a search for the crop lists the
/// closest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Bond {
    /// What the crop is grown from, or what treats one of the crop's own problems.
    Core,
    /// The crop's nutrition and protection; a problem the product treats.
    Plain,
    /// Irrigation, tools and services the crop's growers use.
    Support,
}

/// The words naming the crops and problems a product serves, each once, at its closest bond.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub struct CropWords(Vec<(String, Bond)>);

impl CropWords {
    pub fn add(&mut self, word: &str, bond: Bond) {
        match self.0.iter_mut().find(|(w, _)| w == word) {
            Some((_, held)) => *held = (*held).min(bond),
            None => self.0.push((word.to_owned(), bond)),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, Bond)> {
        self.0.iter().map(|(word, bond)| (word.as_str(), *bond))
    }
}

/// Where in a product a word occurs; the order is the ranking's.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Field {
    Name = 0,
    CropCore = 1,
    Crops = 2,
    CropSupport = 3,
    Categories = 4,
    SearchWords = 5,
    Other = 6,
}

impl Field {
    fn of_crop(bond: Bond) -> Self {
        match bond {
            Bond::Core => Self::CropCore,
            Bond::Plain => Self::Crops,
            Bond::Support => Self::CropSupport,
        }
    }
}

/// Each field's weight, by [`Field`].
const FIELD_WEIGHTS: [u16; 7] = [10, 8, 7, 6, 6, 5, 3];

/// How well a term word matches a product's word.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Quality {
    Exact = 10,
    Prefix = 7,
    OneTypo = 5,
    OneTypoInPrefix = 4,
    TwoTypos = 3,
    TwoTyposInPrefix = 2,
}

/// What a match through a synonym loses against the literal word, at the same field and quality,
/// in multiples of the field's weight: an exact synonym scores as a little less than a prefix.
const SYNONYM_PENALTY: u16 = 3;

/// The best score a term word can reach: an exact word of the name, literally.
const BEST_WORD_SCORE: u16 = FIELD_WEIGHTS[0] * Quality::Exact as u16;

/// The shortest words forgiven one typo, and two.
const ONE_TYPO_FROM: usize = 4;
const TWO_TYPOS_FROM: usize = 8;

/// The words of a term beyond these are not searched for (the shop's search box takes 100
/// characters; this bounds the per-document word counters).
const MAX_TERM_WORDS: usize = 32;

/// Groups of words of one meaning, in any language or script (`cardamom`, `elam`, `elakka`,
/// `ഏലം`, `ஏலக்காய்`). An entry may have several words (`passion fruit`).
#[derive(Default, Clone, Debug)]
pub struct Synonyms {
    /// Each group's entries, each entry its canonical words.
    groups: Vec<Vec<Vec<String>>>,
    /// An entry's first word to the (group, entry) pairs starting with it.
    by_first_word: HashMap<String, Vec<(u32, u32)>>,
}

impl Synonyms {
    /// Groups as staff write them; entries are normalised like every searched text, and empty
    /// entries and groups of fewer than two entries are left out.
    pub fn new(groups: Vec<Vec<String>>) -> Self {
        let mut synonyms = Self::default();
        for group in groups {
            let mut entries: Vec<Vec<String>> = group
                .iter()
                .map(|entry| words(entry).collect::<Vec<_>>())
                .filter(|entry| !entry.is_empty())
                .collect();
            entries.dedup();
            if entries.len() < 2 {
                continue;
            }
            let group_id = synonyms.groups.len() as u32;
            for (entry_id, entry) in entries.iter().enumerate() {
                synonyms
                    .by_first_word
                    .entry(entry[0].clone())
                    .or_default()
                    .push((group_id, entry_id as u32));
            }
            synonyms.groups.push(entries);
        }
        synonyms
    }

    /// For every entry found in `text_words` (consecutive words), the words of the other entries
    /// of its group. An English plural holds its singular's entry (`Fertilisers`, a category,
    /// is a `fertiliser`).
    fn expand<'a>(&'a self, text_words: &[String], found: &mut Vec<&'a str>) {
        for start in 0..text_words.len() {
            for first in singular_forms(&text_words[start]) {
                let Some(entries) = self.by_first_word.get(first) else {
                    continue;
                };
                for &(group, entry) in entries {
                    let group = &self.groups[group as usize];
                    let words = &group[entry as usize];
                    let rest = &text_words[start..];
                    let holds = rest.len() >= words.len()
                        && words
                            .iter()
                            .zip(rest)
                            .all(|(word, text)| singular_forms(text).any(|form| form == word));
                    if holds {
                        found.extend(
                            group
                                .iter()
                                .enumerate()
                                .filter(|&(other, _)| other != entry as usize)
                                .flat_map(|(_, other)| other.iter().map(String::as_str)),
                        );
                    }
                }
            }
        }
    }
}

/// A word as written, and, for an English plural, its singular (`-s`, `-es`): the forms a synonym
/// entry may be written in.
fn singular_forms(word: &str) -> impl Iterator<Item = &str> {
    let plural = word.len() > 3 && word.is_ascii() && word.ends_with('s') && !word.ends_with("ss");
    let stems = plural.then(|| {
        let s = &word[..word.len() - 1];
        let es = word.strip_suffix("es").filter(|_| word.len() > 4);
        std::iter::once(s).chain(es)
    });
    std::iter::once(word).chain(stems.into_iter().flatten())
}

pub struct SearchIndex {
    /// Sorted distinct words (those found through synonyms too), each with its postings.
    vocabulary: Vec<Word>,
    /// Each vocabulary word's letters' signature and letter count, apart for a fast typo scan.
    signatures: Vec<u64>,
    lengths: Vec<u32>,
    normalised_names: Vec<SharedText>,
    /// How many words each name has.
    name_lengths: Vec<u8>,
    /// The vocabulary id of each name's first word (`u32::MAX`: none), so that a name that cannot
    /// start with the term is told apart without comparing text.
    first_words: Vec<u32>,
    in_stock: Vec<bool>,
    /// How many crop and problem names each document has: among equal matches, a product for one
    /// crop is what a search for that crop wants before one for every crop.
    crop_breadth: Vec<u8>,
    /// Each document's position when sorted by name.
    name_rank: Vec<u32>,
    by_name: Vec<u32>,
    /// Each document's kin, and each kin's documents in name order.
    kin: Vec<Box<[Kin]>>,
    kin_docs: HashMap<Kin, Box<[u32]>>,
    /// The documents of each crop and need, ascending.
    crop_need_docs: HashMap<(i64, Need), Box<[u32]>>,
    crop_need_words: CropNeedWords,
}

struct Word {
    text: Box<str>,
    /// Its letters as [`letters`] cuts them.
    letters: Box<[u64]>,
    /// The documents holding the word, ascending, and for each where it holds it best.
    documents: Box<[u32]>,
    places: Box<[Place]>,
}

/// The field a word is in, and whether only through a synonym.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Place {
    field: Field,
    synonym: bool,
    /// When the word names a crop or problem the product serves as well (in its name, say), a
    /// little for how closely: of two products named for cardamom, the seedlings before the drip
    /// kit.
    crop_bonus: u8,
}

impl Place {
    fn new(field: Field, synonym: bool) -> Self {
        let crop_bonus = match field {
            Field::CropCore => 3,
            Field::Crops => 2,
            Field::CropSupport => 1,
            _ => 0,
        };
        Self {
            field,
            synonym,
            crop_bonus,
        }
    }

    /// The better place of a word held twice, with the better crop bonus of the two.
    fn merge(self, other: Self) -> Self {
        let crop_bonus = self.crop_bonus.max(other.crop_bonus);
        Self {
            crop_bonus,
            ..self.min(other)
        }
    }

    /// At least 1: a synonym matched with two typos still counts as a match.
    fn score(self, quality: Quality) -> u16 {
        let weight = FIELD_WEIGHTS[self.field as usize];
        let penalty = if self.synonym {
            SYNONYM_PENALTY * weight
        } else {
            0
        };
        (weight * quality as u16).saturating_sub(penalty).max(1) + u16::from(self.crop_bonus)
    }
}

impl SearchIndex {
    pub fn build(
        documents: &[SearchDocument],
        synonyms: &Synonyms,
        crop_need_words: CropNeedWords,
        pool: &mut TextPool,
    ) -> Self {
        let mut postings: HashMap<String, Vec<(u32, Place)>> = HashMap::new();
        let mut add = |word: &str, id: u32, place: Place| match postings.get_mut(word) {
            Some(list) => match list.last_mut() {
                Some((last, best)) if *last == id => *best = best.merge(place),
                _ => list.push((id, place)),
            },
            None => {
                postings.insert(word.to_owned(), vec![(id, place)]);
            }
        };
        let mut name_lengths = Vec::with_capacity(documents.len());
        let mut first_name_words = Vec::with_capacity(documents.len());
        let mut expanded = Vec::new();
        for (id, doc) in documents.iter().enumerate() {
            let id = id as u32;
            let name_words: Vec<String> = words(&doc.name).collect();
            name_lengths.push(name_words.len().min(u8::MAX as usize) as u8);
            first_name_words.push(name_words.first().cloned());
            let words_of = |text: &SharedText| words(text).collect::<Vec<String>>();
            let fields = std::iter::once((Field::Name, name_words))
                .chain(doc.other_names.iter().map(|t| (Field::Name, words_of(t))))
                .chain(
                    doc.crops
                        .iter()
                        .map(|(t, bond)| (Field::of_crop(*bond), words_of(t))),
                )
                .chain(
                    doc.categories
                        .iter()
                        .map(|t| (Field::Categories, words_of(t))),
                )
                .chain(
                    doc.search_words
                        .iter()
                        .map(|t| (Field::SearchWords, words_of(t))),
                )
                .chain(doc.other_text.iter().map(|t| (Field::Other, words_of(t))));
            for (field, text_words) in fields {
                for word in &text_words {
                    let place = Place::new(field, false);
                    add(word, id, place);
                }
                expanded.clear();
                synonyms.expand(&text_words, &mut expanded);
                for word in &expanded {
                    let place = Place::new(field, true);
                    add(word, id, place);
                }
            }
        }
        let mut vocabulary: Vec<Word> = postings
            .into_iter()
            .map(|(text, list)| Word {
                letters: letters(&text),
                text: text.into(),
                documents: list.iter().map(|&(id, _)| id).collect(),
                places: list.iter().map(|&(_, place)| place).collect(),
            })
            .collect();
        vocabulary.sort_unstable_by(|a, b| a.text.cmp(&b.text));
        let signatures = vocabulary.iter().map(|w| signature(&w.letters)).collect();
        let first_words = first_name_words
            .iter()
            .map(|first| {
                first
                    .as_ref()
                    .and_then(|first| vocabulary.binary_search_by(|w| (*w.text).cmp(first)).ok())
                    .map_or(u32::MAX, |id| id as u32)
            })
            .collect();
        let lengths = vocabulary.iter().map(|w| w.letters.len() as u32).collect();

        let normalised_names: Vec<SharedText> = documents
            .iter()
            .map(|d| pool.share(&normalise(&d.name)))
            .collect();
        let mut by_name: Vec<u32> = (0..documents.len() as u32).collect();
        by_name.sort_by(|&a, &b| {
            normalised_names[a as usize]
                .cmp(&normalised_names[b as usize])
                .then(a.cmp(&b))
        });
        let mut name_rank = vec![0u32; documents.len()];
        for (rank, &doc) in by_name.iter().enumerate() {
            name_rank[doc as usize] = rank as u32;
        }
        // A product's name's first word (Neem of Neem Oil, in any language) makes it kin to the
        // few others whose names hold that word (Neem Cake Powder, Humic Granules with Neem).
        let telling = |w: &str| w.chars().count() > 2 && !w.chars().any(|c| c.is_ascii_digit());
        let vocabulary_id = |word: &str| {
            vocabulary
                .binary_search_by(|w| (*w.text).cmp(word))
                .ok()
                .map(|id| id as u32)
        };
        let mut kin: Vec<Vec<Kin>> = documents.iter().map(|d| d.kin.clone()).collect();
        let mut kin_docs: HashMap<Kin, Vec<u32>> = HashMap::new();
        for (doc, document) in documents.iter().enumerate() {
            for name in std::iter::once(&document.name).chain(&document.other_names) {
                let Some(first) = words(name).next().filter(|w| telling(w)) else {
                    continue;
                };
                let Some(id) = vocabulary_id(&first) else {
                    continue;
                };
                let word = Kin::NameWord(id);
                if !kin[doc].contains(&word) {
                    kin[doc].push(word);
                    kin_docs.entry(word).or_default();
                }
            }
        }
        for (word, docs) in kin_docs.iter_mut() {
            let Kin::NameWord(id) = *word else { continue };
            let held = &vocabulary[id as usize];
            docs.extend(
                held.documents
                    .iter()
                    .zip(held.places.iter())
                    .filter(|(_, place)| place.field == Field::Name && !place.synonym)
                    .map(|(&doc, _)| doc),
            );
            docs.sort_unstable_by_key(|&doc| name_rank[doc as usize]);
        }
        // A word of many names (`powder`) says nothing of what they have in common.
        kin_docs.retain(|kin, docs| {
            !matches!(kin, Kin::NameWord(_)) || (2..=MAX_NAME_WORD_KIN).contains(&docs.len())
        });
        for doc_kin in &mut kin {
            doc_kin.retain(|kin| !matches!(kin, Kin::NameWord(_)) || kin_docs.contains_key(kin));
        }
        for &doc in &by_name {
            for &kin in &documents[doc as usize].kin {
                kin_docs.entry(kin).or_default().push(doc);
            }
        }
        Self {
            vocabulary,
            signatures,
            lengths,
            normalised_names,
            name_lengths,
            first_words,
            in_stock: documents.iter().map(|d| d.in_stock).collect(),
            crop_breadth: documents
                .iter()
                .map(|d| u8::try_from(d.crops.len()).unwrap_or(u8::MAX))
                .collect(),
            name_rank,
            by_name,
            kin: kin.into_iter().map(Vec::into_boxed_slice).collect(),
            kin_docs: kin_docs
                .into_iter()
                .map(|(kin, docs)| (kin, docs.into()))
                .collect(),
            crop_need_docs: {
                let mut docs: HashMap<(i64, Need), Vec<u32>> = HashMap::new();
                for (id, doc) in documents.iter().enumerate() {
                    for &link in &doc.crop_needs {
                        docs.entry(link).or_default().push(id as u32);
                    }
                }
                docs.into_iter().map(|(k, v)| (k, v.into())).collect()
            },
            crop_need_words,
        }
    }

    /// Up to `wanted` products related to `best` and not among `matched`: those sharing words of
    /// its name first (Neem Oil's other neem products), then those treating the same problems,
    /// then those of its categories (the more in common the sooner); in stock first, then by name.
    fn related(&self, best: u32, matched: &[u32], wanted: usize) -> Vec<u32> {
        let mut shared: HashMap<u32, (u8, u8, u8)> = HashMap::new();
        for &kin in self.kin[best as usize].iter() {
            for &doc in self.kin_docs.get(&kin).map(|d| &d[..]).unwrap_or_default() {
                let (words, problems, categories) = shared.entry(doc).or_default();
                match kin {
                    Kin::NameWord(_) => *words = words.saturating_add(1),
                    Kin::Problem(_) => *problems = problems.saturating_add(1),
                    Kin::Category(_) => *categories = categories.saturating_add(1),
                }
            }
        }
        let mut related: Vec<(u32, (u8, u8, u8))> = shared
            .into_iter()
            .filter(|(doc, _)| !matched.contains(doc))
            .collect();
        related.sort_unstable_by_key(|&(doc, common)| {
            let d = doc as usize;
            (
                std::cmp::Reverse(common),
                !self.in_stock[d],
                self.name_rank[d],
            )
        });
        related
            .into_iter()
            .take(wanted)
            .map(|(doc, _)| doc)
            .collect()
    }

    /// How many documents match `term`, and the best `wanted` of them, best first. An empty
    /// term matches everything, by name.
    pub fn search(&self, term: &str, wanted: usize) -> SearchHits {
        let term_words: Vec<String> = words(term).take(MAX_TERM_WORDS).collect();
        if term_words.is_empty() {
            return SearchHits {
                total: self.by_name.len(),
                best: self.by_name.iter().take(wanted).copied().collect(),
            };
        }
        SCRATCH.with_borrow_mut(|scratch| self.search_words(&term_words, wanted, scratch))
    }

    fn search_words(&self, term_words: &[String], wanted: usize, s: &mut Scratch) -> SearchHits {
        s.prepare(self.normalised_names.len());
        let asked = self.crop_need_words.asked(term_words);
        let only_a_crop = self.crop_need_words.only_a_crop(term_words);
        // Each word's matches, kept for the partial matches should too few match every word (a
        // lookup with typos scans the vocabulary).
        let mut looked_up: Vec<Vec<(u32, Quality)>> = Vec::with_capacity(term_words.len());
        for (i, word) in term_words.iter().enumerate() {
            let mut matches = Vec::new();
            self.lookup(word, &mut matches);
            let before = i as u8;
            // `cardamom fertiliser`: every product for cardamom's nutrition matches `fertiliser`
            // as well as a product named a fertiliser does, whatever its own words.
            if let Some((link, at)) = asked
                && at == i
            {
                for &doc in self
                    .crop_need_docs
                    .get(&link)
                    .map(|d| &d[..])
                    .unwrap_or_default()
                {
                    let d = doc as usize;
                    if s.words_matched[d] == before {
                        if s.word_best[d] == 0 {
                            s.touched.push(doc);
                        }
                        s.word_best[d] = BEST_WORD_SCORE;
                    }
                }
            }
            for &(vocabulary_id, quality) in &matches {
                let word = &self.vocabulary[vocabulary_id as usize];
                for (&doc, &place) in word.documents.iter().zip(word.places.iter()) {
                    let d = doc as usize;
                    // Only documents that matched every earlier word can still match the term.
                    if s.words_matched[d] != before {
                        continue;
                    }
                    let score = place.score(quality);
                    if s.word_best[d] == 0 {
                        s.touched.push(doc);
                    }
                    s.word_best[d] = s.word_best[d].max(score);
                    if only_a_crop {
                        s.bonds[d] = s.bonds[d].max(place.crop_bonus);
                    }
                }
            }
            looked_up.push(matches);
            for &doc in &s.touched {
                let d = doc as usize;
                s.scores[d] += u32::from(s.word_best[d]);
                s.words_matched[d] += 1;
                s.word_best[d] = 0;
            }
            if i == 0 {
                s.first.extend_from_slice(&s.touched);
            }
            std::mem::swap(&mut s.alive, &mut s.touched);
            s.touched.clear();
            if s.alive.is_empty() {
                break;
            }
        }

        let count = term_words.len();
        let all_exact_in_name = BEST_WORD_SCORE as u32 * count as u32;
        let term = term_words.join(" ");
        let term_first = self
            .vocabulary
            .binary_search_by(|w| (*w.text).cmp(&term_words[0]))
            .map_or(u32::MAX - 1, |id| id as u32);
        // After the last word, the documents alive are those that matched every word.
        let mut ranked: Vec<(u64, u32)> = s
            .alive
            .iter()
            .map(|&doc| {
                let d = doc as usize;
                let score = s.scores[d];
                let whole_name = score >= all_exact_in_name
                    && usize::from(self.name_lengths[d]) == count
                    && *self.normalised_names[d] == *term;
                // "neem" lists Neem Cake Powder before Humic Granules with Neem.
                let name_starts = self.first_words[d] == term_first
                    && self.normalised_names[d].starts_with(term.as_str())
                    && self.normalised_names[d][term.len()..]
                        .chars()
                        .next()
                        .is_none_or(|c| c == ' ');
                // A crop's name alone lists its products as its page does: what it is grown
                // from and what treats its own problems, then its nutrition and protection, then
                // its irrigation, tools and services, each by score (a service named for the
                // crop after the crop's remedies); any other term by score alone. Then in stock,
                // the whole name, a name that starts with the term, fewest crops, then name
                // order (24 bits: sixteen million products).
                let key = (u64::from(3 - s.bonds[d].min(3)) << 58)
                    | ((u64::from(u16::MAX) - u64::from(score)) << 42)
                    | (u64::from(!self.in_stock[d]) << 41)
                    | (u64::from(!whole_name) << 40)
                    | (u64::from(!name_starts) << 32)
                    | (u64::from(self.crop_breadth[d]) << 24)
                    | u64::from(self.name_rank[d] & 0x00FF_FFFF);
                (key, doc)
            })
            .collect();
        s.reset();

        let total = ranked.len();
        let few: Option<Vec<u32>> = (total < FILL_TO).then(|| ranked.iter().map(|r| r.1).collect());
        // Only the requested pages need an order: partition around the last one, sort the head.
        if wanted < total {
            ranked.select_nth_unstable(wanted);
            ranked.truncate(wanted);
        }
        ranked.sort_unstable();
        let mut best: Vec<u32> = ranked.into_iter().map(|(_, doc)| doc).collect();
        let mut total = total;
        if let Some(mut matched) = few {
            // Fewer matches than the overlay's three: first the products matching most of the
            // term's words (`neem oil`: the other neem products), then those related to the best.
            if term_words.len() > 1 {
                let partial =
                    self.partial(term_words, &looked_up, &matched, FILL_TO - matched.len(), s);
                matched.extend_from_slice(&partial);
                best.extend(partial);
            }
            if let Some(&first) = best.first()
                && matched.len() < FILL_TO
            {
                best.extend(self.related(first, &matched, FILL_TO - matched.len()));
            }
            total = best.len().max(total);
            best.truncate(wanted);
        }
        SearchHits { total, best }
    }

    /// Up to `wanted` products, not among `matched`, that match some of `term_words`: the more
    /// words the sooner, then by score as a search ranks.
    fn partial(
        &self,
        term_words: &[String],
        looked_up: &[Vec<(u32, Quality)>],
        matched: &[u32],
        wanted: usize,
        s: &mut Scratch,
    ) -> Vec<u32> {
        let mut found = Vec::new();
        for (i, word) in term_words.iter().enumerate() {
            let found = match looked_up.get(i) {
                Some(kept) => kept,
                None => {
                    found.clear();
                    self.lookup(word, &mut found);
                    &found
                }
            };
            let postings: usize = found
                .iter()
                .map(|&(id, _)| self.vocabulary[id as usize].documents.len())
                .sum();
            if postings > MAX_PARTIAL_POSTINGS {
                continue;
            }
            for &(vocabulary_id, quality) in found {
                let word = &self.vocabulary[vocabulary_id as usize];
                for (&doc, &place) in word.documents.iter().zip(word.places.iter()) {
                    let d = doc as usize;
                    if s.word_best[d] == 0 {
                        s.touched.push(doc);
                    }
                    s.word_best[d] = s.word_best[d].max(place.score(quality));
                }
            }
            for &doc in &s.touched {
                let d = doc as usize;
                if s.words_matched[d] == 0 {
                    s.first.push(doc);
                }
                s.scores[d] += u32::from(s.word_best[d]);
                s.words_matched[d] += 1;
                s.word_best[d] = 0;
            }
            s.touched.clear();
        }
        // Most words, best score, in stock, name order; then the document.
        type PartialKey = (std::cmp::Reverse<(u8, u32)>, bool, u32, u32);
        let mut ranked: Vec<PartialKey> = s
            .first
            .iter()
            .filter(|doc| !matched.contains(doc))
            .map(|&doc| {
                let d = doc as usize;
                (
                    std::cmp::Reverse((s.words_matched[d], s.scores[d])),
                    !self.in_stock[d],
                    self.name_rank[d],
                    doc,
                )
            })
            .collect();
        s.reset();
        if wanted < ranked.len() {
            ranked.select_nth_unstable(wanted);
            ranked.truncate(wanted);
        }
        ranked.sort_unstable();
        ranked.into_iter().map(|(.., doc)| doc).collect()
    }

    /// The vocabulary words `query` matches, each with how well.
    fn lookup(&self, query: &str, found: &mut Vec<(u32, Quality)>) {
        // Words with the query as a prefix sit together in the sorted vocabulary.
        let start = self.vocabulary.partition_point(|w| &*w.text < query);
        let mut end = start;
        for word in &self.vocabulary[start..] {
            if !word.text.starts_with(query) {
                break;
            }
            let quality = if &*word.text == query {
                Quality::Exact
            } else {
                Quality::Prefix
            };
            found.push((end as u32, quality));
            end += 1;
        }
        // A word the catalogue holds is forgiven typos too: they are how `potash` finds
        // potassium and a Tamil word its inflected forms; they rank below the word itself.
        let query_chars = query.chars().count();
        let query = letters(query);
        let typos = allowed_typos(query_chars, query.len());
        if typos == 0 {
            return;
        }
        let query_signature = signature(&query);
        let shortest = query.len().saturating_sub(typos) as u32;
        for (id, (&sig, &length)) in self.signatures.iter().zip(&self.lengths).enumerate() {
            // Each typo brings at most one letter the word lacks; a word shorter than the query
            // by more than the typos is no prefix of anything within reach.
            if length < shortest
                || (query_signature & !sig).count_ones() as usize > typos
                || (start..end).contains(&id)
            {
                continue;
            }
            let word = &self.vocabulary[id];
            if let Some(quality) = typo_match(&query, &word.letters, typos) {
                found.push((id as u32, quality));
            }
        }
    }
}

pub struct SearchHits {
    pub total: usize,
    pub best: Vec<u32>,
}

/// How many typos a term word of `chars` characters and `letters` [`letters`] is forgiven: one
/// from 4 characters, two from 8, but never a typo in a word of two letters (`காபி`, coffee,
/// is four characters, yet one typo would make it a different word) nor two in one of four.
fn allowed_typos(chars: usize, letters: usize) -> usize {
    let by_chars = match chars {
        n if n >= TWO_TYPOS_FROM => 2,
        n if n >= ONE_TYPO_FROM => 1,
        _ => 0,
    };
    let by_letters = match letters {
        0..=2 => 0,
        3..=4 => 1,
        _ => 2,
    };
    by_chars.min(by_letters)
}

/// A word's letters as a typo counts them: a character with the vowel signs and virama that
/// follow it, each letter packed in 64 bits. Dropping `க்` from `ஏலக்காய்` is one typo, as a
/// shopper sees it, not two code points. (How many typos a word is forgiven still counts its
/// characters.)
fn letters(word: &str) -> Box<[u64]> {
    let mut letters: Vec<u64> = Vec::with_capacity(word.len());
    for c in word.chars() {
        match letters.last_mut() {
            Some(letter) if is_combining_mark(c) => {
                *letter = letter.rotate_left(21) ^ u64::from(u32::from(c));
            }
            _ => letters.push(u64::from(u32::from(c))),
        }
    }
    letters.into()
}

/// A set of a word's letters, folded into 64 bits.
fn signature(letters: &[u64]) -> u64 {
    letters.iter().fold(0, |sig, &letter| {
        sig | 1 << (letter.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58)
    })
}

/// How `query` matches `word` within `typos` edits (insertion, deletion, substitution or swap
/// of two neighbours): against the whole word, or else against a prefix of it.
fn typo_match<T: PartialEq>(query: &[T], word: &[T], typos: usize) -> Option<Quality> {
    let n = query.len();
    let m = word.len().min(n + typos);
    // Optimal string alignment distance, row by row over the query, in three rows on the stack
    // (a search tries hundreds of words: no allocation each) unless the word is very long.
    const ON_STACK: usize = 40;
    let mut stack = [0usize; 3 * ON_STACK];
    let mut heap = Vec::new();
    let rows: &mut [usize] = if m < ON_STACK {
        &mut stack[..3 * (m + 1)]
    } else {
        heap.resize(3 * (m + 1), 0);
        &mut heap
    };
    let (mut before, rest) = rows.split_at_mut(m + 1);
    let (mut previous, mut current) = rest.split_at_mut(m + 1);
    for (j, cell) in previous.iter_mut().enumerate() {
        *cell = j;
    }
    before.copy_from_slice(previous);
    for i in 1..=n {
        current[0] = i;
        let mut row_min = current[0];
        for j in 1..=m {
            let cost = usize::from(query[i - 1] != word[j - 1]);
            let mut best = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && query[i - 1] == word[j - 2] && query[i - 2] == word[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
            row_min = row_min.min(best);
        }
        if row_min > typos {
            return None;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    let whole = (word.len() <= n + typos)
        .then(|| previous[word.len()])
        .filter(|&d| d <= typos);
    // A prefix as long as the query at least: a shorter one would make `wlit` a typo of `wit`h.
    let prefix = (n..=m)
        .filter(|&j| j < word.len())
        .map(|j| previous[j])
        .min()
        .filter(|&d| d <= typos);
    match (whole, prefix) {
        (Some(0), _) | (_, Some(0)) => None, // exact and prefix matches are found by the lookup
        (Some(1), _) => Some(Quality::OneTypo),
        (_, Some(1)) => Some(Quality::OneTypoInPrefix),
        (Some(2), _) => Some(Quality::TwoTypos),
        (_, Some(2)) => Some(Quality::TwoTyposInPrefix),
        _ => None,
    }
}

/// Per-document counters of one search, kept by each thread between searches (all zero between
/// them) so that a search allocates and clears only what it touches.
#[derive(Default)]
struct Scratch {
    /// The sum of the best score of each term word so far.
    scores: Vec<u32>,
    /// How many of the term's words matched so far.
    words_matched: Vec<u8>,
    /// The current term word's best score.
    word_best: Vec<u16>,
    /// For a term that is a crop's name, how closely each document serves the crop (its best
    /// [`Place::crop_bonus`]).
    bonds: Vec<u8>,
    /// Documents the current word matched, those that matched every word so far, and those that
    /// matched the first (every document whose counters may be non-zero).
    touched: Vec<u32>,
    alive: Vec<u32>,
    first: Vec<u32>,
}

impl Scratch {
    fn prepare(&mut self, documents: usize) {
        if self.scores.len() < documents {
            self.scores.resize(documents, 0);
            self.words_matched.resize(documents, 0);
            self.word_best.resize(documents, 0);
            self.bonds.resize(documents, 0);
        }
    }

    fn reset(&mut self) {
        for &doc in &self.first {
            self.scores[doc as usize] = 0;
            self.words_matched[doc as usize] = 0;
            self.bonds[doc as usize] = 0;
        }
        self.first.clear();
        self.alive.clear();
        self.touched.clear();
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

#[cfg(test)]
mod tests;
