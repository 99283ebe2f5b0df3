//! The names that look like credentials MCP forbids asking for through form mode.
//!
//! A name is split into lowercase words (at `_`, `-`, `.`, spaces, lower-to-upper case changes
//! and the end of an acronym: `XApiKey` is `x`, `api`, `key`). It is sensitive when a word (or
//! its plural), two or three consecutive words, or the same words written joined (`cardnumber`,
//! `seedphrase`) name a credential (see [`WORDS`], [`PAIRS`], [`TRIPLES`]), or when a word ends
//! with one of [`SUFFIXES`] (`accesstoken`, `userpasswords`). The list aims at what the MCP
//! specification names: passwords, API keys, access tokens, payment credentials, and the
//! one-time and recovery codes that stand in for them. A few everyday names that only look like
//! credentials are [`NOT_CREDENTIALS`] (`page_token`, `max_tokens`, `pin_to_top`).
//! `#[form(not_sensitive)]` opts any other field out.

/// Single words that name a credential (a trailing `s` is also accepted: `passwords`).
pub const WORDS: &[(&str, &str)] = &[
    ("password", "a password"),
    ("passwd", "a password"),
    ("passphrase", "a password"),
    ("pwd", "a password"),
    ("pin", "a PIN"),
    ("otp", "a one-time password"),
    ("totp", "a one-time password"),
    ("hotp", "a one-time password"),
    ("secret", "a secret"),
    ("token", "a token"),
    ("jwt", "a token"),
    ("bearer", "a token"),
    ("apikey", "an API key"),
    ("credential", "a credential"),
    ("cvv", "a card security code"),
    ("cvc", "a card security code"),
    ("cvv2", "a card security code"),
    ("cvc2", "a card security code"),
    ("iban", "a bank account number"),
    ("ssn", "a social security number"),
];

/// Two consecutive words that name a credential; also matched written as one word
/// (`creditcard`, `authcode`).
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
    ("mfa", "code", "a one-time code"),
    ("2fa", "code", "a one-time code"),
    ("auth", "code", "a one-time code"),
    ("verification", "code", "a one-time code"),
    ("otp", "code", "a one-time code"),
    ("backup", "code", "a recovery code"),
    ("recovery", "code", "a recovery code"),
    ("recovery", "key", "a recovery code"),
    ("seed", "phrase", "a wallet seed phrase"),
    ("recovery", "phrase", "a wallet seed phrase"),
    ("mnemonic", "phrase", "a wallet seed phrase"),
];

/// Three consecutive words that name a credential; also matched written as one word.
pub const TRIPLES: &[(&str, &str, &str, &str)] = &[
    ("one", "time", "code", "a one-time code"),
    ("one", "time", "password", "a one-time password"),
    ("one", "time", "pin", "a one-time password"),
];

/// Word endings that name a credential when glued to another word (a trailing `s` is also
/// accepted).
pub const SUFFIXES: &[(&str, &str)] = &[
    ("password", "a password"),
    ("passwd", "a password"),
    ("token", "a token"),
    ("secret", "a secret"),
    ("apikey", "an API key"),
];

/// Everyday names whose credential-looking word is something else: a pagination cursor, a count
/// of language-model tokens, the verb "pin". A word matched through [`WORDS`] or [`SUFFIXES`] is
/// not a credential when the word before or after it makes one of these pairs.
pub const NOT_CREDENTIALS: &[(&str, &str)] = &[
    ("page", "token"),
    ("continuation", "token"),
    ("pagination", "token"),
    ("cursor", "token"),
    ("max", "token"),
    ("token", "used"),
    ("token", "count"),
    ("token", "limit"),
    ("token", "usage"),
    ("token", "budget"),
    ("input", "token"),
    ("output", "token"),
    ("prompt", "token"),
    ("completion", "token"),
    ("pin", "to"),
];

/// Splits a name into lowercase words.
pub fn words(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut out = Vec::new();
    let mut cur = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' || c == '-' || c == '.' || c == ' ' {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            continue;
        }
        if c.is_uppercase() && !cur.is_empty() {
            let prev = i.checked_sub(1).and_then(|p| chars.get(p)).copied();
            let next = chars.get(i + 1).copied();
            let after_lower = prev.is_some_and(|p| p.is_lowercase() || p.is_ascii_digit());
            // The last capital of an acronym starts the next word: `XApi` → `x`, `api`.
            let ends_acronym =
                prev.is_some_and(char::is_uppercase) && next.is_some_and(char::is_lowercase);
            if after_lower || ends_acronym {
                out.push(std::mem::take(&mut cur));
            }
        }
        cur.extend(c.to_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// `word` without a plural `s` (`passwords` → `password`); the word itself when it has none.
fn singular(word: &str) -> &str {
    match word.strip_suffix('s') {
        Some(stem) if stem.len() >= 3 => stem,
        _ => word,
    }
}

/// What the name looks like it asks for, if it looks like a credential.
pub fn classify(name: &str) -> Option<&'static str> {
    let words = words(name);
    let joined = |parts: &[&str]| parts.concat();
    for triple in words.windows(3) {
        let [first, second, third] = triple else {
            continue;
        };
        if let Some((.., what)) = TRIPLES
            .iter()
            .find(|(a, b, c, _)| first == a && second == b && singular(third) == *c)
        {
            return Some(what);
        }
    }
    for pair in words.windows(2) {
        let [first, second] = pair else {
            continue;
        };
        if let Some((_, _, what)) = PAIRS
            .iter()
            .find(|(a, b, _)| first == a && singular(second) == *b)
        {
            return Some(what);
        }
    }
    for (i, w) in words.iter().enumerate() {
        let one = singular(w);
        if let Some((.., what)) = TRIPLES
            .iter()
            .find(|(a, b, c, _)| one.ends_with(&joined(&[a, b, c])))
        {
            return Some(what);
        }
        if let Some((_, _, what)) = PAIRS
            .iter()
            .find(|(a, b, _)| one.ends_with(&joined(&[a, b])))
        {
            return Some(what);
        }
        let found = WORDS
            .iter()
            .find(|(x, _)| w == x || one == *x)
            .or_else(|| SUFFIXES.iter().find(|(x, _)| one.ends_with(x)));
        let Some((_, what)) = found else {
            continue;
        };
        let before = i
            .checked_sub(1)
            .and_then(|p| words.get(p))
            .map(|p| singular(p));
        let after = words.get(i + 1).map(|n| singular(n));
        let excused = NOT_CREDENTIALS
            .iter()
            .any(|(a, b)| (before == Some(*a) && one == *b) || (one == *a && after == Some(*b)));
        if !excused {
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
            "passwords",
            "apikeys",
            "XApiKey",
            "cardnumber",
            "creditcard",
            "mfa_code",
            "one_time_code",
            "oneTimePassword",
            "recovery_code",
            "recoveryCodes",
            "auth_code",
            "seed_phrase",
            "seedphrase",
            "userPasswords",
            "page_token_secret",
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
            "page_token",
            "next_page_token",
            "nextPageToken",
            "pin_to_top",
            "tokens_used",
            "max_tokens",
            "maxTokens",
            "output_tokens",
            "time_code",
            "postcode",
            "status",
        ] {
            assert!(classify(name).is_none(), "{name} should not be sensitive");
        }
    }
}

#[cfg(test)]
mod word_tests {
    use super::words;

    #[test]
    fn splits_acronyms_case_changes_and_separators() {
        assert_eq!(words("XApiKey"), ["x", "api", "key"]);
        assert_eq!(words("HTTPServer"), ["http", "server"]);
        assert_eq!(words("nextPageToken"), ["next", "page", "token"]);
        assert_eq!(words("mfa_code-2.x"), ["mfa", "code", "2", "x"]);
        assert_eq!(words("mfaCode2"), ["mfa", "code2"]);
        assert_eq!(words("oauth2Token"), ["oauth2", "token"]);
    }
}
