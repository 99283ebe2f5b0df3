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
pub(crate) type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

/// A `HashSet` hashing with foldhash, seeded per process.
pub(crate) type HashSet<K> = std::collections::HashSet<K, foldhash::fast::RandomState>;

/// An empty map that allocates room for `capacity` entries.
pub(crate) fn map_with_capacity<K, V>(capacity: usize) -> HashMap<K, V> {
    HashMap::with_capacity_and_hasher(capacity, foldhash::fast::RandomState::default())
}
