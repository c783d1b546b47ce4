//! Suppression comments:
//!
//! - `// ptxlint: allow(rule-or-code, ...) reason` suppresses the named rules
//!   on its own line and on the line below it;
//! - `// ptxlint: allow-file(rule-or-code, ...) reason` suppresses them in the
//!   whole file.
//!
//! A suppression that suppresses nothing is reported (`unused-suppression`),
//! and so is one that names no known rule (`invalid-suppression`).

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::{Diagnostic, ParsedSource, Span, preorder};

use crate::registry::{RuleInfo, find_rule};

/// The marker that starts a suppression inside a comment.
pub const MARKER: &str = "ptxlint:";

/// One rule named in a suppression comment.
#[derive(Debug, Clone)]
pub struct SuppressedRule {
    /// The name or code as written.
    pub written: String,
    /// Where it is written.
    pub span: Span,
    /// The rule, when the name is known.
    pub rule: Option<&'static RuleInfo>,
    /// Whether it suppressed at least one diagnostic.
    pub used: bool,
}

/// One suppression comment.
#[derive(Debug, Clone)]
pub struct Suppression {
    /// The comment.
    pub comment: Span,
    /// The 0-based line of the comment.
    pub line: usize,
    /// Whether it applies to the whole file.
    pub file_level: bool,
    /// The rules it names.
    pub rules: Vec<SuppressedRule>,
    /// The text after the closing parenthesis.
    pub reason: String,
}

/// A suppression comment that could not be understood.
#[derive(Debug, Clone)]
pub struct MalformedSuppression {
    /// The comment.
    pub span: Span,
    /// What is wrong.
    pub message: String,
}

/// The suppressions of one file.
#[derive(Debug, Clone, Default)]
pub struct Suppressions {
    /// Well-formed suppressions, in source order.
    pub items: Vec<Suppression>,
    /// Comments that start with `ptxlint:` but do not parse.
    pub malformed: Vec<MalformedSuppression>,
}

impl Suppressions {
    /// Finds every suppression comment in a file.
    pub fn parse(parsed: &ParsedSource) -> Self {
        if !parsed.covered_text().contains(MARKER) {
            return Suppressions::default();
        }
        let comments = preorder(parsed.root())
            .filter(|n| n.kind_name() == "comment")
            .map(|node| {
                (
                    Span::of(node),
                    parsed.node_text(node),
                    parsed.lines().line_of(node.start_byte()),
                )
            });
        Self::from_comments(comments)
    }

    /// The suppressions among comments given as (span, text, 0-based line):
    /// PTX comments, or the C++ comments of a file with inline PTX.
    pub fn from_comments<'t>(comments: impl IntoIterator<Item = (Span, &'t str, usize)>) -> Self {
        let mut out = Suppressions::default();
        for (span, text, line) in comments {
            let body = text
                .strip_prefix("//")
                .or_else(|| text.strip_prefix("/*").map(|t| t.strip_suffix("*/").unwrap_or(t)))
                .unwrap_or(text);
            let trimmed = body.trim_start();
            let Some(rest) = trimmed.strip_prefix(MARKER) else {
                continue;
            };
            let body_offset = span.start + (text.len() - body.len()) + (body.len() - trimmed.len()) + MARKER.len();
            match parse_directive(rest, body_offset) {
                Ok((file_level, rules, reason)) => out.items.push(Suppression {
                    comment: span,
                    line,
                    file_level,
                    rules,
                    reason,
                }),
                Err(message) => out.malformed.push(MalformedSuppression { span, message }),
            }
        }
        out
    }

    /// Whether a diagnostic on 0-based `line` is suppressed; marks the
    /// suppression used.
    pub fn suppress(&mut self, diagnostic: &Diagnostic, line: usize) -> bool {
        let mut suppressed = false;
        for item in &mut self.items {
            if !(item.file_level || item.line == line || item.line + 1 == line) {
                continue;
            }
            for named in &mut item.rules {
                if named.rule.is_some_and(|r| r.name == diagnostic.rule) {
                    named.used = true;
                    suppressed = true;
                }
            }
        }
        suppressed
    }
}

type Directive = (bool, Vec<SuppressedRule>, String);

fn parse_directive(rest: &str, offset: usize) -> Result<Directive, String> {
    let lead = rest.len() - rest.trim_start().len();
    let rest_trim = rest.trim_start();
    let (file_level, after) = if let Some(a) = rest_trim.strip_prefix("allow-file") {
        (true, a)
    } else if let Some(a) = rest_trim.strip_prefix("allow") {
        (false, a)
    } else {
        return Err("expected `allow(rule)` or `allow-file(rule)` after `ptxlint:`".to_string());
    };
    let open_at = rest_trim.len() - after.len();
    let Some(inner_and_reason) = after.strip_prefix('(') else {
        return Err("expected `(` with the rules to allow, e.g. `allow(missing-rounding-modifier)`".to_string());
    };
    let Some(close) = inner_and_reason.find(')') else {
        return Err("missing `)` after the rules to allow".to_string());
    };
    let inner = &inner_and_reason[..close];
    let inner_start = offset + lead + open_at + 1;
    let mut rules = Vec::new();
    let mut at = 0usize;
    for part in inner.split(',') {
        let trimmed = part.trim();
        let start = inner_start + at + (part.len() - part.trim_start().len());
        at += part.len() + 1;
        if trimmed.is_empty() {
            continue;
        }
        rules.push(SuppressedRule {
            written: trimmed.to_string(),
            span: Span::new(start, start + trimmed.len()),
            rule: find_rule(trimmed),
            used: false,
        });
    }
    if rules.is_empty() {
        return Err("names no rule; write e.g. `allow(missing-rounding-modifier)`".to_string());
    }
    let reason = inner_and_reason[close + 1..]
        .trim()
        .trim_end_matches("*/")
        .trim()
        .to_string();
    Ok((file_level, rules, reason))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_line_and_file_suppressions() {
        let text = ".version 7.8 // ptxlint: allow(PTX201, syntax-error) legacy\n// ptxlint: allow-file(deprecated-tex-state-space)\n// ptxlint: allow(nope)\n// ptxlint: deny(x)\n";
        let parsed = ptxkit_syntax::parse(text);
        let s = Suppressions::parse(&parsed);
        assert_eq!(s.items.len(), 3);
        assert_eq!(s.malformed.len(), 1);
        let first = &s.items[0];
        assert!(!first.file_level);
        assert_eq!(first.reason, "legacy");
        assert_eq!(first.rules[0].rule.unwrap().code, "PTX201");
        assert_eq!(&text[first.rules[1].span.range()], "syntax-error");
        assert!(s.items[1].file_level);
        assert!(s.items[2].rules[0].rule.is_none());
    }
}
