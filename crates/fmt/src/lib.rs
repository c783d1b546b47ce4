//! `ptxfmt`: a PTX formatter that changes only whitespace and line breaks.
//!
//! Two layers: [`doc`] is a small Wadler-style document laid out by the
//! `pretty` crate; the PTX layer builds it with one module per syntax area
//! (`module`, `function`, `block`, `instruction`, `operand`, `declaration`,
//! `section`). Operand columns are measured before layout
//! ([`operand_columns`]); the laid-out lines carry the facts the layout
//! leaves to them (column-0 lines, trailing comments, verbatim text), and
//! trailing comments are aligned on them ([`lines`]).
//!
//! Every result is checked before it is returned: the same non-whitespace
//! text, the same syntax tree once whitespace is set aside, every comment
//! kept. A failed check is a [`FormatError::Internal`], never bad output.
//! Only an answer to "would this file change?" (`ptxfmt --check`), which
//! writes and shows nothing, may skip parsing the output again
//! ([`Verification::Text`]).
//!
//! ```
//! let text = ".version 7.8\n.target sm_80\n.entry k()\n{\nadd.s32 %r1,%r2,4;\nret;\n}\n";
//! let formatted = ptxkit_fmt::format_text(text, &ptxkit_fmt::Options::default()).unwrap();
//! assert_eq!(formatted, ".version 7.8\n.target sm_80\n\n.entry k()\n{\n    add.s32 %r1, %r2, 4;\n    ret;\n}\n");
//! ```

mod block;
mod declaration;
pub mod doc;
mod formatted;
mod function;
pub mod groups;
mod instruction;
pub mod lines;
mod module;
mod nodes;
mod operand;
pub mod operand_columns;
pub mod options;
mod printer;
pub mod range;
pub mod rows;
mod section;
mod statements;
mod suppress;
pub mod tokens;
pub mod tree;
pub mod verify;

use ptxkit_syntax::ParsedSource;

pub use formatted::{Formatted, SyntaxError};
pub use options::{CONFIG_FILE_NAME, IndentStyle, Options};

/// Why a source was not formatted.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The source has syntax errors; it is never rewritten.
    #[error("{line}:{column}: syntax error {detail}")]
    Syntax {
        /// 1-based line of the first error.
        line: usize,
        /// 1-based column of the first error.
        column: usize,
        /// `near '…'` or `missing '…'`.
        detail: String,
        /// How many errors the file has.
        count: usize,
    },
    /// The tree is nested deeper than [`tree::MAX_TREE_DEPTH`].
    #[error("nested too deeply to format (syntax tree depth {depth}; the limit is {limit})")]
    TooDeep {
        /// The depth found.
        depth: usize,
        /// The limit.
        limit: usize,
    },
    /// The source is larger than [`MAX_FORMAT_BYTES`] and must be formatted whole.
    #[error(
        "too large to format whole ({size} bytes; over {limit} bytes ptxfmt formats only a file it can cut into groups of top-level items: without syntax errors or a top-level `ptxfmt:` comment, and not with --range)"
    )]
    TooLarge {
        /// The size.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// A safety check failed: formatting would have changed more than
    /// whitespace. This is a bug in ptxfmt; the file is left untouched.
    #[error("internal error: {0} (file left unchanged; please report this)")]
    Internal(String),
}

/// How much of a formatter's output is checked before it is returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verification {
    /// The same non-whitespace text, and parsed again into the same tree with
    /// every comment kept: output that may be written or shown.
    Reparse,
    /// The same non-whitespace text only: enough to answer whether a file
    /// would change (`--check`), never to write or show the output. Saves
    /// the second parse, which is most of the cost of checking an unformatted
    /// file.
    Text,
}

/// Formats PTX text with `options`; refuses text with syntax errors.
/// A text larger than [`groups::GROUP_BYTES`] is formatted one group of
/// top-level items at a time where it can be ([`groups::format_in_groups`]).
pub fn format_text(text: &str, options: &Options) -> Result<String, FormatError> {
    if let Some(formatted) = groups::format_in_groups(text, options, groups::GROUP_BYTES) {
        return Ok(formatted);
    }
    check_size(text)?;
    let parsed = ptxkit_syntax::parse(text);
    check_syntax(&parsed)?;
    format_parsed(&parsed, options)
}

/// Formats a whole text that may have syntax errors (what an editor asks
/// for on save): the top-level items (functions, directives, declarations)
/// that parse cleanly are formatted; those holding a syntax error are kept
/// byte for byte. Returns the new text and the syntax errors; see
/// [`Formatted::edits`] for the same change as text edits.
///
/// ```
/// let text = ".version 7.8\n.target sm_80\n.entry k()\n{\nmov.u32 %r1,1;\n}\n.entry broken() { add.s32 %r1 }\n";
/// let formatted = ptxkit_fmt::format_document(text, &ptxkit_fmt::Options::default()).unwrap();
/// assert!(formatted.text.contains("    mov.u32 %r1, 1;"));
/// assert!(formatted.text.ends_with(".entry broken() { add.s32 %r1 }\n"));
/// assert_eq!(formatted.syntax_errors[0].to_string(), "7:30: syntax error missing ';'");
/// ```
pub fn format_document(text: &str, options: &Options) -> Result<Formatted, FormatError> {
    check_size(text)?;
    format_parsed_document(&ptxkit_syntax::parse(text), options)
}

/// [`format_document`] for a source already parsed.
pub fn format_parsed_document(parsed: &ParsedSource, options: &Options) -> Result<Formatted, FormatError> {
    format_parsed_document_with(parsed, options, Verification::Reparse)
}

/// [`format_parsed_document`], an error-free source's result checked as `verification`
/// says (formatting around syntax errors always parses its output again: that is how it
/// knows whether it changed how the rest parses).
pub fn format_parsed_document_with(
    parsed: &ParsedSource,
    options: &Options,
    verification: Verification,
) -> Result<Formatted, FormatError> {
    if verification == Verification::Text && parsed.syntax_errors().is_empty() {
        return Ok(Formatted {
            text: format_verified(parsed, options, uses_crlf(parsed.text()), verification)?,
            syntax_errors: Vec::new(),
            left_unchanged: false,
        });
    }
    Ok(format_tolerant(parsed, options)?.0)
}

/// Formats only the statements that the byte range `range` touches (the
/// other bytes of `text` are kept); otherwise as [`format_document`]. A
/// statement is a directive, declaration, instruction, label or comment, a
/// function's header, or a brace. [`range::line_range`] turns lines into a
/// byte range.
///
/// ```
/// let text = ".entry k()\n{\nmov.u32 %r1,1;\nmov.u32 %r2,2;\n}\n";
/// let lines = ptxkit_fmt::range::line_range(text, 4, 4);
/// let formatted = ptxkit_fmt::format_range(text, lines, &ptxkit_fmt::Options::default()).unwrap();
/// assert_eq!(formatted.text, ".entry k()\n{\nmov.u32 %r1,1;\n    mov.u32 %r2, 2;\n}\n");
/// ```
pub fn format_range(text: &str, range: std::ops::Range<usize>, options: &Options) -> Result<Formatted, FormatError> {
    check_size(text)?;
    format_parsed_range(&ptxkit_syntax::parse(text), range, options)
}

/// [`format_range`] for a source already parsed.
pub fn format_parsed_range(
    parsed: &ParsedSource,
    range: std::ops::Range<usize>,
    options: &Options,
) -> Result<Formatted, FormatError> {
    let (whole, output) = format_tolerant(parsed, options)?;
    let Some(output) = output else {
        return Ok(whole);
    };
    let spliced = range::splice(parsed, &output, range).map_err(FormatError::Internal)?;
    let checked = verify(parsed, spliced)?;
    Ok(Formatted {
        text: checked.text().to_string(),
        ..whole
    })
}

/// Formats `parsed` around its syntax errors; also returns the output's
/// parse (`None` when the text was left unchanged).
fn format_tolerant(parsed: &ParsedSource, options: &Options) -> Result<(Formatted, Option<ParsedSource>), FormatError> {
    let syntax_errors = SyntaxError::all(parsed);
    match format_checked(parsed, options) {
        Ok(output) => Ok((
            Formatted {
                text: output.text().to_string(),
                syntax_errors,
                left_unchanged: false,
            },
            Some(output),
        )),
        // Formatting around the errors changed how the text parses: keep it.
        Err(FormatError::Internal(_)) if !syntax_errors.is_empty() => Ok((
            Formatted {
                text: parsed.text().to_string(),
                syntax_errors,
                left_unchanged: true,
            },
            None,
        )),
        Err(err) => Err(err),
    }
}

/// Fails with [`FormatError::Syntax`] when the parsed source has errors.
pub fn check_syntax(parsed: &ParsedSource) -> Result<(), FormatError> {
    let errors = SyntaxError::all(parsed);
    let count = errors.len();
    match errors.into_iter().next() {
        None => Ok(()),
        Some(error) => Err(FormatError::Syntax {
            line: error.line,
            column: error.column,
            detail: error.detail,
            count,
        }),
    }
}

/// The document for a parsed source (`--print-doc`); top-level items with
/// syntax errors are printed verbatim.
pub fn build_doc<'a>(parsed: &'a ParsedSource, options: &'a Options) -> Result<doc::Doc<'a>, FormatError> {
    check_size(parsed.text())?;
    let printer = printer::Printer::new(parsed.text(), options, nodes::LAYOUTS);
    let doc = printer.node(parsed.root());
    if printer.too_deep() {
        // The exact depth, for the message: walked only in this rare case.
        return Err(FormatError::TooDeep {
            depth: tree::tree_depth(parsed.root()),
            limit: tree::MAX_TREE_DEPTH,
        });
    }
    Ok(doc)
}

/// The largest source ptxfmt formats whole. Formatted in groups of top-level
/// items ([`groups`]) a 100 MB file peaks at about 4x its size, whatever its
/// size, and there is no limit; but the whole-file path that text with syntax
/// errors, `--range` and editors take needs about 65 bytes of memory per byte
/// of PTX (a 100 MB file would peak at 6.7 GB).
pub const MAX_FORMAT_BYTES: usize = 128 * 1024 * 1024;

/// Fails with [`FormatError::TooLarge`] beyond [`MAX_FORMAT_BYTES`] (check
/// before parsing: parsing such a file takes gigabytes).
pub fn check_size(text: &str) -> Result<(), FormatError> {
    if text.len() > MAX_FORMAT_BYTES {
        return Err(FormatError::TooLarge {
            size: text.len(),
            limit: MAX_FORMAT_BYTES,
        });
    }
    Ok(())
}

/// Formats an error-free parsed source and checks the result (same
/// non-whitespace text, same tree, every comment kept).
pub fn format_parsed(parsed: &ParsedSource, options: &Options) -> Result<String, FormatError> {
    format_verified(parsed, options, uses_crlf(parsed.text()), Verification::Reparse)
}

/// Lays `parsed` out with lines ended by `\r\n` when `crlf` and checks the
/// result as `verification` says; returns its text.
fn format_verified(
    parsed: &ParsedSource,
    options: &Options,
    crlf: bool,
    verification: Verification,
) -> Result<String, FormatError> {
    match verification {
        Verification::Reparse => Ok(format_checked_with(parsed, options, crlf)?.text().to_string()),
        Verification::Text => {
            let output = layout(parsed, options, crlf)?;
            if output != parsed.text() && !verify::same_non_whitespace(parsed.text(), &output) {
                return Err(FormatError::Internal("the output's non-whitespace text differs".into()));
            }
            Ok(output)
        }
    }
}

/// Lays `parsed` out and checks the result; returns the result's parse.
fn format_checked(parsed: &ParsedSource, options: &Options) -> Result<ParsedSource, FormatError> {
    format_checked_with(parsed, options, uses_crlf(parsed.text()))
}

/// [`format_checked`] with lines ended by `\r\n` when `crlf` (a group of a
/// larger text ends its lines as the text's first line does).
fn format_checked_with(parsed: &ParsedSource, options: &Options, crlf: bool) -> Result<ParsedSource, FormatError> {
    verify(parsed, layout(parsed, options, crlf)?)
}

/// The laid-out text of `parsed`, unchecked.
fn layout(parsed: &ParsedSource, options: &Options, crlf: bool) -> Result<String, FormatError> {
    let doc = build_doc(parsed, options)?;
    let mut lines = lines::layout(&doc, options.line_width);
    drop(doc);
    lines::align_comments(&mut lines, options.align_comments);
    Ok(lines::finish(&lines, options, crlf))
}

/// Checks that `output` is `parsed` with only whitespace changed: the same
/// non-whitespace text, no new syntax error, the same tree and so every
/// comment kept (one walk of both trees checks both). Returns the output's
/// parse.
fn verify(parsed: &ParsedSource, output: String) -> Result<ParsedSource, FormatError> {
    // An already formatted file: the same text parses to the same tree, so every check
    // below holds without parsing it again.
    if output == parsed.text() {
        return Ok(parsed.clone());
    }
    if !verify::same_non_whitespace(parsed.text(), &output) {
        return Err(FormatError::Internal("the output's non-whitespace text differs".into()));
    }
    let reparsed = ptxkit_syntax::parse(output);
    let (before, after) = (parsed.syntax_errors().len(), reparsed.syntax_errors().len());
    if after > before {
        let error = ptxkit_syntax::VerifyError::NewSyntaxErrors { before, after };
        return Err(FormatError::Internal(error.to_string()));
    }
    match verify::tree_difference(parsed, &reparsed) {
        None => Ok(reparsed),
        Some(verify::TreeDifference {
            lost_comment: Some(comment),
            ..
        }) => Err(FormatError::Internal(
            ptxkit_syntax::VerifyError::LostComment(comment).to_string(),
        )),
        Some(difference) => {
            let position = parsed.lines().line_column(parsed.text(), difference.offset);
            Err(FormatError::Internal(format!(
                "the output parses differently near line {}, column {}",
                position.line, position.column
            )))
        }
    }
}

/// Whether the text's first line ends in CRLF (the output keeps it).
pub fn uses_crlf(text: &str) -> bool {
    text.find('\n').is_some_and(|at| text[..at].ends_with('\r'))
}
