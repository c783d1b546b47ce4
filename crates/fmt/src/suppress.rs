//! `// ptxfmt: off` … `// ptxfmt: on` regions and `// ptxfmt: skip`.
//!
//! Both are recognised among the statements of a module, a function body, a
//! nested block or a `.section` body, when the comment stands on its own
//! line. An `off` region runs to the matching `on` comment at the same level,
//! or to the end of that level; `skip` keeps the next statement verbatim.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

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
    if node.kind_name() != "comment" {
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
fn own_line_start(source: &str, offset: usize) -> Option<usize> {
    let start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
    source[start..offset]
        .chars()
        .all(|c| c == ' ' || c == '\t')
        .then_some(start)
}

/// For an `off` comment at `items[index]`: the index of the last item of the
/// region (its `on` comment, or the last item).
fn region_end(items: &[Node<'_>], index: usize, source: &str) -> usize {
    items[index + 1..]
        .iter()
        .position(|n| directive(*n, source) == Some(Directive::On))
        .map_or(items.len() - 1, |offset| index + 1 + offset)
}

/// How an item of a statement list is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Formatted.
    Format,
    /// Starts an `off` region printed verbatim from byte `start` (its line's
    /// start) to the end of item `last`.
    Region {
        /// Where the verbatim text starts.
        start: usize,
        /// The region's last item.
        last: usize,
    },
    /// Inside an `off` region (printed with its start).
    Inside,
    /// The statement after `skip`, printed verbatim from byte `start`.
    Skipped {
        /// Where the verbatim text starts.
        start: usize,
    },
    /// A top-level item holding a syntax error, printed verbatim together
    /// with the whitespace before it, from byte `start` (the end of the
    /// previous item, or the start of the text).
    Broken {
        /// Where the verbatim text starts.
        start: usize,
    },
}

/// The plan for each item of a statement list.
pub fn plan(items: &[Node<'_>], source: &str) -> Vec<Plan> {
    let mut plan = vec![Plan::Format; items.len()];
    let mut i = 0;
    while i < items.len() {
        let own_line = own_line_start(source, items[i].start_byte());
        match (directive(items[i], source), own_line) {
            (Some(Directive::Off), Some(start)) => {
                let last = region_end(items, i, source);
                plan[i] = Plan::Region { start, last };
                plan[i + 1..=last].fill(Plan::Inside);
                i = last;
            }
            (Some(Directive::Skip), Some(_)) => {
                let next = (i + 1..items.len()).find(|&j| items[j].kind_name() != "comment");
                if let Some(next) = next
                    && let Some(start) = own_line_start(source, items[next].start_byte())
                {
                    plan[next] = Plan::Skipped { start };
                }
            }
            _ => {}
        }
        i += 1;
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_directives() {
        let text = "// ptxfmt: off\n//ptxfmt:on\n// ptxfmt: skip\n// ptxfmt: other\n/* ptxfmt: off */\n";
        let parsed = ptxkit_syntax::parse(text);
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
