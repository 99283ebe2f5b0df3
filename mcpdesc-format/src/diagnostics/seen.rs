//! Names seen so far in a list, for the checks that each name appears once.
//!
//! A file can list tens of thousands of declarations, tags or required properties; comparing
//! each with every one before it grows with the square of their number (a 2 MB description of
//! 40,000 declarations took seconds). A short list is still searched in place, without hashing.

use std::collections::hash_map::Entry;
use std::hash::Hash;

use crate::hash::HashMap;

/// How many keys are searched in place before a hash map takes over.
const IN_PLACE: usize = 16;

/// Keys noted so far, each with what was noted with it (where it was first seen).
pub struct Seen<K, T> {
    few: Vec<(K, T)>,
    many: HashMap<K, T>,
}

impl<K: Eq + Hash, T> Default for Seen<K, T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Eq + Hash, T> Seen<K, T> {
    /// Nothing seen yet; allocates only once something is noted.
    pub fn new() -> Self {
        Seen {
            few: Vec::new(),
            many: HashMap::default(),
        }
    }

    /// What `key` was first noted with, if it was noted before; else notes it with `at`.
    pub fn first_or_note(&mut self, key: K, at: T) -> Option<&T> {
        if self.many.is_empty() && self.few.len() < IN_PLACE {
            match self.few.iter().position(|(k, _)| *k == key) {
                Some(i) => self.few.get(i).map(|(_, t)| t),
                None => {
                    self.few.push((key, at));
                    None
                }
            }
        } else {
            if self.many.is_empty() {
                // Past the in-place list: every key moves to the map, which then holds them all.
                self.many.reserve(IN_PLACE * 2);
                self.many.extend(self.few.drain(..));
            }
            match self.many.entry(key) {
                Entry::Occupied(first) => Some(first.into_mut()),
                Entry::Vacant(slot) => {
                    slot.insert(at);
                    None
                }
            }
        }
    }

    /// Whether `key` was noted.
    pub fn contains(&self, key: &K) -> bool {
        if self.many.is_empty() {
            self.few.iter().any(|(k, _)| k == key)
        } else {
            self.many.contains_key(key)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Seen;

    /// Each key's first place is found again, in place and through the map alike.
    #[test]
    fn a_key_seen_before_gives_where_it_was_first_seen() {
        let keys: Vec<String> = (0..100).map(|i| format!("k{}", i % 40)).collect();
        let mut seen = Seen::new();
        for (i, key) in keys.iter().enumerate() {
            let first = seen.first_or_note(key.as_str(), i).copied();
            let expected = keys[..i].iter().position(|k| k == key);
            assert_eq!(first, expected, "{key} at {i}");
            assert!(seen.contains(&key.as_str()));
        }
        assert!(!seen.contains(&"k40"));
        let mut few = Seen::new();
        assert_eq!(few.first_or_note("a", 0), None);
        assert!(!few.contains(&"b"));
        assert_eq!(few.first_or_note("a", 1), Some(&0));
    }
}
