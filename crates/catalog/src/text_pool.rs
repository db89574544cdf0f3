//! One copy of each text the catalogue's snapshots hold. A product's slug and photo addresses, and
//! every name nobody translated, read the same in all three languages; a brand's or category's
//! name is the same on thousands of cards, and so is a list of pack sizes. With 20,000 products,
//! copies were most of the shop's memory.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use db::ProductId;

use crate::shared_text::{SharedList, SharedText};
use crate::stored_card::CardFacts;

/// The texts handed out while the snapshots are built; dropped afterwards (the texts live on in
/// the snapshots).
#[derive(Default)]
pub struct TextPool {
    texts: HashSet<SharedText>,
    lists: HashSet<SharedList>,
    facts: HashMap<ProductId, Arc<CardFacts>>,
}

impl TextPool {
    /// The pool's copy of `text`, made the first time it is asked for.
    pub fn share(&mut self, text: &str) -> SharedText {
        if let Some(known) = self.texts.get(text) {
            return known.clone();
        }
        let new: SharedText = Arc::from(text);
        self.texts.insert(new.clone());
        new
    }

    /// The pool's copy of `list`.
    pub fn share_list(&mut self, list: Vec<SharedText>) -> SharedList {
        if let Some(known) = self.lists.get(list.as_slice()) {
            return known.clone();
        }
        let new: SharedList = Arc::from(list);
        self.lists.insert(new.clone());
        new
    }

    /// The facts of a product's card, shared by the languages that find them the same (all do,
    /// unless the catalogue changed between two languages' builds, which it cannot: they are
    /// built from one read).
    pub fn share_facts(&mut self, facts: CardFacts) -> Arc<CardFacts> {
        match self.facts.get(&facts.id) {
            Some(known) if **known == facts => known.clone(),
            _ => {
                let new = Arc::new(facts);
                self.facts.insert(new.id, new.clone());
                new
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_and_lists_are_one_copy() {
        let mut pool = TextPool::default();
        let first = pool.share("Neem Cake Powder");
        let again = pool.share(&String::from("Neem Cake Powder"));
        assert!(Arc::ptr_eq(&first, &again));
        assert!(!Arc::ptr_eq(&first, &pool.share("Neem Oil")));
        let (small, large) = (pool.share("1 kg"), pool.share("5 kg"));
        let sizes = pool.share_list(vec![small.clone(), large.clone()]);
        let large_again = pool.share("5 kg");
        let same = pool.share_list(vec![small, large_again]);
        assert!(Arc::ptr_eq(&large, &same[1]));
        assert!(Arc::ptr_eq(&sizes, &same));
        assert_eq!(sizes.len(), 2);
    }
}
