//! Looking members up in JSON objects, as the validator and the description builder do.

use serde_json::Value;

/// How many members an object has at most for [`Members`] to compare keys in order rather than
/// hash the one looked up.
const FEW_MEMBERS: usize = 16;

/// Looking a member up in an object. serde_json's map hashes the key (SipHash) on every lookup;
/// description objects have a handful of members, where comparing keys in order is several times
/// faster, and the validator looks up members on every object of every primitive.
pub trait Members {
    /// The member named `key`.
    fn member(&self, key: &str) -> Option<&Value>;
}

// Inlined, so that a key the caller names is compared as a constant (a length and a word or two)
// rather than by `memcmp`: every check looks members up, and the compiler's own choice moves
// with how the crate's code is split (it stopped inlining this once, and validation took 16%
// more instructions).
impl Members for serde_json::Map<String, Value> {
    #[inline]
    fn member(&self, key: &str) -> Option<&Value> {
        if self.len() <= FEW_MEMBERS {
            self.iter().find(|(k, _)| k.as_str() == key).map(|(_, v)| v)
        } else {
            self.get(key)
        }
    }
}

impl Members for Value {
    #[inline]
    fn member(&self, key: &str) -> Option<&Value> {
        self.as_object().and_then(|o| o.member(key))
    }
}

/// [`Members`], to change the member found.
pub trait MembersMut {
    /// The member named `key`.
    fn member_mut(&mut self, key: &str) -> Option<&mut Value>;
}

impl MembersMut for serde_json::Map<String, Value> {
    #[inline]
    fn member_mut(&mut self, key: &str) -> Option<&mut Value> {
        if self.len() <= FEW_MEMBERS {
            self.iter_mut()
                .find(|(k, _)| k.as_str() == key)
                .map(|(_, v)| v)
        } else {
            self.get_mut(key)
        }
    }
}
