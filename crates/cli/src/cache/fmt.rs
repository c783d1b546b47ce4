//! ptxfmt's cache entries: whether a text is already formatted under the effective options
//! (serialized by value as TOML), for `ptxfmt --check` and for `ptxfmt` on files that need
//! no change.

use ptxkit_fmt::Options;

use super::Key;

/// What a cached format check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// Formatting leaves the text as it is.
    Formatted,
    /// Formatting changes the text.
    Unformatted,
}

/// The key of `text` formatted with `options` (`format_with_errors`: `--format-with-errors`).
pub fn key(text: &str, options: &Options, format_with_errors: bool) -> Key {
    let mode: &[u8] = if format_with_errors {
        b"format with errors"
    } else {
        b"format"
    };
    Key::new(
        "ptxfmt",
        &[
            mode,
            ptxkit_workspace::fmt::to_toml(options).as_bytes(),
            text.as_bytes(),
        ],
    )
}

/// The payload of an entry.
pub fn encode(entry: Entry) -> &'static [u8] {
    match entry {
        Entry::Formatted => b"formatted",
        Entry::Unformatted => b"unformatted",
    }
}

/// An entry read back (`None`: not one).
pub fn decode(payload: &[u8]) -> Option<Entry> {
    match payload {
        b"formatted" => Some(Entry::Formatted),
        b"unformatted" => Some(Entry::Unformatted),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use ptxkit_fmt::Options;

    use super::{Entry, decode, encode, key};

    #[test]
    fn options_and_mode_change_the_key() {
        let default = Options::default();
        let narrow = Options {
            line_width: 60,
            ..Options::default()
        };
        let base = key("t", &default, false);
        assert_eq!(base, key("t", &Options::default(), false));
        assert_ne!(base, key("t", &narrow, false));
        assert_ne!(base, key("t", &default, true));
        assert_ne!(base, key("u", &default, false));
        for entry in [Entry::Formatted, Entry::Unformatted] {
            assert_eq!(decode(encode(entry)), Some(entry));
        }
        assert_eq!(decode(b"formatted\n"), None);
    }
}
