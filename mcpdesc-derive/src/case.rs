//! `rename_all` rules, with serde's names and serde's results, so a type that also derives
//! `Deserialize` reads the same names.

use self::RenameRule::*;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

pub const RULES: &[(&str, RenameRule)] = &[
    ("lowercase", Lower),
    ("UPPERCASE", Upper),
    ("PascalCase", Pascal),
    ("camelCase", Camel),
    ("snake_case", Snake),
    ("SCREAMING_SNAKE_CASE", ScreamingSnake),
    ("kebab-case", Kebab),
    ("SCREAMING-KEBAB-CASE", ScreamingKebab),
];

impl RenameRule {
    pub fn from_name(name: &str) -> Option<RenameRule> {
        RULES.iter().find(|(n, _)| *n == name).map(|(_, r)| *r)
    }

    pub fn names() -> String {
        RULES
            .iter()
            .map(|(n, _)| format!("\"{n}\""))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Applies the rule to a `PascalCase` variant name.
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            Pascal => variant.to_owned(),
            Lower => variant.to_ascii_lowercase(),
            Upper => variant.to_ascii_uppercase(),
            Camel => {
                let mut chars = variant.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            }
            Snake => {
                let mut out = String::with_capacity(variant.len() + 4);
                for (i, c) in variant.char_indices() {
                    if i > 0 && c.is_uppercase() {
                        out.push('_');
                    }
                    out.push(c.to_ascii_lowercase());
                }
                out
            }
            ScreamingSnake => Snake.apply_to_variant(variant).to_ascii_uppercase(),
            Kebab => Snake.apply_to_variant(variant).replace('_', "-"),
            ScreamingKebab => ScreamingSnake.apply_to_variant(variant).replace('_', "-"),
        }
    }

    /// Applies the rule to a `snake_case` field name.
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            Lower | Snake => field.to_owned(),
            Upper | ScreamingSnake => field.to_ascii_uppercase(),
            Pascal => {
                let mut out = String::with_capacity(field.len());
                let mut capitalize = true;
                for c in field.chars() {
                    if c == '_' {
                        capitalize = true;
                    } else if capitalize {
                        out.push(c.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        out.push(c);
                    }
                }
                out
            }
            Camel => {
                let pascal = Pascal.apply_to_field(field);
                let mut chars = pascal.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            }
            Kebab => field.replace('_', "-"),
            ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants() {
        for (rule, expected) in [
            (Lower, "veryfast"),
            (Upper, "VERYFAST"),
            (Pascal, "VeryFast"),
            (Camel, "veryFast"),
            (Snake, "very_fast"),
            (ScreamingSnake, "VERY_FAST"),
            (Kebab, "very-fast"),
            (ScreamingKebab, "VERY-FAST"),
        ] {
            assert_eq!(rule.apply_to_variant("VeryFast"), expected);
        }
    }

    #[test]
    fn fields() {
        for (rule, expected) in [
            (Lower, "very_fast"),
            (Upper, "VERY_FAST"),
            (Pascal, "VeryFast"),
            (Camel, "veryFast"),
            (Snake, "very_fast"),
            (ScreamingSnake, "VERY_FAST"),
            (Kebab, "very-fast"),
            (ScreamingKebab, "VERY-FAST"),
        ] {
            assert_eq!(rule.apply_to_field("very_fast"), expected);
        }
    }
}
