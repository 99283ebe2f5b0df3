//! String checks usable in constant evaluation.
//!
//! Each rule is written once here and used by the derive's compile-time checks (through
//! `__private`), by `from_content`, and by the validator.
//!
//! They are `const fn`s, which cannot call `<[u8]>::get`: they index, and every index is behind
//! a length check of its own (the checks are property-tested, and fuzzed through `from_content`
//! and the validator).
#![allow(
    clippy::indexing_slicing,
    reason = "const fns cannot call `get`; each index is checked against the length first"
)]

/// Byte-wise string equality in constant evaluation.
pub const fn str_eq(a: &str, b: &str) -> bool {
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
pub const fn char_count(s: &str) -> u64 {
    let bytes = s.as_bytes();
    // ASCII (the common case) is one character per byte; `is_ascii` reads a word at a time.
    if bytes.is_ascii() {
        return bytes.len() as u64;
    }
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
    let leap_second = sec == 60;
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
    let (offset_h, offset_m) = match b[i] {
        b'Z' | b'z' if i + 1 == b.len() => (0, 0),
        sign @ (b'+' | b'-') => {
            if i + 6 != b.len() || b[i + 3] != b':' {
                return false;
            }
            match (digits(b, i + 1, 2), digits(b, i + 4, 2)) {
                (Some(oh), Some(om)) if oh <= 23 && om <= 59 => {
                    let sign = if sign == b'-' { -1 } else { 1 };
                    (sign * oh as i32, sign * om as i32)
                }
                _ => return false,
            }
        }
        _ => return false,
    };
    // RFC 3339 §5.7: a leap second is 23:59:60 in UTC, whatever the local offset.
    !leap_second || {
        let utc_min = m as i32 - offset_m;
        let utc_hour = h as i32 - offset_h - if utc_min < 0 { 1 } else { 0 };
        (utc_hour == 23 || utc_hour == -1) && (utc_min == 59 || utc_min == -1)
    }
}

const fn is_hex(c: u8) -> bool {
    c.is_ascii_hexdigit()
}

/// The index after a well-formed percent escape at `b[i]` (a `%`), or `None`.
const fn percent_escape(b: &[u8], i: usize) -> Option<usize> {
    if i + 2 < b.len() && is_hex(b[i + 1]) && is_hex(b[i + 2]) {
        Some(i + 3)
    } else {
        None
    }
}

/// RFC 3986 `unreserved` and `sub-delims`.
const fn is_unreserved_or_sub_delim(c: u8) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'-' | b'.'
                | b'_'
                | b'~'
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
        )
}

/// Which characters beyond ASCII a URI's part may hold: none (RFC 3986), RFC 3987's `ucschar`
/// (an IRI), or those and its `iprivate` too (an IRI's query).
#[derive(Clone, Copy)]
enum Beyond {
    Ascii,
    Ucschar,
    UcscharOrPrivate,
}

/// Reads the characters of `b[i..]` while they are `unreserved / sub-delims / extra`, well-formed
/// percent escapes, or characters beyond ASCII that `beyond` allows; the index after them, or
/// `None` on a bad escape.
const fn scan(b: &[u8], mut i: usize, extra: &[u8], beyond: Beyond) -> Option<usize> {
    while i < b.len() {
        let c = b[i];
        if c == b'%' {
            let Some(next) = percent_escape(b, i) else {
                return None;
            };
            i = next;
            continue;
        }
        let mut ok = is_unreserved_or_sub_delim(c);
        let mut k = 0;
        while !ok && k < extra.len() {
            ok = c == extra[k];
            k += 1;
        }
        if !ok {
            if c.is_ascii() || matches!(beyond, Beyond::Ascii) {
                return Some(i);
            }
            let (cp, len) = char_at(b, i);
            let private = matches!(beyond, Beyond::UcscharOrPrivate) && is_iprivate(cp);
            if !is_ucschar(cp) && !private {
                return Some(i);
            }
            i += len;
            continue;
        }
        i += 1;
    }
    Some(i)
}

/// The code point of the UTF-8 character that starts at `b[i]` (a lead byte of valid UTF-8, as
/// a `str`'s bytes are), and its length in bytes.
const fn char_at(b: &[u8], i: usize) -> (u32, usize) {
    let c = b[i];
    let (len, mut cp) = if c >= 0xF0 {
        (4, (c & 0x07) as u32)
    } else if c >= 0xE0 {
        (3, (c & 0x0F) as u32)
    } else if c >= 0xC0 {
        (2, (c & 0x1F) as u32)
    } else {
        (1, c as u32)
    };
    let mut k = 1;
    while k < len && i + k < b.len() {
        cp = (cp << 6) | (b[i + k] & 0x3F) as u32;
        k += 1;
    }
    (cp, len)
}

/// RFC 3987's `ucschar` (RFC 6570 uses the same): the characters beyond ASCII an IRI may hold
/// anywhere text goes, which leave out the C1 controls, the noncharacters U+FDD0–U+FDEF and the
/// last two of every plane, and the tags block's first 4,096.
const fn is_ucschar(cp: u32) -> bool {
    match cp {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF => true,
        0xE0000..=0xE0FFF => false,
        0x10000..=0xDFFFF | 0xE1000..=0xEFFFF => cp & 0xFFFF <= 0xFFFD,
        _ => false,
    }
}

/// RFC 3987's `iprivate` (RFC 6570 uses the same): the private-use characters.
const fn is_iprivate(cp: u32) -> bool {
    matches!(cp, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// An IP literal's inside (`[...]`): an IPv6 address or an IPvFuture (`v` hex `.` characters).
const fn is_ip_literal(b: &[u8]) -> bool {
    if b.is_empty() {
        return false;
    }
    if b[0] == b'v' || b[0] == b'V' {
        let mut i = 1;
        while i < b.len() && is_hex(b[i]) {
            i += 1;
        }
        if i == 1 || i >= b.len() || b[i] != b'.' || i + 1 >= b.len() {
            return false;
        }
        i += 1;
        while i < b.len() {
            if !(is_unreserved_or_sub_delim(b[i]) || b[i] == b':') {
                return false;
            }
            i += 1;
        }
        return true;
    }
    is_ipv6(b)
}

/// An IPv6 address as RFC 3986 writes it (`IPv6address`): eight groups of 1 to 4 hex digits
/// separated by `:`, the last two of which may be a dotted IPv4 address, with one `::` standing
/// for one or more groups of zeros.
const fn is_ipv6(b: &[u8]) -> bool {
    let n = b.len();
    let mut i = 0;
    // Groups written, an IPv4 tail counting for two.
    let mut groups = 0;
    let mut elided = false;
    if n >= 2 && b[0] == b':' && b[1] == b':' {
        elided = true;
        i = 2;
        if i == n {
            return true;
        }
    }
    loop {
        let start = i;
        while i < n && is_hex(b[i]) {
            i += 1;
        }
        if i < n && b[i] == b'.' {
            // An IPv4 tail ends the address.
            if !is_ipv4(b, start) {
                return false;
            }
            groups += 2;
            break;
        }
        if i == start || i - start > 4 {
            return false;
        }
        groups += 1;
        if i == n {
            break;
        }
        if b[i] != b':' {
            return false;
        }
        i += 1;
        if i < n && b[i] == b':' {
            if elided {
                return false;
            }
            elided = true;
            i += 1;
            if i == n {
                break;
            }
        } else if i == n {
            return false;
        }
    }
    if elided { groups <= 7 } else { groups == 8 }
}

/// Whether `b[start..]` is an IPv4 address as RFC 3986 writes it (`IPv4address`): four decimal
/// octets, 0 to 255 without leading zeros, separated by dots.
const fn is_ipv4(b: &[u8], start: usize) -> bool {
    let mut i = start;
    let mut octets = 0;
    while octets < 4 {
        if octets > 0 {
            if i >= b.len() || b[i] != b'.' {
                return false;
            }
            i += 1;
        }
        let first = i;
        let mut value: u32 = 0;
        while i < b.len() && b[i].is_ascii_digit() && i - first < 3 {
            value = value * 10 + (b[i] - b'0') as u32;
            i += 1;
        }
        let digits = i - first;
        if digits == 0 || value > 255 || (digits > 1 && b[first] == b'0') {
            return false;
        }
        octets += 1;
    }
    i == b.len()
}

/// An absolute URI as JSON Schema's `uri` format reads it (RFC 3986 `URI`, as ajv-formats checks
/// it): a scheme, `:`, a non-empty hierarchical part (`//authority` with a path, an absolute
/// path, or a rootless path), an optional query and fragment, every character where the grammar
/// allows it and every percent escape well-formed. Brackets only enclose an IP literal host.
pub const fn is_absolute_uri(s: &str) -> bool {
    absolute(s, false)
}

/// An absolute IRI (RFC 3987 `IRI`): an absolute URI, as [`is_absolute_uri`] reads one, that may
/// also hold characters beyond ASCII where the URI would hold them percent-encoded: `ucschar`
/// in the authority's names, the path, the query and the fragment, and `iprivate` in the query.
/// The scheme, a port and an IP literal stay ASCII.
pub const fn is_absolute_iri(s: &str) -> bool {
    absolute(s, true)
}

/// [`is_absolute_uri`], or [`is_absolute_iri`] when `iri` holds.
const fn absolute(s: &str, iri: bool) -> bool {
    let (text, query) = if iri {
        (Beyond::Ucschar, Beyond::UcscharOrPrivate)
    } else {
        (Beyond::Ascii, Beyond::Ascii)
    };
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
    // Path characters (`pchar` less the escapes `scan` reads itself).
    const PCHAR: &[u8] = b":@";
    if i + 1 < b.len() && b[i] == b'/' && b[i + 1] == b'/' {
        // Authority: [userinfo "@"] host [":" port].
        i += 2;
        let start = i;
        let Some(end) = scan(b, i, b":@", text) else {
            return false;
        };
        // The userinfo ends at the authority's last `@`.
        let mut at = None;
        let mut k = start;
        while k < end {
            if b[k] == b'@' {
                at = Some(k);
            }
            k += 1;
        }
        i = match at {
            Some(at) => at + 1,
            None => start,
        };
        if i < b.len() && b[i] == b'[' {
            let open = i + 1;
            let mut close = open;
            while close < b.len() && b[close] != b']' {
                close += 1;
            }
            if close >= b.len() {
                return false;
            }
            let (_, rest) = b.split_at(open);
            let (inside, _) = rest.split_at(close - open);
            if !is_ip_literal(inside) {
                return false;
            }
            i = close + 1;
        } else {
            let Some(end) = scan(b, i, b"", text) else {
                return false;
            };
            i = end;
        }
        if i < b.len() && b[i] == b':' {
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
        // path-abempty
        while i < b.len() && b[i] == b'/' {
            let Some(end) = scan(b, i + 1, PCHAR, text) else {
                return false;
            };
            i = end;
        }
    } else if i < b.len() && b[i] == b'/' {
        // path-absolute: "/" [segment-nz *("/" segment)]
        while i < b.len() && b[i] == b'/' {
            let Some(end) = scan(b, i + 1, PCHAR, text) else {
                return false;
            };
            i = end;
        }
    } else {
        // path-rootless: segment-nz *("/" segment); an empty hierarchical part is refused.
        let Some(end) = scan(b, i, PCHAR, text) else {
            return false;
        };
        if end == i {
            return false;
        }
        i = end;
        while i < b.len() && b[i] == b'/' {
            let Some(end) = scan(b, i + 1, PCHAR, text) else {
                return false;
            };
            i = end;
        }
    }
    if i < b.len() && b[i] == b'?' {
        let Some(end) = scan(b, i + 1, b":@/?", query) else {
            return false;
        };
        i = end;
    }
    if i < b.len() && b[i] == b'#' {
        let Some(end) = scan(b, i + 1, b":@/?", text) else {
            return false;
        };
        i = end;
    }
    i == b.len()
}

/// A literal character of a URI template (RFC 6570 §2.1, with its verified erratum 6937, which
/// admits the apostrophe): ASCII but for controls, space, `"`, `%` (which only begins a percent
/// escape), `<`, `>`, `\`, `^`, `` ` ``, `{`, `|` and `}`.
const fn is_template_literal(c: u8) -> bool {
    matches!(c, 0x21 | 0x23..=0x24 | 0x26..=0x3B | 0x3D | 0x3F..=0x5B | 0x5D | 0x5F | 0x61..=0x7A | 0x7E)
}

/// The index after a `varspec` (RFC 6570 §2.3–2.4) starting at `b[i]`: a variable name (runs of
/// `ALPHA / DIGIT / "_"` and percent escapes, joined by single dots), then an optional `*` or
/// `:` and a length of 1 to 9999. `None` when there is none.
const fn varspec(b: &[u8], mut i: usize) -> Option<usize> {
    // varname = varchar *( ["."] varchar ): it neither starts nor ends with a dot, and has no
    // two dots together.
    let mut after_dot = true;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphanumeric() || c == b'_' {
            i += 1;
        } else if c == b'%' {
            let Some(next) = percent_escape(b, i) else {
                return None;
            };
            i = next;
        } else if c == b'.' && !after_dot {
            i += 1;
            after_dot = true;
            continue;
        } else {
            break;
        }
        after_dot = false;
    }
    if after_dot {
        return None;
    }
    if i < b.len() && b[i] == b'*' {
        return Some(i + 1);
    }
    if i < b.len() && b[i] == b':' {
        i += 1;
        if i >= b.len() || !matches!(b[i], b'1'..=b'9') {
            return None;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() && i - start < 4 {
            i += 1;
        }
    }
    Some(i)
}

/// A URI template as RFC 6570 writes it (level 4, the grammar of §2 with erratum 6937), what
/// JSON Schema's `uri-template` format checks: literal characters and percent escapes, and
/// expressions `{` \[operator\] varspec *( `,` varspec ) `}`. Expressions do not nest, every brace
/// is paired, and the reserved operators (`=`, `,`, `!`, `@`, `|`) are read as the grammar reads
/// them. It says nothing of what the template expands to.
pub const fn is_uri_template(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'{' {
            i += 1;
            if i < b.len()
                && matches!(
                    b[i],
                    b'+' | b'#'
                        | b'.'
                        | b'/'
                        | b';'
                        | b'?'
                        | b'&'
                        | b'='
                        | b','
                        | b'!'
                        | b'@'
                        | b'|'
                )
            {
                i += 1;
            }
            loop {
                let Some(next) = varspec(b, i) else {
                    return false;
                };
                i = next;
                if i < b.len() && b[i] == b',' {
                    i += 1;
                } else {
                    break;
                }
            }
            if i >= b.len() || b[i] != b'}' {
                return false;
            }
            i += 1;
        } else if c == b'%' {
            let Some(next) = percent_escape(b, i) else {
                return false;
            };
            i = next;
        } else if c.is_ascii() {
            if !is_template_literal(c) {
                return false;
            }
            i += 1;
        } else {
            // A character beyond ASCII: RFC 6570 takes RFC 3987's, private use included.
            let (cp, len) = char_at(b, i);
            if !is_ucschar(cp) && !is_iprivate(cp) {
                return false;
            }
            i += len;
        }
    }
    true
}

/// `atext` of RFC 5322: the characters of a local part's dot-separated atoms.
const fn is_atext(c: u8) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'!' | b'#'
                | b'$'
                | b'%'
                | b'&'
                | b'\''
                | b'*'
                | b'+'
                | b'/'
                | b'='
                | b'?'
                | b'^'
                | b'_'
                | b'`'
                | b'{'
                | b'|'
                | b'}'
                | b'~'
                | b'-'
        )
}

/// An e-mail address as JSON Schema's `email` format reads it (ajv-formats): an ASCII local part
/// of dot-separated atoms (no leading, trailing or doubled dot), one `@`, and a domain of at least
/// two dot-separated labels of letters, digits and inner hyphens. Non-ASCII addresses are
/// `idn-email`, which MCP forms do not have.
pub const fn is_email(s: &str) -> bool {
    let b = s.as_bytes();
    let n = b.len();
    // Local part, up to the `@`: runs of atext, each ended by a single dot or by the `@`.
    let mut i = 0;
    loop {
        let atom = i;
        while i < n && ATEXT[b[i] as usize] {
            i += 1;
        }
        if i == atom || i == n {
            return false;
        }
        match b[i] {
            b'.' => i += 1,
            b'@' => break,
            _ => return false,
        }
    }
    // Domain: two or more dot-separated labels of letters, digits and hyphens, at most 63 long,
    // neither starting nor ending with a hyphen. A second `@` is none of these, so it ends the
    // address as invalid.
    i += 1;
    let mut labels = 0;
    loop {
        let label = i;
        while i < n && LABEL[b[i] as usize] {
            i += 1;
        }
        let len = i - label;
        if len == 0 || len > 63 || b[label] == b'-' || b[i - 1] == b'-' {
            return false;
        }
        labels += 1;
        if i == n {
            return labels >= 2;
        }
        if b[i] != b'.' {
            return false;
        }
        i += 1;
    }
}

/// Whether a byte may be in a domain label: a letter, a digit or `-`.
const LABEL: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] = b.is_ascii_alphanumeric() || b == b'-';
        c += 1;
    }
    table
};

/// [`is_atext`] for every byte, so that the address check reads one table entry per character.
const ATEXT: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = is_atext(c as u8);
        c += 1;
    }
    table
};

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
    fn a_leap_second_is_23_59_60_in_utc() {
        assert!(!is_date_time("1998-12-31T22:59:60Z"));
        assert!(!is_date_time("1998-12-31T23:58:60Z"));
        assert!(is_date_time("1998-12-31T18:59:60-05:00"));
        assert!(!is_date_time("1998-12-31T23:59:60-05:00"));
        assert!(is_date_time("1999-01-01T00:29:60+00:30"));
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
    fn uris_as_ajv_formats_reads_them() {
        for ok in [
            "http://[::1]:8080/a",
            "http://[v7.x]/",
            "http://user:pw@host:1/p?q=1&r#f/?",
            "file:///etc/hosts",
            "x:/",
            "tag:example.com,2005:x",
        ] {
            assert!(is_absolute_uri(ok), "{ok}");
        }
        for bad in [
            "http://a/[x]",
            "https:",
            "a:[",
            "x:",
            "http://[x]/",
            "http://a b/",
            "x:?q",
        ] {
            assert!(!is_absolute_uri(bad), "{bad}");
        }
    }

    #[test]
    fn iris_are_uris_with_characters_beyond_ascii() {
        for ok in [
            "file:///home/jos\u{e9}/notes.md",
            "https://b\u{fc}cher.example/\u{30ce}\u{30fc}\u{30c8}?q=\u{e9}#\u{e9}",
            "urn:\u{4f8b}:1",
            "x:/?\u{e000}",
            "https://example.com/a",
        ] {
            assert!(is_absolute_iri(ok), "{ok}");
        }
        for bad in [
            "notes/jos\u{e9}.md",
            "h\u{e9}ttp://x/",
            "http://x:8\u{e9}/",
            "x:/\u{e000}",
            "x:/?a#\u{e000}",
            "x:/\u{85}",
            "x:/\u{fdd0}",
            "x:/a b",
            "file:///notes/{name}.md",
        ] {
            assert!(!is_absolute_iri(bad), "{bad}");
        }
        // A URI stays ASCII.
        assert!(!is_absolute_uri("file:///home/jos\u{e9}/notes.md"));
    }

    #[test]
    fn uri_templates_follow_rfc_6570() {
        for ok in [
            "",
            "file:///notes/{id}",
            "repo://{owner}/{repo}/issues{?state,labels*}",
            "https://example.com{/path*}{#frag}{&a.b,c:30}",
            "x:{+base}/{;p:9999}",
            "'{var}'",
            "a%20b/{x%41y}",
            "tmpl://{var.with.dots}",
            "caf\u{e9}://{x}",
            "x:\u{e000}{y}",
            "{=reserved}{!x}{@y}{|z}{,w}",
        ] {
            assert!(is_uri_template(ok), "{ok}");
        }
        for bad in [
            "file:///{a",
            "file:///a}",
            "{}",
            "{+}",
            "{a b}",
            "{a{b}}",
            "{.a}{a.}",
            "{a..b}",
            "{a:0}",
            "{a:10000}",
            "{a*:3}",
            "{a,}",
            "{$a}",
            "a b",
            "a<b>",
            "a^b",
            "a|b",
            "a\\b",
            "a\"b",
            "a%2",
            "a%zz",
            "x\u{85}y",
            "x\u{fdd0}",
            "x\u{1fffe}",
            "x\u{e0001}",
        ] {
            assert!(!is_uri_template(bad), "{bad}");
        }
    }

    #[test]
    fn ip_literals_follow_rfc_3986() {
        for ok in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7::",
            "::2:3:4:5:6:7:8",
            "fe80::abcd:1",
            "::ffff:192.0.2.1",
            "1:2:3:4:5:6:1.2.3.4",
            "::255.255.255.255",
            "0:0:0:0:0:0:0:0",
            "v1.x",
            "V1f.a:b",
        ] {
            assert!(is_ip_literal(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "",
            ":",
            ":2:1",
            "1:",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7:8::",
            "1::2::3",
            ":::",
            "1:::2",
            "12345::",
            "g::",
            "1.2.3.4",
            "::1.2.3",
            "::1.2.3.4.5",
            "::256.0.0.1",
            "::01.2.3.4",
            "::1.2.3.4:5",
            "1:2:3:4:5:6:7:1.2.3.4",
            "::1%25eth0",
            "v.x",
            "v1.",
        ] {
            assert!(!is_ip_literal(bad.as_bytes()), "{bad}");
        }
    }

    /// A plain reading of the same rule, as the oracle for the one-pass `is_email`.
    fn email_by_splitting(s: &str) -> bool {
        let Some((local, domain)) = s.split_once('@') else {
            return false;
        };
        let atoms_ok = local
            .split('.')
            .all(|a| !a.is_empty() && a.bytes().all(is_atext));
        let labels: Vec<&str> = domain.split('.').collect();
        let labels_ok = labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
        });
        atoms_ok && labels.len() >= 2 && labels_ok
    }

    #[test]
    fn email_agrees_with_its_plain_reading_on_every_short_string() {
        let alphabet = ['a', '.', '-', '@', '1', '+', ' '];
        let mut strings = vec![String::new()];
        for _ in 0..6 {
            let next: Vec<String> = strings
                .iter()
                .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
                .collect();
            for s in &next {
                assert_eq!(is_email(s), email_by_splitting(s), "{s:?}");
            }
            strings = next;
        }
        let long = format!("a@{}.com", "b".repeat(63));
        assert!(is_email(&long));
        assert!(!is_email(&format!("a@{}.com", "b".repeat(64))));
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
    fn emails_as_ajv_formats_reads_them() {
        for bad in [
            "a@b",
            "user@localhost",
            "a..b@example.com",
            "ü@example.com",
            "a.@x.io",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
        for ok in ["o'brien@example.ie", "x!#$%&*+/=?^_`{|}~-@a-b.co"] {
            assert!(is_email(ok), "{ok}");
        }
    }

    #[test]
    fn characters() {
        assert_eq!(char_count("héllo"), 5);
        assert_eq!(char_count("😀😀"), 2);
        assert_eq!(char_count(""), 0);
    }
}
