//! The diagnostic model shared by the three tools, and its text renderings.
//!
//! A [`Diagnostic`] says what is wrong, where ([`Span`]), why and what to do,
//! and may carry a [`Fix`] made of [`TextEdit`]s. The linter, the formatter
//! and the rewriter all report through it; reporters turn it into rich text
//! with a code frame, one concise line, JSON, SARIF or GitHub annotations.

use std::fmt;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use crate::edit::TextEdit;
use crate::span::{LineIndex, Span};

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Informational; never fails a run.
    Info,
    /// A risk or deprecation; fails a run only when warnings are denied.
    Warning,
    /// Something ptxas rejects or that is certainly wrong.
    Error,
}

impl Severity {
    /// Lower-case name: `error`, `warning`, `info`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Severity {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "error" => Ok(Self::Error),
            "warning" | "warn" => Ok(Self::Warning),
            "info" => Ok(Self::Info),
            other => Err(format!("unknown severity '{other}' (expected error, warning or info)")),
        }
    }
}

/// Whether a fix can be applied without review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Applicability {
    /// Keeps the meaning of the code; applied by `--fix`.
    Safe,
    /// May change behaviour; applied only with `--unsafe-fixes`.
    Unsafe,
}

/// A suggested change: text edits on the original source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// What the fix does, e.g. "replace `.tex` with `.global .texref`".
    pub message: String,
    /// Whether it is safe to apply automatically.
    pub applicability: Applicability,
    /// Non-overlapping edits.
    pub edits: Vec<TextEdit>,
}

/// A secondary location that explains a diagnostic ("declared here").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What it shows.
    pub message: String,
}

/// One finding about one source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code, e.g. `PTX101` (empty for tool errors such as syntax errors).
    pub code: String,
    /// Stable rule name, e.g. `missing-rounding-modifier`.
    pub rule: String,
    /// Severity.
    pub severity: Severity,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The primary location.
    pub span: Span,
    /// Short text under the caret.
    pub label: Option<String>,
    /// Secondary locations.
    pub labels: Vec<Label>,
    /// Why it matters or what ptxas says.
    pub note: Option<String>,
    /// What to do.
    pub help: Option<String>,
    /// A machine-applicable fix.
    pub fix: Option<Fix>,
}

impl Diagnostic {
    /// A diagnostic with the given rule identity, severity, message and span.
    pub fn new(
        code: impl Into<String>,
        rule: impl Into<String>,
        severity: Severity,
        message: impl Into<String>,
        span: Span,
    ) -> Self {
        Self {
            code: code.into(),
            rule: rule.into(),
            severity,
            message: message.into(),
            span,
            label: None,
            labels: Vec::new(),
            note: None,
            help: None,
            fix: None,
        }
    }

    /// A syntax error diagnostic (code `syntax-error`).
    pub fn syntax_error(message: impl Into<String>, span: Span) -> Self {
        Self::new("", "syntax-error", Severity::Error, message, span)
    }

    /// Sets the label under the caret.
    #[must_use]
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Adds a secondary location.
    #[must_use]
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Sets the note (why).
    #[must_use]
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }

    /// Sets the help (what to do).
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Attaches a fix.
    #[must_use]
    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(fix);
        self
    }

    /// `code` and `rule` as shown to users: `PTX101 missing-rounding-modifier`,
    /// or just the rule when there is no code.
    pub fn identity(&self) -> String {
        match (self.code.is_empty(), self.rule.is_empty()) {
            (false, false) => format!("{} {}", self.code, self.rule),
            (false, true) => self.code.clone(),
            _ => self.rule.clone(),
        }
    }
}

/// A source file as reporters need it: display path, text and line index.
#[derive(Clone, Copy)]
pub struct SourceRef<'a> {
    /// The path shown in messages.
    pub path: &'a str,
    /// The full text.
    pub text: &'a str,
    /// Its line index.
    pub lines: &'a LineIndex,
}

impl SourceRef<'_> {
    /// `path:line:col` of a byte offset (1-based line and column).
    pub fn location(&self, offset: usize) -> String {
        let position = self.lines.line_column(self.text, offset);
        format!("{}:{}:{}", self.path, position.line, position.column)
    }
}

/// One line: `path:line:col: severity[CODE rule]: message`.
pub fn render_concise(diagnostic: &Diagnostic, source: SourceRef<'_>) -> String {
    let identity = diagnostic.identity();
    let tag = if identity.is_empty() || identity == "syntax-error" {
        String::new()
    } else {
        format!("[{identity}]")
    };
    format!(
        "{}: {}{tag}: {}",
        source.location(diagnostic.span.start),
        diagnostic.severity,
        diagnostic.message
    )
}

/// A span of a diagnostic with its order there: 0 for the primary span, `i` for the
/// `i - 1`th label.
type OrderedSpan = (usize, Span);

/// Labels further than this many lines from the other spans of a diagnostic are
/// shown in a snippet of their own.
const SNIPPET_GAP_LINES: usize = 1000;

/// Rich text: header, `--> path:line:col`, the source lines with a caret
/// under the span, secondary labels, then `= note:` and `= help:` lines.
/// Colors only when `color` is set (callers pass "stdout is a terminal").
pub fn render_rich(diagnostic: &Diagnostic, source: SourceRef<'_>, color: bool) -> String {
    let level = match diagnostic.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Info => Level::INFO,
    };
    let identity = diagnostic.identity();
    let mut title = level.primary_title(diagnostic.message.as_str());
    if !identity.is_empty() && identity != "syntax-error" {
        title = title.id(identity);
    }
    // Render only the lines the spans touch, so a diagnostic in a 4 MB file
    // costs as much as one in a small file: spans close together share one
    // snippet; a label far from the others (the first declaration of a name
    // defined again 100 MB later) gets its own, after the primary span's.
    let line_of = |offset: usize| source.lines.line_of(offset.min(source.text.len()));
    let mut spans: Vec<OrderedSpan> = std::iter::once(diagnostic.span)
        .chain(diagnostic.labels.iter().map(|l| l.span))
        .enumerate()
        .collect();
    spans.sort_by_key(|(_, span)| span.start);
    // (first line, last line, the spans of one snippet)
    let mut clusters: Vec<(usize, usize, Vec<OrderedSpan>)> = Vec::new();
    for (order, span) in spans {
        let (first, last) = (line_of(span.start), line_of(span.end));
        match clusters.last_mut() {
            Some((_, end, members)) if first <= *end + SNIPPET_GAP_LINES => {
                *end = (*end).max(last);
                members.push((order, span));
            }
            _ => clusters.push((first, last, vec![(order, span)])),
        }
    }
    clusters.sort_by_key(|(_, _, members)| !members.iter().any(|(order, _)| *order == 0));
    let snippets = clusters.into_iter().map(|(first_line, last_line, mut members)| {
        // Within a snippet, the primary span first, then the labels in their order.
        members.sort_by_key(|(order, _)| *order);
        let window_start = source.lines.line_start(first_line);
        let window_end = if last_line + 1 < source.lines.line_count() {
            source.lines.line_start(last_line + 1)
        } else {
            source.text.len()
        };
        let window = &source.text[window_start..window_end];
        let clamp = |span: Span| {
            let start = span.start.clamp(window_start, window_end) - window_start;
            let end = span.end.clamp(window_start, window_end) - window_start;
            // A zero-width span (a missing token) still gets a caret.
            start..end.max(start)
        };
        let mut snippet = Snippet::source(window).line_start(first_line + 1).path(source.path);
        for (order, span) in members {
            let annotation = match order.checked_sub(1) {
                None => {
                    let primary = AnnotationKind::Primary.span(clamp(span));
                    match &diagnostic.label {
                        Some(label) => primary.label(label.as_str()),
                        None => primary,
                    }
                }
                Some(label) => AnnotationKind::Context
                    .span(clamp(span))
                    .label(diagnostic.labels[label].message.as_str()),
            };
            snippet = snippet.annotation(annotation);
        }
        snippet
    });
    let mut report = vec![title.elements(snippets)];
    if let Some(note) = &diagnostic.note {
        report.push(Group::with_title(Level::NOTE.secondary_title(note.as_str())));
    }
    if let Some(help) = &diagnostic.help {
        report.push(Group::with_title(Level::HELP.secondary_title(help.as_str())));
    }
    let renderer = if color { Renderer::styled() } else { Renderer::plain() };
    renderer.render(&report).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = ".version 7.8\n.target sm_80\n.entry k()\n{\n\tmad.f32 %f1, %f2, %f3, %f4;\n}\n";

    fn diagnostic() -> Diagnostic {
        let start = TEXT.find("mad").unwrap();
        Diagnostic::new(
            "PTX101",
            "missing-rounding-modifier",
            Severity::Error,
            "`mad.f32` needs a rounding modifier",
            Span::new(start, start + 7),
        )
        .with_label("no rounding modifier")
        .with_help("write `mad.rn.f32`")
    }

    /// A label 5,000 lines from the primary span: two snippets, the primary's first, and
    /// none of the lines between them rendered (nor read: each snippet is its own window).
    #[test]
    fn a_far_label_gets_a_snippet_of_its_own() {
        let text = format!(".global .u32 x;\n{}.global .u32 x;\n", "// filler line\n".repeat(5000));
        let lines = LineIndex::new(&text);
        let second = text.rfind(".global").unwrap();
        let diagnostic = Diagnostic::new(
            "PTX401",
            "duplicate-declaration",
            Severity::Error,
            "`x` is declared twice",
            Span::new(second + 13, second + 14),
        )
        .with_label("declared again here")
        .with_secondary(Span::new(13, 14), "first declared here");
        let source = SourceRef {
            path: "k.ptx",
            text: &text,
            lines: &lines,
        };
        let out = render_rich(&diagnostic, source, false);
        assert!(!out.contains("filler"), "{out}");
        let again = out.find("declared again here").unwrap();
        let first = out.find("first declared here").unwrap();
        assert!(again < first, "{out}");
        assert!(out.contains("5002") && out.contains("k.ptx:1:"), "{out}");
    }

    #[test]
    fn concise_is_one_line_with_location() {
        let lines = LineIndex::new(TEXT);
        let source = SourceRef {
            path: "k.ptx",
            text: TEXT,
            lines: &lines,
        };
        assert_eq!(
            render_concise(&diagnostic(), source),
            "k.ptx:5:2: error[PTX101 missing-rounding-modifier]: `mad.f32` needs a rounding modifier"
        );
    }

    #[test]
    fn rich_has_code_frame_and_help() {
        let lines = LineIndex::new(TEXT);
        let source = SourceRef {
            path: "k.ptx",
            text: TEXT,
            lines: &lines,
        };
        let text = render_rich(&diagnostic(), source, false);
        assert!(
            text.contains("error[PTX101 missing-rounding-modifier]: `mad.f32` needs a rounding modifier"),
            "{text}"
        );
        assert!(text.contains("--> k.ptx:5:2"), "{text}");
        assert!(text.contains("mad.f32 %f1, %f2, %f3, %f4;"), "{text}");
        assert!(text.contains("^^^^^^^ no rounding modifier"), "{text}");
        assert!(text.contains("help: write `mad.rn.f32`"), "{text}");
    }
}
