//! The driver: choose the destination target, run the passes between the two
//! versions (oldest boundary first) until nothing changes, rewrite the header,
//! then check what is left against the destination and verify the result.

use std::collections::{BTreeMap, HashMap, HashSet};

use ptxkit_isa::{Target, Version};
use ptxkit_syntax::{
    Applicability, Diagnostic, ParsedSource, Severity, Span, TextEdit, apply_edits, parse, verify_replacement,
};

use crate::migration::{Migration, Move, Tag};
use crate::migrations;

use crate::header::{Header, choose_target};
use crate::origin::Origin;
use crate::{RewriteError, module, residual};

/// How many rounds of passes run at most before the driver gives up.
pub const MAX_ROUNDS: usize = 8;

/// What to rewrite to.
#[derive(Debug, Clone)]
pub struct Options {
    /// The destination `.version`.
    pub to: Version,
    /// The destination target; chosen from the file when `None`.
    pub target: Option<Target>,
    /// Run approximate passes too.
    pub allow_approximate: bool,
}

/// Why a destination was not understood (see [`Options::parse`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// Not a PTX version, a CUDA toolkit or a driver; or one the tables do not reach.
    #[error("{0}")]
    Destination(#[from] ptxkit_isa::toolkit::DestinationError),
    /// The version is not written as one (`7.8`).
    #[error("not a PTX ISA version (e.g. 7.8)")]
    NotAVersion,
    /// A well-formed version that does not exist.
    #[error("no such PTX ISA version (known: 1.0 to {})", ptxkit_isa::version::LATEST)]
    UnknownVersion,
    /// The target is not one ptxkit-isa knows; the message says why.
    #[error("{0}")]
    BadTarget(String),
    /// The target exists, but not in the destination version.
    #[error("{target} needs PTX {min} or later, not {to}")]
    TargetNeedsVersion {
        /// The target asked for.
        target: Target,
        /// The destination version.
        to: Version,
        /// The first version with the target (`?` when none).
        min: String,
    },
}

impl Options {
    /// The destination `to` (`"7.8"`, a toolkit `"cuda-11.8"` or a driver `"driver-520"`), with
    /// `target` (`"sm_80"`), as the user wrote them (`ptxrewrite --to --target`,
    /// `ptxkit.rewrite`): a known version, and a target that version has.
    pub fn parse(to: &str, target: Option<&str>, allow_approximate: bool) -> Result<Options, OptionsError> {
        let to = ptxkit_isa::toolkit::Destination::parse(to)?.version()?;
        if !to.is_known() {
            return Err(OptionsError::UnknownVersion);
        }
        let target = match target {
            Some(name) => Some(ptxkit_isa::target(name).map_err(|err| OptionsError::BadTarget(err.to_string()))?),
            None => None,
        };
        if let Some(t) = target
            && !t.is_supported_by(to)
        {
            return Err(OptionsError::TargetNeedsVersion {
                target: t,
                to,
                min: t.min_ptx().map_or_else(|| "?".to_string(), |v| v.to_string()),
            });
        }
        Ok(Options {
            to,
            target,
            allow_approximate,
        })
    }

    /// Options from command-line words: `--to X.Y [--target T]
    /// [--allow-approximate]` (as fixtures and documentation examples write
    /// them). `None` when a word is not understood or `--to` is missing.
    pub fn from_args(args: &str) -> Option<Options> {
        let mut options = Options {
            to: Version::new(0, 0),
            target: None,
            allow_approximate: false,
        };
        let mut words = args.split_whitespace();
        while let Some(word) = words.next() {
            match word {
                "--to" => options.to = ptxkit_isa::version(words.next()?).ok()?,
                "--target" => options.target = Some(ptxkit_isa::target(words.next()?).ok()?),
                "--allow-approximate" => options.allow_approximate = true,
                _ => return None,
            }
        }
        options.to.is_known().then_some(options)
    }
}

/// The result of rewriting one text.
#[derive(Debug)]
pub struct Rewrite {
    /// The move that was made (or refused).
    pub movement: Move,
    /// The rewritten text (the input when nothing changed). Not to be written
    /// when [`Rewrite::refused`] says so.
    pub output: String,
    /// How many rewrites each pass made, by pass name.
    pub applied: BTreeMap<&'static str, usize>,
    /// Refusals: one error per construct that has no equivalent, with spans in
    /// the original text.
    pub refusals: Vec<Diagnostic>,
    /// What the reader of a rewrite should know, with spans in the original text: why a
    /// retarget across an execution model is exact (`no intra-warp communication`), and each
    /// approximate rewrite `--allow-approximate` let through (a warning).
    pub notes: Vec<Diagnostic>,
}

impl Rewrite {
    /// Whether something has no equivalent at the destination (the file must
    /// not be written).
    pub fn refused(&self) -> bool {
        !self.refusals.is_empty()
    }

    /// Whether the output differs from the input.
    pub fn changed(&self, input: &str) -> bool {
        self.output != input
    }

    /// Whether an approximate rewrite was made (with `--allow-approximate`).
    pub fn approximate(&self) -> bool {
        self.notes.iter().any(|n| n.severity == Severity::Warning)
    }
}

/// The passes that run for a move, in order: target passes, then by boundary
/// version, oldest first.
pub fn passes_for(movement: &Move) -> Vec<&'static Migration> {
    let mut selected: Vec<&'static Migration> = migrations::MIGRATIONS
        .iter()
        .copied()
        .filter(|p| {
            p.boundary
                .applies(movement.from, movement.to, movement.from_target, movement.to_target)
        })
        .collect();
    selected.sort_by_key(|p| p.boundary.sort_key());
    selected
}

/// Rewrites `text` to `options.to` (and a target).
pub fn rewrite(text: &str, options: &Options) -> Result<Rewrite, RewriteError> {
    let original = parse(text);
    reject_syntax_errors(&original)?;
    let header = Header::read(&original)?;
    let to_target = destination_target(&original, &header, options)?;
    let movement = Move {
        from: header.version,
        to: options.to,
        from_target: header.target,
        to_target,
    };
    let selected = passes_for(&movement);

    let mut origin = Origin::default();
    let mut gathered = Gathered::default();
    let current = run_passes(parse(text), &selected, movement, options, &mut origin, &mut gathered)?;
    let current = rewrite_header(&current, &movement, &mut origin, &mut gathered)?;
    gathered.refuse_leftovers(&original, &current, &movement, &origin);
    gathered.settle_refusals();

    let output = current.text().to_string();
    if output != text {
        verify_replacement(&original, output.clone()).map_err(RewriteError::Verify)?;
    }
    Ok(Rewrite {
        movement,
        output,
        applied: gathered.applied,
        refusals: gathered.refusals,
        notes: gathered.notes,
    })
}

/// The error for a text that does not parse: where its first syntax error is, and how many
/// there are.
fn reject_syntax_errors(original: &ParsedSource) -> Result<(), RewriteError> {
    let errors = original.syntax_errors();
    match errors.first() {
        Some(first) => Err(RewriteError::Syntax {
            offset: first.span.start,
            count: errors.len(),
        }),
        None => Ok(()),
    }
}

/// The destination target: the one asked for, when the destination version has it; else the
/// one chosen for the file's target and address size.
fn destination_target(original: &ParsedSource, header: &Header, options: &Options) -> Result<Target, RewriteError> {
    match options.target {
        Some(t) if !t.is_supported_by(options.to) => Err(RewriteError::TargetNeedsVersion {
            target: t,
            version: options.to,
            min: t.min_ptx().unwrap_or(options.to),
        }),
        Some(t) => Ok(t),
        None => {
            choose_target(header.target, options.to, address_bits(original, header)).ok_or(RewriteError::NoTargetFor {
                target: header.target,
                version: options.to,
            })
        }
    }
}

/// Runs the passes `selected` on `current` round after round until none has a fix left to
/// make (at most [`MAX_ROUNDS`]), each round's edits recorded in `origin`.
fn run_passes(
    mut current: ParsedSource,
    selected: &[&'static Migration],
    movement: Move,
    options: &Options,
    origin: &mut Origin,
    gathered: &mut Gathered,
) -> Result<ParsedSource, RewriteError> {
    for _ in 0..MAX_ROUNDS {
        let fixes = gathered.round_fixes(selected, &current, movement, options, origin);
        let chosen = choose(&fixes);
        if chosen.is_empty() {
            return Ok(current);
        }
        let mut edits = Vec::new();
        for &index in &chosen {
            let (pass, diagnostic) = &fixes[index];
            *gathered.applied.entry(pass.name).or_insert(0) += 1;
            edits.extend(diagnostic.fix.iter().flat_map(|f| f.edits.iter().cloned()));
        }
        let names: Vec<&str> = chosen.iter().map(|&i| fixes[i].0.name).collect();
        current = apply_round(&current, &edits, &names)?;
        origin.push_round(edits);
    }
    Err(RewriteError::DidNotSettle(MAX_ROUNDS))
}

/// The header last: `.version`, `.target`, `.address_size`, with the edits of the module's
/// check against the destination (its refusals and rewrites gathered).
fn rewrite_header(
    current: &ParsedSource,
    movement: &Move,
    origin: &mut Origin,
    gathered: &mut Gathered,
) -> Result<ParsedSource, RewriteError> {
    let now = Header::read(current)?;
    let mut header_edits = now.edits(movement.to, movement.to_target);
    let module_check = module::check(current, &now, movement);
    for diagnostic in module_check.refusals {
        gathered.refuse(diagnostic, origin);
    }
    header_edits.extend(module_check.edits);
    for (name, count) in module_check.applied {
        *gathered.applied.entry(name).or_insert(0) += count;
    }
    let current = apply_round(current, &header_edits, &["header"])?;
    origin.push_round(header_edits);
    Ok(current)
}

/// What a rewrite gathers over its rounds for [`Rewrite`], spans in the original text.
#[derive(Default)]
struct Gathered {
    /// How many rewrites each pass made.
    applied: BTreeMap<&'static str, usize>,
    /// The refusals kept.
    refusals: Vec<Diagnostic>,
    /// The notes of the rewrites made, each once.
    notes: Vec<Diagnostic>,
    /// The span and message of each refusal kept.
    seen: HashSet<(Span, String)>,
    /// The round each construct (a pass's refusal at its places in the original text) was
    /// first refused in: a later round sees it again in a text other passes have changed, and
    /// a message that names lines of that text would name other lines.
    first_refused: HashMap<(String, Span, Vec<Span>), usize>,
}

impl Gathered {
    /// Keeps refusal `diagnostic` (spans in the text of `origin`'s last round), unless its
    /// construct was first refused in an earlier round or the same refusal is kept already.
    fn refuse(&mut self, diagnostic: Diagnostic, origin: &Origin) {
        let diagnostic = in_original(diagnostic, origin);
        let places = (
            diagnostic.rule.clone(),
            diagnostic.span,
            diagnostic.labels.iter().map(|l| l.span).collect(),
        );
        let round = *self.first_refused.entry(places).or_insert(origin.rounds());
        if round == origin.rounds() && self.seen.insert((diagnostic.span, diagnostic.message.clone())) {
            self.refusals.push(diagnostic);
        }
    }

    /// The fixes the passes `selected` find in `current`, in pass order. A finding without a
    /// fix is refused, and so is an approximate one unless `options` allow it; the note of a
    /// fix is kept.
    fn round_fixes(
        &mut self,
        selected: &[&'static Migration],
        current: &ParsedSource,
        movement: Move,
        options: &Options,
        origin: &Origin,
    ) -> Vec<(&'static Migration, Diagnostic)> {
        let mut fixes: Vec<(&'static Migration, Diagnostic)> = Vec::new();
        let found = crate::migration::findings(selected, current, movement);
        for (pass, found) in selected.iter().zip(found) {
            for diagnostic in found {
                if diagnostic.fix.is_none() {
                    self.refuse(diagnostic, origin);
                } else if approximate(pass, &diagnostic) && !options.allow_approximate {
                    self.refuse(approximate_refusal(pass, diagnostic), origin);
                } else {
                    if let Some(note) = note(pass, &diagnostic) {
                        let note = in_original(note, origin);
                        if !self.notes.contains(&note) {
                            self.notes.push(note);
                        }
                    }
                    fixes.push((pass, diagnostic));
                }
            }
        }
        fixes
    }

    /// Refuses what is left in `current` that the destination rejects, but for what the
    /// original instruction already had under its own version and target.
    fn refuse_leftovers(&mut self, original: &ParsedSource, current: &ParsedSource, movement: &Move, origin: &Origin) {
        let already = |span: Span, now_text: &str| -> Vec<String> {
            let start = origin.original_offset(span.start, origin.rounds());
            original_issues(original, start, now_text, movement)
        };
        for leftover in residual::leftovers(current, movement, &already) {
            self.refuse(residual::refusal(&leftover, leftover.opcode_span, movement), origin);
        }
    }

    /// The refusals in text order. A construct that a pass refused (or could only rewrite
    /// approximately) is not reported a second time by the destination check.
    fn settle_refusals(&mut self) {
        let from_passes: Vec<Span> = self
            .refusals
            .iter()
            .filter(|d| d.rule != residual::NO_EQUIVALENT)
            .map(|d| d.span)
            .collect();
        self.refusals.retain(|d| {
            d.rule != residual::NO_EQUIVALENT
                || !from_passes.iter().any(|s| s.start < d.span.end && d.span.start < s.end)
        });
        self.refusals.sort_by_key(|d| (d.span.start, d.message.clone()));
    }
}

/// `diagnostic` with its spans in the original text.
fn in_original(mut diagnostic: Diagnostic, origin: &Origin) -> Diagnostic {
    diagnostic.span = origin.original_span(diagnostic.span, origin.rounds());
    for label in &mut diagnostic.labels {
        label.span = origin.original_span(label.span, origin.rounds());
    }
    diagnostic
}

/// Whether a rewrite is approximate: every rewrite of an approximate pass; a walk's own
/// rewrite when it says so (an unsafe fix: [`PassContext::approximate_rewrite`]).
///
/// [`PassContext::approximate_rewrite`]: ptxkit_lint::migration::PassContext::approximate_rewrite
fn approximate(pass: &Migration, diagnostic: &Diagnostic) -> bool {
    pass.tag == Tag::Approximate
        || (pass.rule().is_none()
            && diagnostic
                .fix
                .as_ref()
                .is_some_and(|f| f.applicability == Applicability::Unsafe))
}

/// What a rewrite tells the reader ([`Rewrite::notes`]): an approximate rewrite, as a warning
/// with everything it says; a retarget's reason, as it is.
fn note(pass: &Migration, diagnostic: &Diagnostic) -> Option<Diagnostic> {
    let mut note = diagnostic.clone();
    note.fix = None;
    if approximate(pass, diagnostic) {
        note.severity = Severity::Warning;
        return Some(note);
    }
    matches!(pass.boundary, crate::Boundary::TargetFrom(_)).then_some(note)
}

/// 32 when the module uses 32-bit addresses, else 64.
fn address_bits(parsed: &ParsedSource, header: &Header) -> u32 {
    if ptxkit_semantic::addressing::first_32bit_address(parsed, &header.module).is_some() {
        32
    } else {
        64
    }
}

/// The complaints the original instruction at `offset` already had under its
/// own version and target, when it is unchanged (same text).
fn original_issues(original: &ParsedSource, offset: usize, now_text: &str, movement: &Move) -> Vec<String> {
    let text = original.text();
    let Some(node) = original
        .root()
        .descendant_for_byte_range(offset, offset + now_text.len().min(1))
    else {
        return Vec::new();
    };
    match ptxkit_semantic::Instruction::around(node, text) {
        Some(instruction) if &text[instruction.node().byte_range()] == now_text => {
            residual::move_issues(&instruction.form(), movement.from, movement.from_target)
        }
        _ => Vec::new(),
    }
}

/// Picks fixes whose edits neither overlap nor insert at the same offset as
/// an already chosen fix, in the order given (pass order, then position).
fn choose(fixes: &[(&'static Migration, Diagnostic)]) -> Vec<usize> {
    let mut taken: Vec<Span> = Vec::new();
    let mut chosen = Vec::new();
    for (index, (_, diagnostic)) in fixes.iter().enumerate() {
        let Some(fix) = &diagnostic.fix else { continue };
        let clashes = fix.edits.iter().any(|e| {
            taken.iter().any(|t| {
                (e.span.start < t.end && t.start < e.span.end)
                    || (e.span.start == t.start && (e.span.is_empty() || t.is_empty()))
            })
        }) || overlaps_itself(&fix.edits);
        if !clashes {
            taken.extend(fix.edits.iter().map(|e| e.span));
            chosen.push(index);
        }
    }
    chosen
}

fn overlaps_itself(edits: &[TextEdit]) -> bool {
    let mut spans: Vec<Span> = edits.iter().map(|e| e.span).collect();
    spans.sort();
    spans.windows(2).any(|w| w[1].start < w[0].end)
}

fn apply_round(current: &ParsedSource, edits: &[TextEdit], passes: &[&str]) -> Result<ParsedSource, RewriteError> {
    if edits.is_empty() {
        return Ok(parse(current.text()));
    }
    let mut unique: Vec<&str> = passes.to_vec();
    unique.sort_unstable();
    unique.dedup();
    let text = apply_edits(current.text(), edits).map_err(|err| RewriteError::Internal {
        passes: unique.join(", "),
        message: err.to_string(),
    })?;
    let next = parse(text);
    let before = current.syntax_errors().len();
    let after = next.syntax_errors();
    if after.len() > before {
        let at = next.lines().line_column(next.text(), after[0].span.start);
        let line = next.lines().line_text(next.text(), at.line - 1).trim().to_string();
        return Err(RewriteError::Internal {
            passes: unique.join(", "),
            message: format!("the result does not parse at `{line}`"),
        });
    }
    Ok(next)
}

/// The refusal for a rewrite that only an approximate pass can make.
fn approximate_refusal(pass: &Migration, diagnostic: Diagnostic) -> Diagnostic {
    let mut refusal = Diagnostic::new(
        "",
        pass.name,
        Severity::Error,
        match diagnostic.fix.as_ref().map(|f| &f.message) {
            Some(fix) if *fix != diagnostic.message => {
                format!("approximate rewrite not allowed: {} ({fix})", diagnostic.message)
            }
            _ => format!("approximate rewrite not allowed: {}", diagnostic.message),
        },
        diagnostic.span,
    )
    .with_label("needs --allow-approximate");
    refusal.labels = diagnostic.labels;
    refusal.note = Some(diagnostic.note.unwrap_or_else(|| {
        format!(
            "pass `{}` is approximate: observable results may differ (see `ptxrewrite --explain {}`)",
            pass.name, pass.name
        )
    }));
    refusal.help = Some("rerun with --allow-approximate to accept it; the file was not changed".to_string());
    refusal
}
