//! `file:` URIs and paths.

use std::path::PathBuf;

/// The path of a `file:` URI (percent-decoded); `None` for other schemes
/// (`untitled:`) and for URIs naming another host.
pub fn to_path(uri: &lsp_types::Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let decoded = percent_decode(path)?;
    Some(PathBuf::from(decoded))
}

/// `%XX` escapes decoded; `None` when they do not make UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied(), bytes.get(i + 2).copied()) {
            (b'%', Some(high), Some(low)) if hex(high).is_some() && hex(low).is_some() => {
                out.push(u8::try_from(hex(high)? * 16 + hex(low)?).ok()?);
                i += 3;
            }
            (byte, ..) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;

    #[test]
    fn file_uris_become_paths() {
        let uri = lsp_types::Uri::from_str("file:///home/me/my%20kernels/k%C3%A9.ptx").unwrap();
        assert_eq!(to_path(&uri), Some(PathBuf::from("/home/me/my kernels/ké.ptx")));
        let untitled = lsp_types::Uri::from_str("untitled:Untitled-1").unwrap();
        assert_eq!(to_path(&untitled), None);
        let remote = lsp_types::Uri::from_str("file://server/share/k.ptx").unwrap();
        assert_eq!(to_path(&remote), None);
        let bad = lsp_types::Uri::from_str("file:///k%FF.ptx").unwrap();
        assert_eq!(to_path(&bad), None);
    }
}
