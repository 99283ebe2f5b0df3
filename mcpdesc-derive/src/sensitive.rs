//! The names that look like credentials MCP forbids asking for through form mode.
//!
//! A name is split into lowercase words (at `_`, `-`, `.` and lower-to-upper case changes). It is
//! sensitive when a word, or two consecutive words, name a credential (see [`WORDS`] and
//! [`PAIRS`]), or when a word ends with one of [`SUFFIXES`] (`accesstoken`, `userpassword`).
//! The list aims at what the MCP specification names: passwords, API keys, access tokens and
//! payment credentials. `#[form(not_sensitive)]` opts a field out.

/// Single words that name a credential.
pub const WORDS: &[(&str, &str)] = &[
    ("password", "a password"),
    ("passwd", "a password"),
    ("passphrase", "a password"),
    ("pwd", "a password"),
    ("pin", "a PIN"),
    ("otp", "a one-time password"),
    ("totp", "a one-time password"),
    ("secret", "a secret"),
    ("secrets", "a secret"),
    ("token", "a token"),
    ("tokens", "a token"),
    ("jwt", "a token"),
    ("bearer", "a token"),
    ("apikey", "an API key"),
    ("credential", "a credential"),
    ("credentials", "a credential"),
    ("cvv", "a card security code"),
    ("cvc", "a card security code"),
    ("cvv2", "a card security code"),
    ("cvc2", "a card security code"),
    ("iban", "a bank account number"),
    ("ssn", "a social security number"),
];

/// Two consecutive words that name a credential.
pub const PAIRS: &[(&str, &str, &str)] = &[
    ("api", "key", "an API key"),
    ("access", "key", "an access key"),
    ("private", "key", "a private key"),
    ("secret", "key", "a secret"),
    ("card", "number", "a payment card number"),
    ("credit", "card", "a payment card number"),
    ("debit", "card", "a payment card number"),
    ("card", "cvv", "a card security code"),
    ("security", "code", "a card security code"),
    ("account", "number", "a bank account number"),
    ("routing", "number", "a bank account number"),
];

/// Word endings that name a credential when glued to another word.
pub const SUFFIXES: &[(&str, &str)] = &[
    ("password", "a password"),
    ("passwd", "a password"),
    ("token", "a token"),
    ("secret", "a secret"),
    ("apikey", "an API key"),
];

/// Splits a name into lowercase words.
pub fn words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c == '_' || c == '-' || c == '.' || c == ' ' {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        cur.extend(c.to_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// What the name looks like it asks for, if it looks like a credential.
pub fn classify(name: &str) -> Option<&'static str> {
    let words = words(name);
    for pair in words.windows(2) {
        if let Some((_, _, what)) = PAIRS
            .iter()
            .find(|(a, b, _)| pair[0] == *a && pair[1] == *b)
        {
            return Some(what);
        }
    }
    for w in &words {
        if let Some((_, what)) = WORDS.iter().find(|(x, _)| w == x) {
            return Some(what);
        }
        if let Some((_, what)) = SUFFIXES.iter().find(|(x, _)| w.ends_with(x)) {
            return Some(what);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::classify;

    #[test]
    fn flags_credentials() {
        for name in [
            "password",
            "user_password",
            "newPassword",
            "api_key",
            "apiKey",
            "apikey",
            "token",
            "access_token",
            "accessToken",
            "refresh-token",
            "client_secret",
            "card_number",
            "cardNumber",
            "credit_card",
            "cvv",
            "pin",
            "private_key",
            "iban",
        ] {
            assert!(classify(name).is_some(), "{name} should be sensitive");
        }
    }

    #[test]
    fn leaves_ordinary_names() {
        for name in [
            "assignee",
            "email",
            "tokenizer",
            "keyboard",
            "pinned",
            "spinner",
            "card_title",
            "secretary",
            "description",
            "passport_country",
            "key",
            "number",
        ] {
            assert!(classify(name).is_none(), "{name} should not be sensitive");
        }
    }
}
