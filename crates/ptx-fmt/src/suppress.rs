//! `// ptxfmt: off` … `// ptxfmt: on` regions and `// ptxfmt: skip`.
//!
//! Both are recognised among the statements of a module, a function body, a
//! nested block or a `.section` body, when the comment stands on its own
//! line. An `off` region runs to the matching `on` comment at the same level,
//! or to the end of that level; `skip` keeps the next statement verbatim.

use ptx_syntax::tree_sitter::Node;

/// A formatter directive comment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Directive {
    /// `// ptxfmt: off`
    Off,
    /// `// ptxfmt: on`
    On,
    /// `// ptxfmt: skip`
    Skip,
}

/// The directive a comment spells, if any: `// ptxfmt: off`, `//ptxfmt:on`, …
pub fn directive(node: Node<'_>, source: &str) -> Option<Directive> {
    if node.kind() != "comment" {
        return None;
    }
    let body = source[node.byte_range()].strip_prefix("//")?.trim();
    let word = body.strip_prefix("ptxfmt:")?.trim();
    match word {
        "off" => Some(Directive::Off),
        "on" => Some(Directive::On),
        "skip" => Some(Directive::Skip),
        _ => None,
    }
}

/// The byte offset where the line holding `offset` starts, if only
/// whitespace precedes `offset` on that line.
pub fn own_line_start(source: &str, offset: usize) -> Option<usize> {
    let start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
    source[start..offset]
        .chars()
        .all(|c| c == ' ' || c == '\t')
        .then_some(start)
}

/// For an `off` comment at `items[index]`: the index of the last item of the
/// region (its `on` comment, or the last item).
pub fn region_end(items: &[Node<'_>], index: usize, source: &str) -> usize {
    items[index + 1..]
        .iter()
        .position(|n| directive(*n, source) == Some(Directive::On))
        .map_or(items.len() - 1, |offset| index + 1 + offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_directives() {
        let text = "// ptxfmt: off\n//ptxfmt:on\n// ptxfmt: skip\n// ptxfmt: other\n/* ptxfmt: off */\n";
        let parsed = ptx_syntax::parse(text);
        let found: Vec<_> = crate::printer::children(parsed.root())
            .into_iter()
            .map(|n| directive(n, text))
            .collect();
        assert_eq!(
            found,
            [
                Some(Directive::Off),
                Some(Directive::On),
                Some(Directive::Skip),
                None,
                None
            ]
        );
        assert_eq!(own_line_start("a\n  // x", 4), Some(2));
        assert_eq!(own_line_start("a; // x", 3), None);
    }
}
