//! Conditional groups (`#if … #else … #endif`) inside an expression, such
//! as a choice between two template strings in the middle of an `asm(...)`
//! argument list, which a C++ grammar cannot parse. Each such group is
//! resolved in turn: variant *k* keeps branch *k* of every group (or its
//! last one) and blanks the directive lines and the other branches with
//! spaces, so that every byte keeps its offset.

use std::ops::Range;

use crate::lex::{line_end, quoted_end, raw_end};

/// One preprocessor directive line.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Directive {
    /// The whole line (continuations included, newline excluded).
    span: Range<usize>,
    /// `if`, `ifdef`, `elif`, `else`, `endif`, `define`, ...
    name: String,
    /// Parenthesis depth of the code at this line.
    depth: usize,
}

/// A branch of a conditional group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    /// The directive that opens it (`#if X`, `#elif Y`, `#else`).
    pub directive: Range<usize>,
    /// The code under it, up to the next directive of the group.
    pub body: Range<usize>,
}

/// A conditional group that starts inside parentheses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InnerGroup {
    /// Its branches, in order (an absent `#else` counts as an empty branch).
    pub branches: Vec<Branch>,
    /// The `#endif` line.
    pub end: Range<usize>,
    /// Whether the group has an explicit `#else`.
    pub has_else: bool,
}

impl InnerGroup {
    /// From the first directive to the end of `#endif`.
    pub fn span(&self) -> Range<usize> {
        self.branches[0].directive.start..self.end.end
    }

    /// How many choices the group offers.
    pub fn choices(&self) -> usize {
        self.branches.len() + usize::from(!self.has_else)
    }
}

/// Finds every preprocessor directive line, with the parenthesis depth of
/// the code around it, skipping comments, strings and character literals.
fn directives(text: &str) -> Vec<Directive> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let mut line_start = true;
    while i < bytes.len() {
        let b = bytes[i];
        if line_start {
            let mut j = i;
            while j < bytes.len() && (bytes[j] == b' ' || bytes[j] == b'\t') {
                j += 1;
            }
            if bytes.get(j) == Some(&b'#') {
                let end = line_end(bytes, j);
                let rest = text[j + 1..end].trim_start();
                let name: String = rest.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
                out.push(Directive {
                    span: i..end,
                    name,
                    depth,
                });
                i = end;
                continue;
            }
            line_start = false;
        }
        match b {
            b'\n' => {
                line_start = true;
                i += 1;
            }
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = line_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(bytes.len(), |k| i + 2 + k + 2);
            }
            b'"' | b'\'' => {
                let raw = b == b'"' && i > 0 && bytes[i - 1] == b'R';
                i = if raw { raw_end(text, i) } else { quoted_end(bytes, i) };
            }
            _ => i += 1,
        }
    }
    out
}

/// The conditional groups whose `#if` lies inside parentheses.
pub fn inner_groups(text: &str) -> Vec<InnerGroup> {
    if !text.contains('#') {
        return Vec::new();
    }
    struct Open {
        inner: bool,
        branches: Vec<Branch>,
        has_else: bool,
    }
    let mut stack: Vec<Open> = Vec::new();
    let mut groups = Vec::new();
    for d in directives(text) {
        match d.name.as_str() {
            "if" | "ifdef" | "ifndef" => {
                if let Some(open) = stack.last_mut()
                    && let Some(last) = open.branches.last_mut()
                {
                    last.body.end = d.span.start;
                }
                stack.push(Open {
                    inner: d.depth > 0,
                    branches: vec![Branch {
                        directive: d.span.clone(),
                        body: d.span.end..d.span.end,
                    }],
                    has_else: false,
                });
            }
            "elif" | "elifdef" | "elifndef" | "else" => {
                if let Some(open) = stack.last_mut() {
                    if let Some(last) = open.branches.last_mut() {
                        last.body.end = d.span.start;
                    }
                    open.has_else |= d.name == "else";
                    open.branches.push(Branch {
                        directive: d.span.clone(),
                        body: d.span.end..d.span.end,
                    });
                }
            }
            "endif" => {
                if let Some(mut open) = stack.pop() {
                    if let Some(last) = open.branches.last_mut() {
                        last.body.end = d.span.start;
                    }
                    if open.inner {
                        groups.push(InnerGroup {
                            branches: open.branches,
                            end: d.span.clone(),
                            has_else: open.has_else,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    // Bodies were closed at the next directive of any group; extend them to
    // the next directive of their own group.
    for group in &mut groups {
        let n = group.branches.len();
        for k in 0..n {
            let next = if k + 1 < n {
                group.branches[k + 1].directive.start
            } else {
                group.end.start
            };
            group.branches[k].body.end = next;
        }
    }
    groups.sort_by_key(|g| g.span().start);
    groups
}

/// How many variants the groups need so that every branch is seen once.
pub fn variant_count(groups: &[InnerGroup]) -> usize {
    groups.iter().map(InnerGroup::choices).max().unwrap_or(1)
}

/// The branch of `group` variant `k` keeps (`None`: the implicit empty
/// `#else`).
pub fn chosen(group: &InnerGroup, k: usize) -> Option<usize> {
    let choice = k.min(group.choices() - 1);
    (choice < group.branches.len()).then_some(choice)
}

/// The text of variant `k`: the groups' directive lines and unchosen
/// branches replaced by spaces (newlines kept).
pub fn variant_text(text: &str, groups: &[InnerGroup], k: usize) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let mut blank = |range: Range<usize>| {
        for b in &mut bytes[range] {
            if *b != b'\n' && *b != b'\r' {
                *b = b' ';
            }
        }
    };
    for group in groups {
        let keep = chosen(group, k);
        for (index, branch) in group.branches.iter().enumerate() {
            blank(branch.directive.clone());
            if Some(index) != keep {
                blank(branch.body.clone());
            }
        }
        blank(group.end.clone());
    }
    // Only ASCII bytes were replaced by ASCII spaces, and whole UTF-8
    // sequences inside blanked ranges became spaces byte by byte.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "void f() {\n#if A\n  g();\n#endif\n  asm volatile(\"a\"\n#if defined(X)\n    \"b\"\n#elif Y\n    \"c\"\n#else\n    \"d\"\n#endif\n    : : \"r\"(1));\n}\n";

    #[test]
    fn finds_only_groups_inside_parentheses() {
        let groups = inner_groups(TEXT);
        assert_eq!(groups.len(), 1);
        let g = &groups[0];
        assert_eq!(g.branches.len(), 3);
        assert!(g.has_else);
        assert_eq!(TEXT[g.branches[1].body.clone()].trim(), "\"c\"");
        assert_eq!(variant_count(&groups), 3);
    }

    #[test]
    fn variants_keep_offsets() {
        let groups = inner_groups(TEXT);
        for k in 0..3 {
            let v = variant_text(TEXT, &groups, k);
            assert_eq!(v.len(), TEXT.len());
            assert_eq!(v.matches('\n').count(), TEXT.matches('\n').count());
            assert!(!v.contains("#elif"));
        }
        let v1 = variant_text(TEXT, &groups, 1);
        assert!(v1.contains("\"c\"") && !v1.contains("\"b\"") && !v1.contains("\"d\""));
        assert!(v1.contains("#if A"), "outer groups stay");
    }

    #[test]
    fn ignores_hashes_in_strings_and_comments() {
        let text = "f(\"#if x\", /* \n#if y */ 1);\n// #if z\n";
        assert!(directives(text).is_empty());
    }
}
