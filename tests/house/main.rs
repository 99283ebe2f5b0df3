//! The house: how the crates are laid out and what they promise a user's build. One test binary
//! (they register no declarations): the layers of the crates and their modules, the README's
//! server built with the README's dependencies, and the minimum supported Rust version.

// Test code: the workspace's no-panic lints are for the crates' own code.
#![allow(clippy::restriction)]

mod layers;
mod msrv;
mod readme;
mod skips;
