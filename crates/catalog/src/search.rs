//! Product search over an in-memory inverted index.
//!
//! Every word of the term must match a word of the product's name, brand, categories (and their
//! parents) or variant names: exactly, as a prefix (`pep` finds pepper), or, for words of five
//! letters or more, with one typo (`cardamon` finds cardamom, `fungiside` finds fungicides).
//! Results rank exact name matches, then names starting with the term, then products whose
//! name holds every word, then the rest; fewer typos first; then by name.

use std::collections::HashMap;

use crate::shared_text::SharedText;
use crate::text::{normalise, words};
use crate::text_pool::TextPool;

/// The words of one product, by where they occur.
pub struct SearchDocument {
    pub name: SharedText,
    pub other_text: Vec<SharedText>,
}

pub struct SearchIndex {
    /// Sorted distinct words, each with the documents it occurs in, and those whose name has it.
    vocabulary: Vec<Word>,
    normalised_names: Vec<SharedText>,
    /// Each document's position when sorted by name.
    name_rank: Vec<u32>,
    by_name: Vec<u32>,
}

struct Word {
    text: String,
    chars: Box<[char]>,
    documents: Box<[u32]>,
    in_names: Box<[u32]>,
}

/// The shortest word in which a typo is forgiven.
const TYPO_MIN_CHARS: usize = 5;

impl SearchIndex {
    pub fn build(documents: &[SearchDocument], pool: &mut TextPool) -> Self {
        let mut postings: HashMap<String, (Vec<u32>, Vec<u32>)> = HashMap::new();
        for (id, doc) in documents.iter().enumerate() {
            let id = id as u32;
            for word in words(&doc.name) {
                let entry = postings.entry(word).or_default();
                push_once(&mut entry.0, id);
                push_once(&mut entry.1, id);
            }
            for text in &doc.other_text {
                for word in words(text) {
                    push_once(&mut postings.entry(word).or_default().0, id);
                }
            }
        }
        let mut vocabulary: Vec<Word> = postings
            .into_iter()
            .map(|(text, (documents, in_names))| Word {
                chars: text.chars().collect(),
                text,
                documents: documents.into(),
                in_names: in_names.into(),
            })
            .collect();
        vocabulary.sort_unstable_by(|a, b| a.text.cmp(&b.text));

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
        Self {
            vocabulary,
            normalised_names,
            name_rank,
            by_name,
        }
    }

    /// How many documents match `term`, and the best `wanted` of them, best first. An empty
    /// term matches everything, by name.
    pub fn search(&self, term: &str, wanted: usize) -> SearchHits {
        let term_words: Vec<String> = words(term).collect();
        if term_words.is_empty() {
            return SearchHits {
                total: self.by_name.len(),
                best: self.by_name.iter().take(wanted).copied().collect(),
            };
        }
        let size = self.normalised_names.len();
        let mut matched = Bitset::full(size);
        let mut per_word = Vec::with_capacity(term_words.len());
        for word in &term_words {
            let found = self.lookup(word, size);
            matched.and_with(&found.exact_or_typo());
            per_word.push(found);
        }

        let term = term_words.join(" ");
        let mut ranked: Vec<(u64, u32)> = matched
            .iter()
            .map(|doc| {
                let name = &self.normalised_names[doc as usize];
                let class: u64 = if **name == *term {
                    0
                } else if name.starts_with(&term) {
                    1
                } else if per_word.iter().all(|w| w.in_name.contains(doc)) {
                    2
                } else {
                    3
                };
                let typos = per_word.iter().filter(|w| !w.exact.contains(doc)).count() as u64;
                let key = (class << 40)
                    | (typos.min(255) << 32)
                    | u64::from(self.name_rank[doc as usize]);
                (key, doc)
            })
            .collect();
        let total = ranked.len();
        // Only the requested pages need an order: partition around the last one, sort the head.
        if wanted < total {
            ranked.select_nth_unstable(wanted);
            ranked.truncate(wanted);
        }
        ranked.sort_unstable();
        SearchHits {
            total,
            best: ranked.into_iter().map(|(_, doc)| doc).collect(),
        }
    }

    fn lookup(&self, query: &str, size: usize) -> WordMatches {
        let mut found = WordMatches {
            exact: Bitset::empty(size),
            typo: Bitset::empty(size),
            in_name: Bitset::empty(size),
        };
        // Words with the query as a prefix sit together in the sorted vocabulary.
        let start = self.vocabulary.partition_point(|w| w.text.as_str() < query);
        for word in self.vocabulary[start..]
            .iter()
            .take_while(|w| w.text.starts_with(query))
        {
            found.exact.set_all(&word.documents);
            found.in_name.set_all(&word.in_names);
        }
        let query: Vec<char> = query.chars().collect();
        if query.len() >= TYPO_MIN_CHARS {
            for word in &self.vocabulary {
                if word.chars.len() + 1 >= query.len()
                    && within_one_typo_of_prefix(&query, &word.chars)
                {
                    found.typo.set_all(&word.documents);
                    found.in_name.set_all(&word.in_names);
                }
            }
        }
        found
    }
}

pub struct SearchHits {
    pub total: usize,
    pub best: Vec<u32>,
}

fn push_once(list: &mut Vec<u32>, id: u32) {
    if list.last() != Some(&id) {
        list.push(id);
    }
}

struct WordMatches {
    exact: Bitset,
    typo: Bitset,
    in_name: Bitset,
}

impl WordMatches {
    fn exact_or_typo(&self) -> Bitset {
        let mut both = self.exact.clone();
        both.or_with(&self.typo);
        both
    }
}

/// True when `query` is at most one edit (insertion, deletion, substitution or swap of two
/// neighbours) away from `word` or from a prefix of it one character shorter or longer.
pub(crate) fn within_one_typo_of_prefix(query: &[char], word: &[char]) -> bool {
    let n = query.len();
    let m = word.len().min(n + 1);
    // Optimal string alignment distance, row by row over the query.
    let mut before: Vec<usize> = (0..=m).collect();
    let mut previous: Vec<usize> = (0..=m).collect();
    let mut current = vec![0usize; m + 1];
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
        if row_min > 1 {
            return false;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    let lowest = n.saturating_sub(1);
    (lowest..=m).any(|j| previous[j] <= 1)
}

#[derive(Clone)]
struct Bitset(Vec<u64>);

impl Bitset {
    fn empty(size: usize) -> Self {
        Self(vec![0; size.div_ceil(64)])
    }

    fn full(size: usize) -> Self {
        let mut bits = vec![u64::MAX; size.div_ceil(64)];
        if let Some(last) = bits.last_mut()
            && !size.is_multiple_of(64)
        {
            *last = (1u64 << (size % 64)) - 1;
        }
        Self(bits)
    }

    fn set_all(&mut self, ids: &[u32]) {
        for &id in ids {
            self.0[(id / 64) as usize] |= 1 << (id % 64);
        }
    }

    fn contains(&self, id: u32) -> bool {
        self.0[(id / 64) as usize] & (1 << (id % 64)) != 0
    }

    fn and_with(&mut self, other: &Bitset) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a &= b);
    }

    fn or_with(&mut self, other: &Bitset) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a |= b);
    }

    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(block, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                Some(block as u32 * 64 + bit)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(name: &str, other: &[&str]) -> SearchDocument {
        SearchDocument {
            name: name.into(),
            other_text: other.iter().map(|&s| s.into()).collect(),
        }
    }

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn one_typo_against_a_word_or_its_prefix() {
        assert!(within_one_typo_of_prefix(
            &chars("cardamon"),
            &chars("cardamom")
        ));
        assert!(within_one_typo_of_prefix(
            &chars("fungiside"),
            &chars("fungicides")
        ));
        assert!(within_one_typo_of_prefix(
            &chars("cardmaom"),
            &chars("cardamom")
        ));
        assert!(within_one_typo_of_prefix(&chars("peper"), &chars("pepper")));
        assert!(!within_one_typo_of_prefix(
            &chars("banama"),
            &chars("pineapple")
        ));
        assert!(!within_one_typo_of_prefix(
            &chars("fungisde"),
            &chars("fungicides")
        ));
    }

    fn names(index: &SearchIndex, docs: &[SearchDocument], term: &str) -> Vec<String> {
        let hits = index.search(term, usize::MAX);
        assert_eq!(hits.total, hits.best.len());
        hits.best
            .iter()
            .map(|&d| docs[d as usize].name.to_string())
            .collect()
    }

    #[test]
    fn ranks_exact_then_prefix_then_name_then_other_fields() {
        let docs = vec![
            doc("Super Neem Oil", &["Bio-pesticides"]),
            doc("Neem Oil", &[]),
            doc("Neem Oil Concentrate", &[]),
            doc("Pepper Guard", &["neem oil blend"]),
        ];
        let index = SearchIndex::build(&docs, &mut TextPool::default());
        assert_eq!(
            names(&index, &docs, "neem oil"),
            [
                "Neem Oil",
                "Neem Oil Concentrate",
                "Super Neem Oil",
                "Pepper Guard"
            ]
        );
    }

    #[test]
    fn every_word_must_match_and_typos_rank_last() {
        let docs = vec![
            doc("Cardamom Booster", &["Growth Stimulants"]),
            doc("Cardamon Tonic", &[]),
            doc("Banana Booster", &[]),
        ];
        let index = SearchIndex::build(&docs, &mut TextPool::default());
        assert_eq!(
            names(&index, &docs, "cardamom booster"),
            ["Cardamom Booster"]
        );
        assert_eq!(
            names(&index, &docs, "CARDAMOM"),
            ["Cardamom Booster", "Cardamon Tonic"]
        );
        assert_eq!(names(&index, &docs, "growth"), ["Cardamom Booster"]);
        assert!(names(&index, &docs, "tea").is_empty());
        assert_eq!(index.search("", usize::MAX).best.len(), 3);
        let top = index.search("booster", 1);
        assert_eq!((top.total, top.best.len()), (2, 1));
        assert_eq!(&*docs[top.best[0] as usize].name, "Banana Booster");
    }
}
