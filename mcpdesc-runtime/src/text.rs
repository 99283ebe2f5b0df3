//! String checks usable in constant evaluation.
//!
//! Each rule is written once here and used by the derive's compile-time checks (through
//! `__private`), by `from_content`, and by the validator.

/// Byte-wise string equality in constant evaluation.
pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The number of Unicode scalar values (what JSON Schema calls characters) in `s`.
pub(crate) const fn char_count(s: &str) -> u64 {
    let bytes = s.as_bytes();
    let mut n = 0;
    let mut i = 0;
    while i < bytes.len() {
        // Every byte that is not a UTF-8 continuation byte starts a character.
        if bytes[i] & 0xC0 != 0x80 {
            n += 1;
        }
        i += 1;
    }
    n
}

const fn digits(b: &[u8], start: usize, len: usize) -> Option<u32> {
    if start + len > b.len() {
        return None;
    }
    let mut v = 0u32;
    let mut i = start;
    while i < start + len {
        if !b[i].is_ascii_digit() {
            return None;
        }
        v = v * 10 + (b[i] - b'0') as u32;
        i += 1;
    }
    Some(v)
}

const fn is_leap(year: u32) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

/// `full-date` of RFC 3339 at the start of `b` (exactly 10 bytes), with real month lengths.
const fn full_date(b: &[u8]) -> bool {
    if b.len() < 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(year), Some(month), Some(day)) = (digits(b, 0, 4), digits(b, 5, 2), digits(b, 8, 2))
    else {
        return false;
    };
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => return false,
    };
    day >= 1 && day <= days
}

/// An RFC 3339 `full-date`: `YYYY-MM-DD` naming a day that exists.
pub const fn is_date(s: &str) -> bool {
    s.len() == 10 && full_date(s.as_bytes())
}

/// An RFC 3339 `date-time`: `full-date "T" partial-time time-offset`.
pub const fn is_date_time(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 20 || !full_date(b) || (b[10] != b'T' && b[10] != b't') {
        return false;
    }
    if b[13] != b':' || b[16] != b':' {
        return false;
    }
    let (Some(h), Some(m), Some(sec)) = (digits(b, 11, 2), digits(b, 14, 2), digits(b, 17, 2))
    else {
        return false;
    };
    if h > 23 || m > 59 || sec > 60 {
        return false;
    }
    let mut i = 19;
    if b[i] == b'.' {
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    if i >= b.len() {
        return false;
    }
    match b[i] {
        b'Z' | b'z' => i + 1 == b.len(),
        b'+' | b'-' => {
            if i + 6 != b.len() || b[i + 3] != b':' {
                return false;
            }
            match (digits(b, i + 1, 2), digits(b, i + 4, 2)) {
                (Some(oh), Some(om)) => oh <= 23 && om <= 59,
                _ => false,
            }
        }
        _ => false,
    }
}

const fn is_hex(c: u8) -> bool {
    c.is_ascii_hexdigit()
}

/// An absolute URI (RFC 3986 `absolute-URI` with an optional fragment): a scheme, `:`, and only
/// characters a URI may hold, with well-formed percent escapes.
pub const fn is_absolute_uri(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() || !b[0].is_ascii_alphabetic() {
        return false;
    }
    let mut i = 1;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'+' | b'-' | b'.')) {
        i += 1;
    }
    if i >= b.len() || b[i] != b':' {
        return false;
    }
    i += 1;
    let mut fragments = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' {
            if i + 2 >= b.len() || !is_hex(b[i + 1]) || !is_hex(b[i + 2]) {
                return false;
            }
            i += 3;
            continue;
        }
        if c == b'#' {
            fragments += 1;
            if fragments > 1 {
                return false;
            }
        }
        let allowed = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b':'
                    | b'/'
                    | b'?'
                    | b'#'
                    | b'['
                    | b']'
                    | b'@'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
            );
        if !allowed {
            return false;
        }
        i += 1;
    }
    true
}

/// An e-mail address: a non-empty local part without spaces, one `@`, and a domain of one or more
/// dot-separated labels of letters, digits and inner hyphens.
pub const fn is_email(s: &str) -> bool {
    let b = s.as_bytes();
    let mut at = None;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'@' {
            if at.is_some() {
                return false;
            }
            at = Some(i);
        }
        i += 1;
    }
    let Some(at) = at else { return false };
    if at == 0 || at + 1 >= b.len() {
        return false;
    }
    let mut i = 0;
    while i < at {
        let c = b[i];
        if c <= b' '
            || c == 0x7F
            || matches!(
                c,
                b'(' | b')' | b'<' | b'>' | b',' | b';' | b':' | b'\\' | b'"' | b'[' | b']'
            )
        {
            return false;
        }
        i += 1;
    }
    if b[0] == b'.' || b[at - 1] == b'.' {
        return false;
    }
    // Domain labels.
    let mut i = at + 1;
    let mut label_len = 0;
    while i <= b.len() {
        if i == b.len() || b[i] == b'.' {
            if label_len == 0 || label_len > 63 || b[i - 1] == b'-' || b[i - label_len] == b'-' {
                return false;
            }
            label_len = 0;
        } else if b[i].is_ascii_alphanumeric() || b[i] == b'-' || b[i] >= 0x80 {
            label_len += 1;
        } else {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert!(is_date("2024-02-29"));
        assert!(!is_date("2023-02-29"));
        assert!(!is_date("2024-13-01"));
        assert!(!is_date("2024-04-31"));
        assert!(!is_date("2024-4-1"));
        assert!(!is_date("2024-04-01T00:00:00Z"));
        assert!(!is_date("2024-00-10"));
        assert!(!is_date("2024-01-00"));
    }

    #[test]
    fn date_times() {
        assert!(is_date_time("2024-02-29T12:30:00Z"));
        assert!(is_date_time("2024-02-29t12:30:00.123+05:30"));
        assert!(is_date_time("2016-12-31T23:59:60Z"));
        assert!(!is_date_time("2024-02-29T24:00:00Z"));
        assert!(!is_date_time("2024-02-29T12:30:00"));
        assert!(!is_date_time("2024-02-30T12:30:00Z"));
        assert!(!is_date_time("2024-02-29T12:30:00.Z"));
        assert!(!is_date_time("2024-02-29T12:30:00+5:30"));
        assert!(!is_date_time("2024-02-29 12:30:00Z"));
    }

    #[test]
    fn uris() {
        assert!(is_absolute_uri("https://example.com/a?b=c#d"));
        assert!(is_absolute_uri("urn:isbn:0451450523"));
        assert!(is_absolute_uri("mailto:a@b.c"));
        assert!(!is_absolute_uri("/relative/path"));
        assert!(!is_absolute_uri("example.com"));
        assert!(!is_absolute_uri("https://exa mple.com"));
        assert!(!is_absolute_uri("https://example.com/%zz"));
        assert!(!is_absolute_uri("1http://x"));
        assert!(!is_absolute_uri("https://x/#a#b"));
    }

    #[test]
    fn emails() {
        assert!(is_email("octo@example.com"));
        assert!(is_email("first.last+tag@sub.example.org"));
        assert!(!is_email("not-an-email"));
        assert!(!is_email("a@@b.com"));
        assert!(!is_email("a@b@c.com"));
        assert!(!is_email("@example.com"));
        assert!(!is_email("a@"));
        assert!(!is_email("a b@example.com"));
        assert!(!is_email("a@-example.com"));
        assert!(!is_email("a@example..com"));
        assert!(!is_email(".a@example.com"));
    }

    #[test]
    fn characters() {
        assert_eq!(char_count("héllo"), 5);
        assert_eq!(char_count("😀😀"), 2);
        assert_eq!(char_count(""), 0);
    }
}
