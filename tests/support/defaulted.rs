//! A form whose every property is optional through serde's `default`, on the struct and on
//! fields, and which also derives `Deserialize`: read by the property tests
//! (`tests/forms/properties.rs`) and the fuzz target `from_content` (`fuzz/`), which hold its reading
//! to serde's.

use mcpdesc_runtime::{ElicitationEnum, ElicitationForm};

#[derive(
    ElicitationEnum, serde::Deserialize, Debug, Default, Clone, Copy, PartialEq, Eq, PartialOrd, Ord,
)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    #[default]
    Free,
    Team,
}

pub fn team() -> Tier {
    Tier::Team
}

#[derive(ElicitationForm, serde::Deserialize, Debug, Default, PartialEq)]
#[serde(default)]
pub struct Defaulted {
    #[form(min_length = 1, max_length = 12)]
    pub name: String,
    #[serde(default = "team")]
    pub tier: Tier,
    pub tiers: Vec<Tier>,
    pub notify: bool,
    pub note: Option<String>,
}

/// The form's property names.
pub const KEYS: &[&str] = &["name", "tier", "tiers", "notify", "note"];

/// `content` without the `null`s serde refuses (for a field that is not an `Option`), which the
/// form reads as absent.
pub fn without_refused_nulls(
    mut content: serde_json::Map<String, serde_json::Value>,
) -> serde_json::Map<String, serde_json::Value> {
    content.retain(|key, value| key == "note" || !value.is_null());
    content
}
