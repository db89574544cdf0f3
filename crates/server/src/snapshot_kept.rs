//! Answers kept for one catalogue snapshot: a new snapshot (a catalogue edit) empties them, and
//! the snapshot is held weakly, so a replaced one is freed at once.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Weak};

use catalog::CatalogSnapshot;

pub struct SnapshotKept<K, V> {
    catalog: Weak<CatalogSnapshot>,
    entries: HashMap<K, V>,
}

impl<K, V> Default for SnapshotKept<K, V> {
    fn default() -> Self {
        Self {
            catalog: Weak::new(),
            entries: HashMap::new(),
        }
    }
}

impl<K: Eq + Hash, V: Clone> SnapshotKept<K, V> {
    pub fn is_for(&self, catalog: &Arc<CatalogSnapshot>) -> bool {
        std::ptr::eq(self.catalog.as_ptr(), Arc::as_ptr(catalog))
    }

    /// Keeps for `catalog` from now on; true when that emptied what was kept for another.
    pub fn follow(&mut self, catalog: &Arc<CatalogSnapshot>) -> bool {
        if self.is_for(catalog) {
            return false;
        }
        self.catalog = Arc::downgrade(catalog);
        self.entries.clear();
        true
    }

    /// What is kept for `key`, if it was kept for `catalog`.
    pub fn get<Q>(&self, catalog: &Arc<CatalogSnapshot>, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Eq + Hash + ?Sized,
    {
        self.is_for(catalog)
            .then(|| self.entries.get(key).cloned())
            .flatten()
    }

    /// Keeps `value`; past `capacity` entries the kept ones go first (a crawler walking every
    /// product must not hold them all in memory).
    pub fn insert(&mut self, key: K, value: V, capacity: usize) {
        if self.entries.len() >= capacity {
            self.entries.clear();
        }
        self.entries.insert(key, value);
    }
}
