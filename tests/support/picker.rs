//! A small deterministic generator for the tests' generated corpora: a linear congruential
//! generator, enough to pick, and the same on every machine and every run.

// Each test crate that includes this module uses the helpers it needs.
#![allow(dead_code)]

pub struct Picker(u64);

impl Picker {
    pub fn new(seed: u64) -> Self {
        Picker(seed)
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(self.0 >> 33).unwrap_or(0) % n
    }

    /// One of `items` (which must not be empty).
    pub fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())].clone()
    }
}
