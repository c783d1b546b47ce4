//! Where an inline asm statement's PTX comes from: the C++ text, the statement (its span,
//! template, operands and constraints), its translation into PTX (with the byte map back
//! to the C++ file and which operand each `%_asmN` register stands for) and what its
//! template does. The PTX is linted like any other; the rules about asm statements read
//! the origin through [`crate::checker::Checker::asm`].

use ptxkit_inline::analysis::Analysis;
use ptxkit_inline::{AsmStatement, Reference, Translation};
use ptxkit_syntax::Span;

/// One inline asm statement whose PTX is being linted.
pub struct AsmOrigin<'a> {
    /// The C++ text.
    pub text: &'a str,
    /// The statement.
    pub statement: &'a AsmStatement,
    /// Its PTX.
    pub translation: &'a Translation,
    /// What its template does.
    pub analysis: &'a Analysis,
}

impl AsmOrigin<'_> {
    /// The C++ text of a span.
    pub fn source(&self, span: std::ops::Range<usize>) -> &str {
        self.text.get(span).unwrap_or("")
    }

    /// `%N (`value`)`, for messages.
    pub fn describe_operand(&self, index: usize) -> String {
        match self.statement.operands.get(index) {
            Some(o) => format!("`%{index}` (\"{}\"(`{}`))", o.constraint.text, o.value.trim()),
            None => format!("`%{index}`"),
        }
    }

    /// Where the statement's target (`about_target`) or PTX version comes from, in words:
    /// its guard or the configuration; `None` for the default.
    pub fn destination_origin(&self, about_target: bool) -> Option<String> {
        use ptxkit_inline::Source;
        let resolved = &self.translation.resolved;
        let (from, about) = if about_target {
            (resolved.target_from, "target")
        } else {
            (resolved.version_from, "PTX version")
        };
        match from {
            Source::Guard => Some(format!(
                "the statement's {about} comes from its guard `{}`",
                self.statement.guard_text.join(" && ")
            )),
            Source::Configured => Some(format!("the {about} comes from --target/--ptx-version or ptxlint.toml")),
            Source::Default => None,
        }
    }

    /// The operand a PTX span lies in.
    pub fn operand_at(&self, span: Span) -> Option<&Reference> {
        self.translation
            .references
            .iter()
            .find(|r| r.ptx.start <= span.start && span.end <= r.ptx.end)
    }
}
