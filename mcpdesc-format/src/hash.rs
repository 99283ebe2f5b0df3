//! The hash maps of the builder and the validator.
//!
//! Their keys are short: primitive names, component names, `(index, scope)` pairs. The standard
//! library's SipHash spends about 280 instructions on each (a tenth of building a 1,000-tool
//! description went to it); foldhash, which serde_json's `preserve_order` already brings into
//! every build of this crate, spends a few dozen. Its seed is random per process, so a file
//! cannot be written in advance to collide; what it does not withstand is an attacker who
//! watches the timings of one process and adapts, which a file read once does not allow (the
//! foldhash documentation draws the same line).

/// A `HashMap` hashing with foldhash, seeded per process.
pub type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

/// A `HashSet` hashing with foldhash, seeded per process.
pub type HashSet<K> = std::collections::HashSet<K, foldhash::fast::RandomState>;

/// An empty map that allocates room for `capacity` entries.
pub fn map_with_capacity<K, V>(capacity: usize) -> HashMap<K, V> {
    HashMap::with_capacity_and_hasher(capacity, foldhash::fast::RandomState::default())
}

/// The values noted under one key, in the order they were noted, the first kept in place: most
/// keys (a primitive's name, say) are noted once, and then need no list of their own.
pub struct Group<T> {
    first: T,
    more: Vec<T>,
}

impl<T> Group<T> {
    /// A group of `first` alone.
    pub fn new(first: T) -> Self {
        Group {
            first,
            more: Vec::new(),
        }
    }

    /// Notes `value` after the others.
    pub fn push(&mut self, value: T) {
        self.more.push(value);
    }

    /// The values, in the order they were noted.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        std::iter::once(&self.first).chain(&self.more)
    }

    /// Whether more than one value was noted.
    pub fn is_several(&self) -> bool {
        !self.more.is_empty()
    }
}
