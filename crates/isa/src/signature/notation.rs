//! The signature notation (`crates/isa/signatures/README.md`): a parser from the text of one
//! `.sig` file to resolved forms.
//!
//! This module is compiled twice: by `build.rs`, which turns every file into static tables, and by
//! the crate's unit tests. It depends on nothing but `std` and the type table
//! (`crate::types::is_type_name`).

use std::collections::BTreeMap;
use std::fmt;

use crate::types::is_type_name;

/// A mistake in a signature file, with its 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based line number.
    pub line: u32,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

fn error<T>(line: u32, message: impl Into<String>) -> Result<T, NotationError> {
    Err(NotationError {
        line,
        message: message.into(),
    })
}

/// One parsed file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SigFile {
    /// Every form, in file order.
    pub forms: Vec<SigForm>,
    /// Every require record, in file order.
    pub requires: Vec<SigRequire>,
    /// Every `types` record, in file order.
    pub types: Vec<SigTypes>,
    /// `@ptxas-names` lines: (line, names).
    pub ptxas_names: Vec<(u32, Vec<String>)>,
    /// Every `rounding`, `rounding-probe`, `companion`, `order` and `type-message` record: (line, kind, head, body lines), read by `build/records.rs`.
    pub records: Vec<SigRecord>,
}

/// A record other than `require`: its line, kind, head (the rest of its first line) and body lines.
pub type SigRecord = (u32, String, String, Vec<(u32, String)>);

/// One form line with its block's definitions resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SigForm {
    /// 1-based line of the form.
    pub line: u32,
    /// The form as written, whitespace normalised.
    pub text: String,
    /// `@section`.
    pub section: String,
    /// `@summary`.
    pub summary: String,
    /// `@effects` words.
    pub effects: Vec<String>,
    /// The opcode word.
    pub opcode: String,
    /// The modifier parts in order.
    pub parts: Vec<SigPart>,
    /// The operand positions in order.
    pub positions: Vec<SigPosition>,
    /// Combinations the block excludes: (pattern tokens without the opcode, reason).
    pub excepts: Vec<(String, String)>,
    /// The 0-based index of the block the form stands in.
    pub block: usize,
    /// The block's `memory` lines, resolved against the form.
    pub memory: Vec<SigEffect>,
    /// The block's `sync` lines, resolved against the form.
    pub sync: Vec<SigEffect>,
    /// The block's `control` lines, resolved against the form.
    pub control: Vec<SigEffect>,
    /// The block's `value` lines, resolved against the form.
    pub values: Vec<SigValueLine>,
}

/// One modifier part of a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SigPart {
    /// The name as written, with its dot (`.type`, `.sync`).
    pub name: String,
    /// The values it takes (a literal takes its own name).
    pub values: Vec<String>,
    /// Written `{.name}`.
    pub optional: bool,
    /// Defined as a slot (not a literal).
    pub slot: bool,
    /// Every value is a type name.
    pub is_type: bool,
}

/// When an operand position is present.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SigPresence {
    /// Always.
    Always,
    /// Present or absent.
    Optional,
    /// Present exactly when the part with this index is written.
    If(usize),
}

/// The shape of one operand position.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
pub enum SigShape {
    /// One operand.
    Single(SigOperand),
    /// Exactly `_`.
    Sink,
    /// `[e1, e2]`; each element may be optional (`{b,}`).
    Address(Vec<(SigOperand, bool)>),
    /// `{a, b, c}`: a braced list of exactly these operands.
    List(Vec<SigOperand>),
    /// `p|q` or `p{|q}`.
    Pair {
        /// The destination.
        first: SigOperand,
        /// The predicate.
        second: SigOperand,
        /// `p{|q}`.
        second_optional: bool,
    },
    /// `{!}c`.
    Negatable(SigOperand),
    /// `(list)`.
    Paren(SigOperand),
}

/// One operand position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SigPosition {
    /// Its shape.
    pub shape: SigShape,
    /// When it is present.
    pub presence: SigPresence,
}

/// Whether an operand is read, written or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SigDirection {
    /// Read.
    In,
    /// Written.
    Out,
    /// Read and written.
    InOut,
}

/// An operand's type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SigType {
    /// Not checked.
    Unchecked,
    /// A fixed type (`.u32`).
    Fixed(String),
    /// The value of a part, scaled: `.type` (1/1), `.type*2` (2/1), `.type/2` (1/2).
    Part {
        /// Index of the part in the form.
        part: usize,
        /// Numerator of the width scale.
        num: u8,
        /// Denominator of the width scale.
        den: u8,
    },
    /// A map from a part's value to a type.
    Map {
        /// Index of the part in the form.
        part: usize,
        /// (value, type) pairs.
        entries: Vec<(String, String)>,
    },
}

/// How many registers an operand is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SigCount {
    /// One operand, not a vector.
    Scalar,
    /// A vector of this many.
    Fixed(u16),
    /// The number in a part's value (`.v4` → 4); absent part → scalar.
    PartNumber(usize),
    /// A map from a part's value to a count.
    Map {
        /// Index of the part in the form.
        part: usize,
        /// (value, count) pairs.
        entries: Vec<(String, u16)>,
    },
    /// A dimension of a shape value (`.m64n128k16`: `n` → 128), scaled.
    Dim {
        /// Index of the part in the form.
        part: usize,
        /// `m`, `n` or `k`.
        letter: char,
        /// Multiply by.
        num: u16,
        /// Divide by.
        den: u16,
    },
}

/// One operand with its legend resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SigOperand {
    /// Its name in the form.
    pub name: String,
    /// Read, written or both.
    pub direction: SigDirection,
    /// The kinds allowed (kind words from the README).
    pub kinds: Vec<String>,
    /// Its type.
    pub ty: SigType,
    /// Its vector count.
    pub count: SigCount,
    /// The register may be wider than the type.
    pub wide: bool,
    /// One register or constant may stand for the whole vector (`scalar`).
    pub scalar: bool,
    /// One value that may also be written braced, `{%r1}` (`braced`).
    pub braced: bool,
    /// An example value for probes.
    pub example: String,
    /// An allowed range for immediates.
    pub range: Option<(i64, i64)>,
    /// An immediate must be a multiple of this (`multiple 8`).
    pub multiple: Option<i64>,
    /// An immediate must not be 0 (`nonzero`: with `range -1..1`, -1 or 1).
    pub nonzero: bool,
    /// The PTX version and base target (`sm` number, 0: any) from which the operand may be
    /// written (`since 7.5`, `since 4.3/sm_30`), when later than the form's.
    pub since: Option<(u8, u8, u16)>,
    /// `async GROUP`: the operation reads or writes the register asynchronously.
    pub asynchronous: Option<String>,
    /// `read-when NAME`: an `inout` operand is read only when the predicate operand NAME is
    /// true (`wgmma`'s accumulators and scale-d).
    pub read_when: Option<String>,
}

/// A `require` record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SigRequire {
    /// 1-based line of `require`.
    pub line: u32,
    /// The pattern.
    pub pattern: String,
    /// `ptx X.Y` (the version text) and whether it was written `<X.Y` (exists only before).
    pub ptx: String,
    /// `ptx <X.Y`.
    pub before: bool,
    /// `target …` text, empty for every target.
    pub target: String,
    /// `ptxas` strings (version subject, target subject).
    pub ptxas: Vec<String>,
    /// `not-supported`.
    pub not_supported: bool,
    /// `probe`.
    pub probe: String,
    /// `setup`.
    pub setup: String,
    /// `attrs`.
    pub attrs: String,
    /// `source`.
    pub source: String,
    /// `block`: the record applies only to the forms of the block it stands in (0-based
    /// index), not to every instance its pattern matches.
    pub block: Option<usize>,
}

/// The kind words an operand legend may use.
pub const KINDS: &[&str] = &[
    "reg",
    "pred",
    "imm",
    "sreg",
    "sym",
    "func",
    "label",
    "addr",
    "sink",
    "discard",
    "texref",
    "samplerref",
    "surfref",
    "params",
];

/// The effect words `@effects` may use.
pub const EFFECTS: &[&str] = &["none", "read", "write", "sync", "collective", "control", "async"];

/// A legend before resolution against a form.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Legend {
    direction: Option<SigDirection>,
    kinds: Vec<String>,
    ty: Option<RawType>,
    count: Option<RawCount>,
    wide: bool,
    scalar: bool,
    braced: bool,
    presence_if: Option<String>,
    example: String,
    range: Option<(i64, i64)>,
    multiple: Option<i64>,
    nonzero: bool,
    since: Option<(u8, u8, u16)>,
    asynchronous: Option<String>,
    read_when: Option<String>,
    line: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum RawType {
    Fixed(String),
    Part(String, u8, u8),
    Map(String, Vec<(String, String)>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum RawCount {
    Fixed(u16),
    Part(String),
    Map(String, Vec<(String, u16)>),
    Dim(String, char, u16, u16),
}

/// Definitions in scope: the preamble's, overridden by the block's.
#[derive(Debug, Clone, Default)]
struct Scope {
    slots: BTreeMap<String, Vec<String>>,
    legends: BTreeMap<String, Legend>,
    excepts: Vec<(String, String)>,
    /// `memory` lines (line, text after the keyword); a block's replace the preamble's.
    memory: Option<Vec<(u32, String)>>,
    /// `sync` lines, likewise.
    sync: Option<Vec<(u32, String)>>,
    /// `control` lines, likewise.
    control: Option<Vec<(u32, String)>>,
    /// `value` lines, likewise.
    value: Option<Vec<(u32, String)>>,
}

/// A form line not yet resolved (the block's later lines may still define its slots).
#[derive(Debug, Clone)]
struct PendingForm {
    line: u32,
    text: String,
    section: String,
    summary: String,
    effects: Vec<String>,
}

/// Parses one file's text.
pub fn parse(text: &str) -> Result<SigFile, NotationError> {
    Parser::default().run(text)
}

#[derive(Default)]
struct Parser {
    file: SigFile,
    preamble: Scope,
    block: Scope,
    pending: Vec<PendingForm>,
    seen_form: bool,
    section: String,
    summary: String,
    effects: Vec<String>,
    /// The index of the current block.
    block_index: usize,
}

/// A logical statement: its first line and its text (comments removed, lines joined).
struct Statement {
    line: u32,
    text: String,
}

impl Parser {
    fn run(mut self, text: &str) -> Result<SigFile, NotationError> {
        let lines: Vec<(u32, String)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i as u32 + 1, strip_comment(l).to_string()))
            .collect();
        let mut i = 0;
        while i < lines.len() {
            let (line_no, line) = (&lines[i].0, lines[i].1.as_str());
            let line_no = *line_no;
            let trimmed = line.trim();
            if trimmed.is_empty() {
                i += 1;
                continue;
            }
            if trimmed.len() >= 3 && trimmed.chars().all(|c| c == '-') {
                self.end_block()?;
                i += 1;
                continue;
            }
            if let Some(header) = trimmed.strip_prefix('@') {
                self.header(line_no, header)?;
                i += 1;
                continue;
            }
            let record = [
                "require ",
                "types ",
                "rounding ",
                "rounding-probe ",
                "companion ",
                "order ",
                "type-message ",
            ]
            .iter()
            .find(|k| trimmed.starts_with(**k));
            if let Some(pattern) = record.map(|k| &trimmed[k.len()..]) {
                // The record's key/value lines are the indented lines that follow.
                let mut body = Vec::new();
                i += 1;
                while i < lines.len() {
                    let (n, l) = (&lines[i].0, &lines[i].1);
                    if l.trim().is_empty() {
                        i += 1;
                        continue;
                    }
                    if !l.starts_with([' ', '\t']) {
                        break;
                    }
                    body.push((*n, l.trim().to_string()));
                    i += 1;
                }
                if record == Some(&"types ") {
                    self.file.types.push(types_record(line_no, pattern.trim(), &body)?);
                    continue;
                }
                if let Some(kind) = record.filter(|k| **k != "require ") {
                    let head = (line_no, kind.trim().to_string(), pattern.trim().to_string(), body);
                    self.file.records.push(head);
                    continue;
                }
                let mut record = require(line_no, pattern.trim(), &body)?;
                if record.block.is_some() {
                    record.block = Some(self.block_index);
                }
                self.file.requires.push(record);
                continue;
            }
            // A statement: read until its terminator.
            let (statement, next) = read_statement(&lines, i)?;
            i = next;
            self.statement(statement)?;
        }
        self.end_block()?;
        if self.file.forms.is_empty() {
            return error(1, "the file has no form");
        }
        for (line, _) in self.preamble.value.as_deref().unwrap_or_default() {
            if !self.file.forms.iter().any(|f| f.values.iter().any(|v| v.line == *line)) {
                return error(*line, "the value line applies to no form of the file");
            }
        }
        Ok(self.file)
    }

    fn header(&mut self, line: u32, header: &str) -> Result<(), NotationError> {
        let (name, value) = header.split_once(char::is_whitespace).unwrap_or((header, ""));
        let value = value.trim();
        match name {
            "section" => {
                if value.is_empty() || !value.chars().all(|c| c.is_ascii_digit() || c == '.') {
                    return error(
                        line,
                        format!("@section needs a section number like 9.7.1.1, not '{value}'"),
                    );
                }
                self.section = value.to_string();
            }
            "summary" => {
                if value.is_empty() {
                    return error(line, "@summary needs a text");
                }
                self.summary = value.to_string();
            }
            "effects" => {
                let words: Vec<String> = value.split_whitespace().map(str::to_string).collect();
                if words.is_empty() {
                    return error(line, "@effects needs at least one word (none, read, write, sync, …)");
                }
                for w in &words {
                    if !EFFECTS.contains(&w.as_str()) {
                        return error(line, format!("unknown effect '{w}' (known: {})", EFFECTS.join(", ")));
                    }
                }
                if words.len() > 1 && words.iter().any(|w| w == "none") {
                    return error(line, "'none' cannot be combined with other effects");
                }
                self.effects = words;
            }
            "ptxas-names" => match value.split_once(" source ") {
                Some((names, source)) if !names.trim().is_empty() && !source.trim().is_empty() => {
                    let names = names.split_whitespace().map(str::to_string).collect();
                    self.file.ptxas_names.push((line, names));
                }
                _ => return error(line, "@ptxas-names needs names and 'source WHERE'"),
            },
            other => {
                return error(
                    line,
                    format!("unknown header '@{other}' (known: @section, @summary, @effects, @ptxas-names)"),
                );
            }
        }
        Ok(())
    }

    fn scope(&mut self) -> &mut Scope {
        if self.seen_form {
            &mut self.block
        } else {
            &mut self.preamble
        }
    }

    fn statement(&mut self, statement: Statement) -> Result<(), NotationError> {
        let text = statement.text.trim();
        for keyword in ["memory ", "sync ", "value ", "control "] {
            if let Some(rest) = text.strip_prefix(keyword) {
                let rest = rest.trim().trim_end_matches(';').trim().to_string();
                let scope = self.scope();
                let lines = match keyword {
                    "memory " => &mut scope.memory,
                    "sync " => &mut scope.sync,
                    "control " => &mut scope.control,
                    _ => &mut scope.value,
                };
                lines.get_or_insert_with(Vec::new).push((statement.line, rest));
                return Ok(());
            }
        }
        if let Some(rest) = text.strip_prefix("except ") {
            let rest = rest.trim().trim_end_matches(';').trim();
            let Some((pattern, reason)) = rest.split_once(" because ") else {
                return error(
                    statement.line,
                    "an except line is written: except PATTERN because REASON;",
                );
            };
            if pattern.trim().is_empty() || reason.trim().is_empty() {
                return error(statement.line, "an except line needs a pattern and a reason");
            }
            let scope = self.scope();
            scope
                .excepts
                .push((pattern.trim().to_string(), reason.trim().to_string()));
            return Ok(());
        }
        if text.starts_with('.') {
            let (names, values) = slot_line(statement.line, text)?;
            let scope = self.scope();
            for name in names {
                scope.slots.insert(name, values.clone());
            }
            return Ok(());
        }
        if let Some((names, spec)) = legend_split(text) {
            let legend = legend(statement.line, spec)?;
            let scope = self.scope();
            for name in names {
                scope.legends.insert(name, legend.clone());
            }
            return Ok(());
        }
        if self.section.is_empty() {
            return error(statement.line, "a form before any @section");
        }
        if !self.seen_form {
            self.seen_form = true;
            self.block = Scope::default();
        }
        self.pending.push(PendingForm {
            line: statement.line,
            text: text.to_string(),
            section: self.section.clone(),
            summary: self.summary.clone(),
            effects: if self.effects.is_empty() {
                vec!["none".to_string()]
            } else {
                self.effects.clone()
            },
        });
        Ok(())
    }

    fn end_block(&mut self) -> Result<(), NotationError> {
        let mut scope = self.preamble.clone();
        scope.slots.extend(self.block.slots.clone());
        scope.legends.extend(self.block.legends.clone());
        scope.excepts.extend(self.block.excepts.clone());
        if self.block.memory.is_some() {
            scope.memory.clone_from(&self.block.memory);
        }
        if self.block.sync.is_some() {
            scope.sync.clone_from(&self.block.sync);
        }
        if self.block.value.is_some() {
            scope.value.clone_from(&self.block.value);
        }
        if self.block.control.is_some() {
            scope.control.clone_from(&self.block.control);
        }
        let first = self.file.forms.len();
        for pending in std::mem::take(&mut self.pending) {
            let mut form = resolve(&pending, &scope)?;
            form.block = self.block_index;
            self.file.forms.push(form);
        }
        // A name a memory or sync line uses must be an operand or part of some form of the
        // block (a form without it leaves its key out); a value line must apply to some form.
        let forms = &self.file.forms[first..];
        for (line, text) in self.block.value.as_deref().unwrap_or_default() {
            if !forms.is_empty() && !forms.iter().any(|f| f.values.iter().any(|v| v.line == *line)) {
                let form = &forms[0];
                let parts = &form.parts;
                let positions = &form.positions;
                value_line(*line, text, parts, positions)?;
                return error(*line, "the value line applies to no form of the block");
            }
        }
        if let Some(form) = forms.first() {
            for (i, effect) in form.memory.iter().chain(&form.sync).chain(&form.control).enumerate() {
                for name in &effect.missing {
                    let everywhere = forms.iter().all(|f| {
                        f.memory
                            .iter()
                            .chain(&f.sync)
                            .chain(&f.control)
                            .nth(i)
                            .is_some_and(|e| e.missing.contains(name))
                    });
                    if everywhere {
                        return error(
                            effect.line,
                            format!("'{name}' is not an operand or part of any form of the block"),
                        );
                    }
                }
            }
        }
        self.block = Scope::default();
        self.block_index += 1;
        Ok(())
    }
}

fn strip_comment(line: &str) -> &str {
    // `//` outside a string starts a comment.
    let mut in_string = false;
    let bytes = line.as_bytes();
    for i in 0..bytes.len() {
        match bytes[i] {
            b'"' => in_string = !in_string,
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Reads a statement starting at `lines[start]`: a slot line ends at its `}` (and an optional
/// `;`), anything else at `;`.
fn read_statement(lines: &[(u32, String)], start: usize) -> Result<(Statement, usize), NotationError> {
    let first = lines[start].0;
    let is_slot = lines[start].1.trim_start().starts_with('.');
    let mut text = String::new();
    let mut i = start;
    while i < lines.len() {
        let l = lines[i].1.trim();
        if i > start
            && (l.starts_with('@') || l.starts_with("require ") || (l.len() >= 3 && l.chars().all(|c| c == '-')))
        {
            break;
        }
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(l);
        i += 1;
        let done = if is_slot {
            text.contains('}')
        } else {
            text.trim_end().ends_with(';')
        };
        if done {
            return Ok((Statement { line: first, text }, i));
        }
    }
    let what = if is_slot { "'}'" } else { "';'" };
    error(first, format!("statement not terminated by {what}: '{}'", text.trim()))
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// A character of a modifier part: `::` sub-parts, digits, and the bank of `.const[2]`.
fn is_part_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | ':' | '[' | ']')
}

/// `.a = .b = { .x, .y };` → ([".a", ".b"], [".x", ".y"]).
fn slot_line(line: u32, text: &str) -> Result<(Vec<String>, Vec<String>), NotationError> {
    let open = text.find('{').ok_or_else(|| NotationError {
        line,
        message: format!("a slot line needs '{{ … }}': '{text}'"),
    })?;
    let close = text.rfind('}').unwrap_or(text.len());
    let rest = text[close + 1..].trim();
    if !(rest.is_empty() || rest == ";") {
        return error(line, format!("unexpected text after '}}': '{rest}'"));
    }
    let mut names = Vec::new();
    for name in text[..open].split('=') {
        let name = name.trim();
        if name.is_empty() {
            continue;
        }
        if !name.starts_with('.') || name.len() < 2 || !name[1..].chars().all(is_part_char) {
            return error(line, format!("bad slot name '{name}' (write .name = {{ … }})"));
        }
        names.push(name.to_string());
    }
    if names.is_empty() {
        return error(line, "a slot line needs a name");
    }
    let mut values = Vec::new();
    for value in text[open + 1..close].split(',') {
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        if !value.starts_with('.') || value.len() < 2 || !value[1..].chars().all(is_part_char) {
            return error(
                line,
                format!("bad slot value '{value}' (values are written with their dot: .rn)"),
            );
        }
        if values.iter().any(|v| v == value) {
            return error(line, format!("value '{value}' listed twice"));
        }
        values.push(value.to_string());
    }
    if values.is_empty() {
        return error(line, format!("slot {} has no values", names.join(" = ")));
    }
    Ok((names, values))
}

/// `d, e : spec` → (names, spec), if the text is a legend line.
fn legend_split(text: &str) -> Option<(Vec<String>, &str)> {
    let colon = text.find(':')?;
    if text[colon + 1..].starts_with(':') {
        return None;
    }
    let names: Vec<String> = text[..colon].split(',').map(|n| n.trim().to_string()).collect();
    let valid = names.iter().all(|n| {
        !n.is_empty()
            && n.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && n.chars().all(is_name_char)
    });
    valid.then(|| (names, text[colon + 1..].trim().trim_end_matches(';').trim()))
}

/// Splits a spec into items, keeping parenthesized groups whole.
fn spec_items(spec: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut current = String::new();
    let mut depth = 0;
    for c in spec.chars() {
        match c {
            '(' => {
                depth += 1;
                current.push(c);
            }
            ')' => {
                depth -= 1;
                current.push(c);
            }
            c if c.is_whitespace() && depth == 0 => {
                if !current.is_empty() {
                    items.push(std::mem::take(&mut current));
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        items.push(current);
    }
    items
}

/// The legend a spec gives an operand (`out reg .u32 x4 eg %r1`).
fn legend(line: u32, spec: &str) -> Result<Legend, NotationError> {
    let mut legend = Legend {
        line,
        ..Legend::default()
    };
    let items = spec_items(spec);
    let mut i = 0;
    while i < items.len() {
        let item = items[i].as_str();
        match item {
            "out" | "inout" => {
                if legend.direction.is_some() {
                    return error(line, "direction given twice");
                }
                legend.direction = Some(if item == "out" {
                    SigDirection::Out
                } else {
                    SigDirection::InOut
                });
            }
            "wide" => legend.wide = true,
            "scalar" => legend.scalar = true,
            "braced" => legend.braced = true,
            "nonzero" => legend.nonzero = true,
            "if" | "eg" | "range" | "multiple" | "since" | "async" | "read-when" => {
                let Some(value) = items.get(i + 1) else {
                    return error(line, format!("'{item}' needs a value"));
                };
                i += 1;
                legend_value(line, &mut legend, item, value)?;
            }
            _ if item.starts_with('x') && item.len() > 1 => {
                if legend.count.is_some() {
                    return error(line, "vector count given twice");
                }
                legend.count = Some(raw_count(line, &item[1..])?);
            }
            _ if item.starts_with('.') || item.starts_with('(') => {
                if legend.ty.is_some() {
                    return error(line, "type given twice");
                }
                legend.ty = Some(raw_type(line, item)?);
            }
            _ => legend_kinds(line, &mut legend, item)?,
        }
        i += 1;
    }
    Ok(legend)
}

/// Sets what a legend's valued item (`if`, `eg`, `range`, `multiple`, `since`, `async`,
/// `read-when`) says.
fn legend_value(line: u32, legend: &mut Legend, item: &str, value: &str) -> Result<(), NotationError> {
    match item {
        "if" => {
            if !value.starts_with('.') {
                return error(line, format!("'if' names a part with its dot, not '{value}'"));
            }
            legend.presence_if = Some(value.to_string());
        }
        "eg" => legend.example = value.to_string(),
        "read-when" => legend.read_when = Some(value.to_string()),
        "async" => {
            if !GROUPS.contains(&value) {
                return error(line, format!("unknown group '{value}' (known: {})", GROUPS.join(", ")));
            }
            legend.asynchronous = Some(value.to_string());
        }
        "since" => legend.since = Some(legend_since(line, value)?),
        "multiple" => {
            let Some(n) = parse_int(value).filter(|n| *n > 1) else {
                return error(line, format!("multiple is written N (above 1), not '{value}'"));
            };
            legend.multiple = Some(n);
        }
        _ => {
            let Some((lo, hi)) = value.split_once("..") else {
                return error(line, format!("range is written LO..HI, not '{value}'"));
            };
            let (Some(lo), Some(hi)) = (parse_int(lo), parse_int(hi)) else {
                return error(line, format!("bad range '{value}'"));
            };
            legend.range = Some((lo, hi));
        }
    }
    Ok(())
}

/// A legend's `since X.Y` or `since X.Y/sm_NN`: (major, minor, sm; 0 when not given).
fn legend_since(line: u32, value: &str) -> Result<(u8, u8, u16), NotationError> {
    let (version, target) = value.split_once('/').unwrap_or((value, ""));
    let sm = match target.strip_prefix("sm_") {
        None if target.is_empty() => Some(0),
        None => None,
        Some(digits) => digits.parse().ok(),
    };
    let parsed = version
        .split_once('.')
        .and_then(|(major, minor)| Some((major.parse().ok()?, minor.parse().ok()?, sm?)));
    let Some(since) = parsed else {
        return error(line, format!("since is written X.Y or X.Y/sm_NN, not '{value}'"));
    };
    Ok(since)
}

/// Adds the operand kinds of a legend item (`reg|imm`), each known and listed once.
fn legend_kinds(line: u32, legend: &mut Legend, item: &str) -> Result<(), NotationError> {
    for kind in item.split('|') {
        if !KINDS.contains(&kind) {
            return error(
                line,
                format!("unknown operand kind '{kind}' (known: {})", KINDS.join(", ")),
            );
        }
        if legend.kinds.iter().any(|k| k == kind) {
            return error(line, format!("kind '{kind}' listed twice"));
        }
        legend.kinds.push(kind.to_string());
    }
    Ok(())
}

fn parse_int(text: &str) -> Option<i64> {
    let text = text.trim();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let value = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        Some(hex) => i64::from_str_radix(hex, 16).ok()?,
        None => digits.parse().ok()?,
    };
    Some(if negative { -value } else { value })
}

/// `(.slot: .a = X, .b = Y)` → (slot, [(a, X), (b, Y)]).
fn map_entries(line: u32, text: &str) -> Result<(String, Vec<(String, String)>), NotationError> {
    let inner = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(|| NotationError {
            line,
            message: format!("a map is written (.slot: .value = result, …), not '{text}'"),
        })?;
    let (slot, rest) = inner.split_once(':').ok_or_else(|| NotationError {
        line,
        message: format!("a map names its slot first: (.slot: …), not '{text}'"),
    })?;
    let slot = slot.trim();
    if !slot.starts_with('.') {
        return error(line, format!("a map's slot is written with its dot, not '{slot}'"));
    }
    let mut entries = Vec::new();
    for entry in rest.split(',') {
        let (value, result) = entry.split_once('=').ok_or_else(|| NotationError {
            line,
            message: format!("a map entry is written .value = result, not '{}'", entry.trim()),
        })?;
        entries.push((value.trim().to_string(), result.trim().to_string()));
    }
    if entries.is_empty() {
        return error(line, "an empty map");
    }
    Ok((slot.to_string(), entries))
}

fn raw_type(line: u32, text: &str) -> Result<RawType, NotationError> {
    if text.starts_with('(') {
        let (slot, entries) = map_entries(line, text)?;
        for (_, ty) in &entries {
            if !is_type_name(ty) {
                return error(line, format!("'{ty}' is not a type"));
            }
        }
        return Ok(RawType::Map(slot, entries));
    }
    let (name, num, den) = if let Some((name, factor)) = text.split_once('*') {
        (name, factor.parse::<u8>().ok(), Some(1))
    } else if let Some((name, divisor)) = text.split_once('/') {
        (name, Some(1), divisor.parse::<u8>().ok())
    } else {
        (text, Some(1), Some(1))
    };
    let (Some(num), Some(den)) = (num, den) else {
        return error(line, format!("bad type scale in '{text}' (write .type*2 or .type/2)"));
    };
    if num == 0 || den == 0 {
        return error(line, format!("bad type scale in '{text}'"));
    }
    if is_type_name(name) {
        if num != 1 || den != 1 {
            return error(line, format!("scale a slot, not a fixed type: '{text}'"));
        }
        return Ok(RawType::Fixed(name.to_string()));
    }
    if !name.starts_with('.') || name.len() < 2 || !name[1..].chars().all(is_part_char) {
        return error(line, format!("'{name}' is neither a type nor a slot"));
    }
    Ok(RawType::Part(name.to_string(), num, den))
}

fn raw_count(line: u32, text: &str) -> Result<RawCount, NotationError> {
    if let Ok(n) = text.parse::<u16>() {
        if n < 1 {
            return error(line, "a vector count is at least 1");
        }
        return Ok(RawCount::Fixed(n));
    }
    if text.starts_with('(') && text.contains(':') {
        let (slot, entries) = map_entries(line, text)?;
        let mut counts = Vec::new();
        for (value, count) in entries {
            // `.1d = 1|2|4`: any of these counts (the first is the canonical one).
            for alternative in count.split('|') {
                let Ok(n) = alternative.trim().parse::<u16>() else {
                    return error(line, format!("'{count}' is not a count"));
                };
                counts.push((value.clone(), n));
            }
        }
        return Ok(RawCount::Map(slot, counts));
    }
    if let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        // (.shape.n / 2), (.shape.n * 2), (.shape.n)
        let compact: String = inner.chars().filter(|c| !c.is_whitespace()).collect();
        let (dim, num, den) = if let Some((d, f)) = compact.split_once('*') {
            (d.to_string(), f.parse().ok(), Some(1))
        } else if let Some((d, f)) = compact.split_once('/') {
            (d.to_string(), Some(1), f.parse().ok())
        } else {
            (compact.clone(), Some(1), Some(1))
        };
        let (Some(num), Some(den)) = (num, den) else {
            return error(line, format!("bad count expression '{text}'"));
        };
        let Some((slot, letter)) = dim.rsplit_once('.') else {
            return error(line, format!("a dimension is written .slot.n, not '{dim}'"));
        };
        let letter = match letter {
            "m" => 'm',
            "n" => 'n',
            "k" => 'k',
            other => return error(line, format!("a dimension is m, n or k, not '{other}'")),
        };
        if !slot.starts_with('.') || num == 0 || den == 0 {
            return error(line, format!("bad count expression '{text}'"));
        }
        return Ok(RawCount::Dim(slot.to_string(), letter, num, den));
    }
    if text.starts_with('.') && text[1..].chars().all(is_part_char) {
        return Ok(RawCount::Part(text.to_string()));
    }
    error(
        line,
        format!("bad vector count 'x{text}' (x4, x.vec, x(.slot: .v = N, …), x(.shape.n / 2))"),
    )
}

fn require(line: u32, pattern: &str, body: &[(u32, String)]) -> Result<SigRequire, NotationError> {
    if pattern.is_empty() {
        return error(line, "require needs a pattern");
    }
    let mut record = SigRequire {
        line,
        pattern: pattern.to_string(),
        ptx: String::new(),
        before: false,
        target: String::new(),
        ptxas: Vec::new(),
        not_supported: false,
        probe: String::new(),
        setup: String::new(),
        attrs: String::new(),
        source: String::new(),
        block: None,
    };
    for (n, text) in body {
        // `source` takes the rest of its line (sources contain ';').
        let (text, source) = match text.find("source ") {
            Some(at) if text[..at].trim().is_empty() || text[..at].trim_end().ends_with(';') => {
                (&text[..at], Some(text[at + "source ".len()..].trim()))
            }
            _ => (text.as_str(), None),
        };
        if let Some(source) = source {
            record.source = source.to_string();
        }
        for item in split_items(text) {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            let (key, value) = item.split_once(char::is_whitespace).unwrap_or((item, ""));
            let value = value.trim();
            match key {
                "ptx" => {
                    let (before, version) = match value.strip_prefix('<') {
                        Some(v) => (true, v.trim()),
                        None => (false, value),
                    };
                    if version
                        .split_once('.')
                        .is_none_or(|(a, b)| a.parse::<u8>().is_err() || b.parse::<u8>().is_err())
                    {
                        return error(*n, format!("ptx needs a version like 8.0, not '{value}'"));
                    }
                    record.ptx = version.to_string();
                    record.before = before;
                }
                "target" => record.target = value.to_string(),
                "ptxas" => {
                    record.ptxas = quoted_strings(*n, value)?;
                    if record.ptxas.is_empty() || record.ptxas.len() > 2 {
                        return error(*n, "ptxas takes one or two quoted strings");
                    }
                }
                "not-supported" => record.not_supported = true,
                "block" => record.block = Some(0),
                "probe" | "setup" | "attrs" => {
                    let strings = quoted_strings(*n, value)?;
                    let [s] = strings.as_slice() else {
                        return error(*n, format!("{key} takes one quoted string"));
                    };
                    let s = s.replace("\\n", "\n");
                    match key {
                        "probe" => record.probe = s,
                        "setup" => record.setup = s,
                        _ => record.attrs = s,
                    }
                }
                other => {
                    return error(
                        *n,
                        format!(
                            "unknown require key '{other}' (ptx, target, ptxas, not-supported, block, probe, setup, attrs; source last on its line)"
                        ),
                    );
                }
            }
        }
    }
    if record.ptx.is_empty() {
        return error(line, "require needs 'ptx X.Y'");
    }
    if record.source.is_empty() {
        return error(line, "require needs 'source …'");
    }
    Ok(record)
}

/// A `types OPCODE` record (`ptxkit_isa::legal_types::TypeRule`): `legal .t1, .t2 …`,
/// `probe "TEMPLATE"`, `position N` (which type modifier is the instruction type; default 0),
/// `source …` (the rest of its line).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SigTypes {
    /// 1-based line of `types`.
    pub line: u32,
    /// The opcode.
    pub opcode: String,
    /// `position`.
    pub position: usize,
    /// `legal`.
    pub legal: Vec<String>,
    /// `probe`.
    pub probe: String,
    /// `source`.
    pub source: String,
}

fn types_record(line: u32, opcode: &str, body: &[(u32, String)]) -> Result<SigTypes, NotationError> {
    let opcode = opcode.to_string();
    let mut record = SigTypes {
        line,
        opcode,
        ..SigTypes::default()
    };
    for (n, text) in body {
        let (text, source) = text.split_once("source ").unwrap_or((text, ""));
        record.source.push_str(source.trim());
        for item in split_items(text).iter().map(|i| i.trim()).filter(|i| !i.is_empty()) {
            match item.split_once(char::is_whitespace).unwrap_or((item, "")) {
                ("legal", v) => record
                    .legal
                    .extend(v.split([',', ' ']).filter(|t| !t.is_empty()).map(str::to_string)),
                ("probe", v) => match quoted_strings(*n, v)?.as_slice() {
                    [probe] => record.probe.clone_from(probe),
                    _ => return error(*n, "probe takes one quoted string"),
                },
                ("position", v) => {
                    record.position = v.trim().parse().or_else(|_| error(*n, "position needs a number"))?
                }
                (key, _) => {
                    return error(
                        *n,
                        format!("unknown types key '{key}' (legal, probe, position, source)"),
                    );
                }
            }
        }
    }
    if record.legal.is_empty() || record.probe.is_empty() || record.source.is_empty() {
        return error(
            line,
            "a types record needs 'legal .t1, .t2 …', 'probe \"…\"' and 'source …'",
        );
    }
    Ok(record)
}

/// Splits `a; b "x;y"; c` on semicolons outside quotes.
fn split_items(text: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut current = String::new();
    let mut in_string = false;
    let mut escaped = false;
    for c in text.chars() {
        if in_string {
            current.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                current.push(c);
            }
            ';' => items.push(std::mem::take(&mut current)),
            c => current.push(c),
        }
    }
    items.push(current);
    items
}

fn quoted_strings(line: u32, text: &str) -> Result<Vec<String>, NotationError> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        match chars.next() {
            None => return Ok(out),
            Some('"') => {
                let mut s = String::new();
                loop {
                    match chars.next() {
                        None => return error(line, "unterminated string"),
                        Some('\\') => match chars.next() {
                            Some('"') => s.push('"'),
                            Some('\\') => s.push('\\'),
                            Some('n') => s.push_str("\\n"),
                            Some(c) => {
                                s.push('\\');
                                s.push(c);
                            }
                            None => return error(line, "unterminated string"),
                        },
                        Some('"') => break,
                        Some(c) => s.push(c),
                    }
                }
                out.push(s);
            }
            Some(c) => return error(line, format!("expected a quoted string, found '{c}'")),
        }
    }
}

// ------------------------------------------------------------------ forms

/// An operand list token.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Name(String),
    Punct(char),
}

fn tokens(line: u32, text: &str) -> Result<Vec<Tok>, NotationError> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if "[]{}(),|!".contains(c) {
            out.push(Tok::Punct(c));
            i += 1;
        } else if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && is_name_char(chars[i]) {
                i += 1;
            }
            out.push(Tok::Name(chars[start..i].iter().collect()));
        } else {
            return error(line, format!("unexpected '{c}' in the operand list"));
        }
    }
    Ok(out)
}

/// An unresolved operand position.
#[derive(Debug, Clone)]
enum RawShape {
    Single(String),
    Sink,
    Address(Vec<(String, bool)>),
    List(Vec<String>),
    Pair(String, String, bool),
    Negatable(String),
    Paren(String),
}

struct OperandParser<'a> {
    toks: &'a [Tok],
    at: usize,
    line: u32,
}

impl OperandParser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn peek_at(&self, offset: usize) -> Option<&Tok> {
        self.toks.get(self.at + offset)
    }

    fn punct(&mut self, c: char) -> Result<(), NotationError> {
        match self.peek() {
            Some(Tok::Punct(p)) if *p == c => {
                self.at += 1;
                Ok(())
            }
            other => error(
                self.line,
                format!("expected '{c}' in the operand list, found {other:?}"),
            ),
        }
    }

    fn name(&mut self) -> Result<String, NotationError> {
        match self.peek() {
            Some(Tok::Name(n)) => {
                let n = n.clone();
                self.at += 1;
                Ok(n)
            }
            other => error(self.line, format!("expected an operand name, found {other:?}")),
        }
    }

    fn is_punct(&self, offset: usize, c: char) -> bool {
        matches!(self.peek_at(offset), Some(Tok::Punct(p)) if *p == c)
    }

    /// The whole list: positions with their presence (`{, x}` optional).
    fn list(&mut self) -> Result<Vec<(RawShape, bool)>, NotationError> {
        let mut out = Vec::new();
        if self.peek().is_none() {
            return Ok(out);
        }
        // An optional group may open the list: `{a,}` is not used; groups are `{, x}`.
        out.push((self.position()?, false));
        loop {
            match self.peek() {
                None => return Ok(out),
                Some(Tok::Punct(',')) => {
                    self.at += 1;
                    out.push((self.position()?, false));
                }
                Some(Tok::Punct('{')) if self.is_punct(1, ',') => {
                    self.at += 2;
                    let shape = self.position()?;
                    self.punct('}')?;
                    out.push((shape, true));
                }
                other => return error(self.line, format!("unexpected {other:?} in the operand list")),
            }
        }
    }

    fn position(&mut self) -> Result<RawShape, NotationError> {
        match self.peek() {
            Some(Tok::Punct('[')) => {
                self.at += 1;
                let mut elements = Vec::new();
                loop {
                    if self.is_punct(0, '{') {
                        // `{b,}`: an element that may be left out.
                        self.at += 1;
                        let name = self.name()?;
                        self.punct(',')?;
                        self.punct('}')?;
                        elements.push((name, true));
                        continue;
                    }
                    elements.push((self.name()?, false));
                    match self.peek() {
                        Some(Tok::Punct(',')) => self.at += 1,
                        Some(Tok::Punct(']')) => {
                            self.at += 1;
                            return Ok(RawShape::Address(elements));
                        }
                        other => return error(self.line, format!("expected ',' or ']', found {other:?}")),
                    }
                }
            }
            Some(Tok::Punct('{')) if self.is_punct(1, '!') => {
                self.at += 2;
                self.punct('}')?;
                Ok(RawShape::Negatable(self.name()?))
            }
            Some(Tok::Punct('{')) => {
                self.at += 1;
                let mut names = vec![self.name()?];
                while self.is_punct(0, ',') {
                    self.at += 1;
                    names.push(self.name()?);
                }
                self.punct('}')?;
                Ok(RawShape::List(names))
            }
            Some(Tok::Punct('(')) => {
                self.at += 1;
                let name = self.name()?;
                self.punct(')')?;
                Ok(RawShape::Paren(name))
            }
            Some(Tok::Name(n)) if n == "_" => {
                self.at += 1;
                Ok(RawShape::Sink)
            }
            Some(Tok::Name(_)) => {
                let first = self.name()?;
                if self.is_punct(0, '|') {
                    self.at += 1;
                    let second = self.name()?;
                    return Ok(RawShape::Pair(first, second, false));
                }
                if self.is_punct(0, '{') && self.is_punct(1, '|') {
                    self.at += 2;
                    let second = self.name()?;
                    self.punct('}')?;
                    return Ok(RawShape::Pair(first, second, true));
                }
                Ok(RawShape::Single(first))
            }
            other => error(self.line, format!("expected an operand, found {other:?}")),
        }
    }
}

/// A form line split into its opcode, its parts as written (name, optional) and its operand text.
type SplitForm = (String, Vec<(String, bool)>, String);

/// Splits a form line into (opcode, parts as written, operand text).
fn split_form(line: u32, text: &str) -> Result<SplitForm, NotationError> {
    let text = text.trim().trim_end_matches(';').trim();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
        i += 1;
    }
    if i == 0 {
        return error(line, format!("a form starts with its opcode: '{text}'"));
    }
    let opcode: String = chars[..i].iter().collect();
    let mut parts = Vec::new();
    loop {
        if i < chars.len() && chars[i] == '.' {
            let start = i;
            i += 1;
            while i < chars.len() && is_part_char(chars[i]) {
                i += 1;
            }
            if i == start + 1 {
                return error(line, "an empty part ('.' with no name)");
            }
            parts.push((chars[start..i].iter().collect(), false));
        } else if i + 1 < chars.len() && chars[i] == '{' && chars[i + 1] == '.' {
            let start = i + 1;
            i += 2;
            while i < chars.len() && is_part_char(chars[i]) {
                i += 1;
            }
            if i >= chars.len() || chars[i] != '}' {
                return error(line, "an optional part is written {.name}");
            }
            parts.push((chars[start..i].iter().collect(), true));
            i += 1;
        } else {
            break;
        }
    }
    if i < chars.len() && !chars[i].is_whitespace() {
        return error(line, format!("unexpected '{}' after the opcode chain", chars[i]));
    }
    Ok((opcode, parts, chars[i..].iter().collect::<String>().trim().to_string()))
}

/// A pending form resolved against the definitions in scope: its parts, its operands with
/// their legends, and the memory, value and sync lines that apply to it.
fn resolve(pending: &PendingForm, scope: &Scope) -> Result<SigForm, NotationError> {
    let line = pending.line;
    let (opcode, raw_parts, operand_text) = split_form(line, &pending.text)?;
    let parts = form_parts(line, raw_parts, scope)?;
    let operands = FormOperands {
        line,
        text: &pending.text,
        scope,
        parts: &parts,
        type_parts: (0..parts.len()).filter(|&i| parts[i].is_type).collect(),
    };
    let positions = operands.positions(&operand_text)?;
    let memory = effects(MEMORY, scope.memory.as_deref().unwrap_or_default(), &parts, &positions)?;
    let values = applicable_values(scope, &parts, &positions)?;
    let sync = effects(
        SYNC_KINDS,
        scope.sync.as_deref().unwrap_or_default(),
        &parts,
        &positions,
    )?;
    let control = effects(
        CONTROL_KINDS,
        scope.control.as_deref().unwrap_or_default(),
        &parts,
        &positions,
    )?;
    Ok(SigForm {
        line,
        text: pending
            .text
            .trim()
            .trim_end_matches(';')
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
        section: pending.section.clone(),
        summary: pending.summary.clone(),
        effects: pending.effects.clone(),
        opcode,
        parts,
        positions,
        excepts: scope.excepts.clone(),
        block: 0,
        memory,
        sync,
        control,
        values,
    })
}

/// The parts of a form as written (name, optional), each with its values: a slot's, or its
/// own name.
fn form_parts(line: u32, raw_parts: Vec<(String, bool)>, scope: &Scope) -> Result<Vec<SigPart>, NotationError> {
    let mut parts = Vec::new();
    for (name, optional) in raw_parts {
        let (values, slot) = match scope.slots.get(&name) {
            Some(values) => (values.clone(), true),
            None => (vec![name.clone()], false),
        };
        if parts.iter().any(|p: &SigPart| p.name == name) {
            return error(line, format!("part {name} appears twice in the form"));
        }
        let is_type = values.iter().all(|v| is_type_name(v));
        parts.push(SigPart {
            name,
            values,
            optional,
            slot,
            is_type,
        });
    }
    Ok(parts)
}

/// The value lines that apply to a form: a line naming an operand or part the form lacks does
/// not apply to it (the block end checks that it applies to some form).
fn applicable_values(
    scope: &Scope,
    parts: &[SigPart],
    positions: &[SigPosition],
) -> Result<Vec<SigValueLine>, NotationError> {
    let mut values = Vec::new();
    for (line, text) in scope.value.as_deref().unwrap_or_default() {
        match value_line(*line, text, parts, positions) {
            Ok(value) => values.push(value),
            Err(e) if e.message.contains(" is not ") => {}
            Err(e) => return Err(e),
        }
    }
    Ok(values)
}

/// The operands of one form being resolved: its line and text, the definitions in scope, and
/// its resolved parts (`type_parts`: those whose values are all types).
struct FormOperands<'f> {
    line: u32,
    text: &'f str,
    scope: &'f Scope,
    parts: &'f [SigPart],
    type_parts: Vec<usize>,
}

impl FormOperands<'_> {
    /// The index of part `name`, which the form must have.
    fn part_index(&self, name: &str) -> Result<usize, NotationError> {
        self.parts
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| NotationError {
                line: self.line,
                message: format!("'{name}' is not a part of the form '{}'", self.text),
            })
    }

    /// The positions of the form's operand text.
    fn positions(&self, operand_text: &str) -> Result<Vec<SigPosition>, NotationError> {
        let toks = tokens(self.line, operand_text)?;
        let mut parser = OperandParser {
            toks: &toks,
            at: 0,
            line: self.line,
        };
        parser
            .list()?
            .into_iter()
            .map(|(shape, optional)| self.position(shape, optional))
            .collect()
    }

    /// One position, its operands resolved, present always, optionally or when a part is
    /// written (an operand's `if`).
    fn position(&self, shape: RawShape, optional: bool) -> Result<SigPosition, NotationError> {
        let mut presence_if = None;
        let mut single = |name: &str, in_address: bool| -> Result<SigOperand, NotationError> {
            let (op, pif) = self.operand(name, in_address)?;
            if pif.is_some() {
                presence_if = pif;
            }
            Ok(op)
        };
        let shape = match shape {
            RawShape::Single(n) => SigShape::Single(single(&n, false)?),
            RawShape::Sink => SigShape::Sink,
            RawShape::Address(elements) => SigShape::Address(
                elements
                    .iter()
                    .map(|(n, opt)| Ok((single(n, true)?, *opt)))
                    .collect::<Result<_, NotationError>>()?,
            ),
            RawShape::List(names) => SigShape::List(
                names
                    .iter()
                    .map(|n| single(n, false))
                    .collect::<Result<_, NotationError>>()?,
            ),
            RawShape::Pair(a, b, opt) => SigShape::Pair {
                first: single(&a, false)?,
                second: single(&b, false)?,
                second_optional: opt,
            },
            RawShape::Negatable(n) => SigShape::Negatable(single(&n, false)?),
            RawShape::Paren(n) => SigShape::Paren(single(&n, false)?),
        };
        let presence = match (optional, presence_if) {
            (false, None) => SigPresence::Always,
            (true, None) => SigPresence::Optional,
            (true, Some(p)) => SigPresence::If(p),
            (false, Some(_)) => {
                return error(self.line, "an operand with 'if' must be written as optional: {, name}");
            }
        };
        Ok(SigPosition { shape, presence })
    }

    /// Operand `name` (in an address: `in_address`) as its legend says, with the part its
    /// presence depends on (`if`).
    fn operand(&self, name: &str, in_address: bool) -> Result<(SigOperand, Option<usize>), NotationError> {
        let legend = self.scope.legends.get(name).cloned();
        let legend_line = legend.as_ref().map_or(self.line, |l| l.line);
        let legend = legend.unwrap_or_default();
        let mut kinds = legend.kinds.clone();
        if kinds.is_empty() {
            kinds = if in_address {
                vec!["addr".to_string()]
            } else {
                vec!["reg".to_string(), "imm".to_string()]
            };
        }
        let ty = self.operand_type(name, &legend, legend_line, &kinds, in_address)?;
        let count = self.operand_count(&legend)?;
        let presence_if = match &legend.presence_if {
            Some(p) => Some(self.part_index(p)?),
            None => None,
        };
        if let Some(p) = presence_if
            && !self.parts[p].optional
        {
            return error(
                legend_line,
                format!("operand '{name}': 'if {}' names a required part", self.parts[p].name),
            );
        }
        Ok((
            SigOperand {
                name: name.to_string(),
                direction: legend.direction.unwrap_or(SigDirection::In),
                kinds,
                ty,
                count,
                wide: legend.wide,
                scalar: legend.scalar,
                braced: legend.braced,
                example: legend.example.clone(),
                range: legend.range,
                multiple: legend.multiple,
                nonzero: legend.nonzero,
                since: legend.since,
                asynchronous: legend.asynchronous.clone(),
                read_when: legend.read_when.clone(),
            },
            presence_if,
        ))
    }

    /// The type of operand `name`: its legend's, else `.pred` for a predicate, else the form's
    /// one type part for a register or constant.
    fn operand_type(
        &self,
        name: &str,
        legend: &Legend,
        legend_line: u32,
        kinds: &[String],
        in_address: bool,
    ) -> Result<SigType, NotationError> {
        Ok(match &legend.ty {
            Some(RawType::Fixed(t)) => SigType::Fixed(t.clone()),
            Some(RawType::Part(p, num, den)) => {
                let part = self.part_index(p).map_err(|e| NotationError {
                    line: legend_line.max(e.line),
                    message: format!("operand '{name}': {}", e.message),
                })?;
                if !self.parts[part].is_type {
                    return error(legend_line, format!("operand '{name}': part {p} is not a type part"));
                }
                SigType::Part {
                    part,
                    num: *num,
                    den: *den,
                }
            }
            Some(RawType::Map(p, entries)) => SigType::Map {
                part: self.part_index(p)?,
                entries: entries.clone(),
            },
            // A predicate (and not a data register) is `.pred` whatever the form's type.
            None if kinds.iter().any(|k| k == "pred") && !kinds.iter().any(|k| k == "reg") => {
                SigType::Fixed(".pred".to_string())
            }
            None => {
                let typed_kind = kinds.iter().any(|k| k == "reg" || k == "imm");
                match self.type_parts.as_slice() {
                    [only] if typed_kind && !in_address => SigType::Part {
                        part: *only,
                        num: 1,
                        den: 1,
                    },
                    [] => SigType::Unchecked,
                    _ if !typed_kind || in_address => SigType::Unchecked,
                    _ => {
                        return error(
                            self.line,
                            format!(
                                "operand '{name}' needs a type in its legend: the form '{}' has several type parts",
                                self.text
                            ),
                        );
                    }
                }
            }
        })
    }

    /// The element count of an operand, as its legend says.
    fn operand_count(&self, legend: &Legend) -> Result<SigCount, NotationError> {
        Ok(match &legend.count {
            None => SigCount::Scalar,
            Some(RawCount::Fixed(n)) => SigCount::Fixed(*n),
            // A count from a part the form does not have: the operand is a scalar there
            // (`x.vec` in a legend shared with forms without `.vec`).
            Some(RawCount::Part(p)) => match self.part_index(p) {
                Ok(i) => SigCount::PartNumber(i),
                Err(_) => SigCount::Scalar,
            },
            Some(RawCount::Map(p, entries)) => SigCount::Map {
                part: self.part_index(p)?,
                entries: entries.clone(),
            },
            Some(RawCount::Dim(p, letter, num, den)) => SigCount::Dim {
                part: self.part_index(p)?,
                letter: *letter,
                num: *num,
                den: *den,
            },
        })
    }
}

/// The asynchronous groups `async`, `commit`, `wait` and `operand-fence` name.
pub const GROUPS: &[&str] = &["cp.async", "bulk", "wgmma", "tcgen05", "tcgen05.ld", "tcgen05.st"];
/// The memory-ordering words (`order`).
pub const ORDERS: &[&str] = &[
    "weak", "volatile", "relaxed", "acquire", "release", "acq_rel", "sc", "mmio",
];
/// The scope words (`scope`).
pub const SCOPES: &[&str] = &["cta", "cluster", "gpu", "sys"];
/// The proxy words (`proxy`).
pub const PROXIES: &[&str] = &["generic", "async", "tensormap", "alias", "texture", "constant"];
/// The state-space words of `space` (besides a part of the form): `first` and `second` name
/// the form's first and second state-space parts (the destination and the source of
/// `cp.async.bulk.dst.src`).
pub const SPACES: &[&str] = &[
    "generic",
    "first",
    "second",
    ".global",
    ".shared::cta",
    ".shared::cluster",
    ".local",
    ".const",
    ".param",
    "tensor",
    "texture",
];

/// A value in a `memory` or `sync` line, resolved against a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SigValue {
    /// A word of the key's vocabulary.
    Word(String),
    /// An operand: the index of its position in the form.
    Position(usize),
    /// A part: its index in the form.
    Part(usize),
    /// A number.
    Number(u32),
    /// A flag written alone.
    Yes,
}

/// A `memory` or `sync` line resolved against one form: its kind (`read`/`write`/`modify`
/// for memory lines, the sync kind for sync lines), its keys and its source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SigEffect {
    /// 1-based line.
    pub line: u32,
    /// The first word.
    pub kind: String,
    /// The keys and their values, in line order (the operand of a memory line under key
    /// `operand`).
    pub keys: Vec<(String, SigValue)>,
    /// `source`: where the manual says it.
    pub source: String,
    /// The operands and parts the line names that this form lacks.
    pub missing: Vec<String>,
}

impl SigEffect {
    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&SigValue> {
        self.keys.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

/// What a key of an effect line takes.
#[derive(Clone, Copy)]
enum Takes {
    /// An operand name.
    Operand,
    /// A part name.
    Part,
    /// A word of this list.
    Word(&'static [&'static str]),
    /// A word of this list or a part.
    WordOrPart(&'static [&'static str]),
    /// A number or an operand name.
    NumberOrOperand,
    /// A number or a word of this list.
    NumberOrWord(&'static [&'static str]),
    /// Nothing (a flag), or a part: set when that part is written.
    Flag,
    /// A group, or `mbarrier NAME`.
    Completion,
}

/// The first words of sync lines and the keys each takes (the first key of `barrier` and
/// `wait`/`commit`/`operand-fence` is positional: scope and mode, or the group).
const SYNC_KINDS: LineKinds = &[
    (
        "barrier",
        &[
            ("scope", Takes::Word(&["cta", "cluster"])),
            ("mode", Takes::Word(&["wait", "arrive", "reduce"])),
            ("id", Takes::Operand),
            ("threads", Takes::Operand),
            ("aligned", Takes::Flag),
            ("order", Takes::Word(ORDERS)),
        ],
    ),
    ("warp-barrier", &[("mask", Takes::Operand)]),
    (
        "fence",
        &[
            ("order", Takes::Word(ORDERS)),
            ("scope", Takes::Word(SCOPES)),
            ("proxy", Takes::Word(PROXIES)),
            ("space", Takes::Part),
        ],
    ),
    (
        "commit",
        &[("group", Takes::Word(GROUPS)), ("mbarrier", Takes::Operand)],
    ),
    (
        "wait",
        &[
            ("group", Takes::Word(GROUPS)),
            ("pending", Takes::Operand),
            ("read", Takes::Flag),
        ],
    ),
    (
        "mbarrier",
        &[
            (
                "op",
                Takes::Word(&[
                    "init",
                    "inval",
                    "arrive",
                    "expect-tx",
                    "complete-tx",
                    "test-wait",
                    "try-wait",
                    "pending-count",
                    "track-cp.async",
                ]),
            ),
            ("object", Takes::Operand),
            ("count", Takes::Operand),
            ("tx", Takes::Operand),
            ("parity", Takes::Operand),
            ("state", Takes::Operand),
            ("drop", Takes::Flag),
            ("expect-tx", Takes::Flag),
        ],
    ),
    ("operand-fence", &[("group", Takes::Word(GROUPS))]),
    (
        "collective",
        &[
            ("mask", Takes::Operand),
            ("aligned", Takes::Flag),
            ("legacy", Takes::Flag),
        ],
    ),
    ("elect", &[("mask", Takes::Operand)]),
    ("active-mask", &[]),
    ("tensor-free", &[]),
    ("exit", &[]),
    ("trap", &[]),
];

/// The keys of memory lines (after `ACCESS OPERAND`).
const MEMORY_KEYS: &[(&str, Takes)] = &[
    ("space", Takes::WordOrPart(SPACES)),
    ("width", Takes::Operand),
    ("bytes", Takes::NumberOrOperand),
    ("least-bytes", Takes::NumberOrWord(&[])),
    ("order", Takes::Word(ORDERS)),
    ("scope", Takes::Word(SCOPES)),
    ("proxy", Takes::Word(PROXIES)),
    ("async", Takes::Completion),
    ("atomic", Takes::Flag),
    ("if", Takes::Part),
    ("align", Takes::NumberOrWord(&["full"])),
    ("what", Takes::Word(WHATS)),
    ("format", Takes::Word(DESCRIPTOR_FORMATS)),
    ("row-lanes", Takes::Operand),
];

/// The matrix descriptor formats a `descriptor` memory line names (`format`).
pub const DESCRIPTOR_FORMATS: &[&str] = &["wgmma", "tcgen05"];

/// What a memory line's address points at (`what`), for messages: an access of the line's
/// bytes when not given.
pub const WHATS: &[&str] = &["cp.async-copy", "bulk-copy", "matrix-row", "mbarrier-object"];

/// The kinds of `control` lines and the keys each takes.
const CONTROL_KINDS: &[(&str, Schema)] = &[
    ("return", &[]),
    ("branch", &[("target", Takes::Operand), ("table", Takes::Operand)]),
];

/// The kinds of lines `effects` reads: memory lines (`MEMORY`), or sync or control lines
/// (their kinds and keys).
type LineKinds = &'static [(&'static str, Schema)];

/// Memory lines: their heads are read by `memory_head`, not looked up.
const MEMORY: LineKinds = &[];

/// The keys that must be written on a line of each kind (besides `source`).
fn required_keys(kind: &str) -> &'static [&'static str] {
    match kind {
        "barrier" => &["scope", "mode"],
        "warp-barrier" | "elect" => &["mask"],
        "commit" => &["group"],
        "wait" => &["group"],
        "mbarrier" => &["op", "object"],
        "operand-fence" => &["group"],
        _ => &[],
    }
}

/// The `memory`, `sync` or `control` lines (`kinds`) of a block, resolved against one form.
fn effects(
    kinds: LineKinds,
    lines: &[(u32, String)],
    parts: &[SigPart],
    positions: &[SigPosition],
) -> Result<Vec<SigEffect>, NotationError> {
    lines
        .iter()
        .filter(|(_, text)| !kinds.is_empty() || !descriptor_not_in_form(text, positions))
        .map(|(line, text)| effect(kinds, *line, text, parts, positions))
        .collect()
}

/// Whether memory line `text` reads through a descriptor operand the form does not have: a
/// `descriptor` line applies to the forms that take the descriptor (`wgmma`'s A comes from a
/// descriptor or from registers).
fn descriptor_not_in_form(text: &str, positions: &[SigPosition]) -> bool {
    let mut words = text.split_whitespace().skip(1);
    words.next() == Some("descriptor") && words.next().is_some_and(|name| position_of(positions, name).is_none())
}

/// The index of the position with an operand named `name`.
fn position_of(positions: &[SigPosition], name: &str) -> Option<usize> {
    positions.iter().position(|p| {
        let named = |o: &SigOperand| o.name == name;
        match &p.shape {
            SigShape::Single(o) | SigShape::Negatable(o) | SigShape::Paren(o) => named(o),
            SigShape::Sink => false,
            SigShape::Address(elements) => elements.iter().any(|(o, _)| named(o)),
            SigShape::List(list) => list.iter().any(named),
            SigShape::Pair { first, second, .. } => named(first) || named(second),
        }
    })
}

/// The words of a memory or sync line after its first, with a look at the next.
type Words<'t> = std::iter::Peekable<std::str::SplitWhitespace<'t>>;

/// The keys a memory or sync line may write, each with what it takes.
type Schema = &'static [(&'static str, Takes)];

/// One `memory`, `sync` or `control` line (`kinds`), resolved against one form.
fn effect(
    kinds: LineKinds,
    line: u32,
    text: &str,
    parts: &[SigPart],
    positions: &[SigPosition],
) -> Result<SigEffect, NotationError> {
    let (text, source) = split_source(line, text)?;
    let mut words = text.split_whitespace().peekable();
    let Some(kind) = words.next() else {
        return error(line, "an empty memory or sync line");
    };
    let mut resolved = EffectLine {
        line,
        parts,
        positions,
        keys: Vec::new(),
        missing: Vec::new(),
    };
    let is_memory = kinds.is_empty();
    let schema = if is_memory {
        resolved.memory_head(kind, &mut words)?
    } else {
        resolved.sync_head(kinds, kind, &mut words)?
    };
    while let Some(key) = words.next() {
        resolved.key(schema, key, &mut words)?;
    }
    for required in required_keys(kind) {
        if !resolved.has(required) {
            return error(line, format!("'sync {kind}' needs '{required}'"));
        }
    }
    if is_memory && resolved.has("descriptor") != resolved.has("format") {
        return error(
            line,
            "a descriptor memory line names its descriptor's format, and only it does: memory read descriptor a-desc format wgmma ...",
        );
    }
    resolved.resolve_spaces(is_memory)?;
    Ok(SigEffect {
        line,
        kind: kind.to_string(),
        keys: resolved.keys,
        source,
        missing: resolved.missing,
    })
}

/// A memory or sync line's text split from its `source WHERE` ending (which it must have).
fn split_source(line: u32, text: &str) -> Result<(&str, String), NotationError> {
    match text.split_once(" source ") {
        Some((text, source)) if !source.trim().is_empty() => Ok((text, source.trim().to_string())),
        _ => error(
            line,
            "a memory or sync line ends with 'source WHERE' (the manual's section and line)",
        ),
    }
}

/// The next word of a line, the value `key` needs.
fn key_value<'t>(line: u32, key: &str, words: &mut Words<'t>) -> Result<&'t str, NotationError> {
    words.next().ok_or_else(|| NotationError {
        line,
        message: format!("'{key}' needs a value"),
    })
}

/// `word`, which must be one of `vocabulary` (the words `key` takes).
fn vocabulary_word(line: u32, key: &str, vocabulary: &[&str], word: &str) -> Result<SigValue, NotationError> {
    if !vocabulary.contains(&word) {
        return error(line, format!("{key} is one of {}, not '{word}'", vocabulary.join(", ")));
    }
    Ok(SigValue::Word(word.to_string()))
}

/// Whether the position is an address: an address in brackets, or an operand of an address,
/// texture or surface kind.
fn is_address_position(position: &SigPosition) -> bool {
    match &position.shape {
        SigShape::Address(_) => true,
        SigShape::Single(o) => o
            .kinds
            .iter()
            .any(|k| matches!(k.as_str(), "addr" | "texref" | "surfref")),
        _ => false,
    }
}

/// A memory or sync line being resolved against one form: the form's parts and positions,
/// and the keys and the missing names found so far.
struct EffectLine<'f> {
    line: u32,
    parts: &'f [SigPart],
    positions: &'f [SigPosition],
    keys: Vec<(String, SigValue)>,
    missing: Vec<String>,
}

impl EffectLine<'_> {
    /// The position of operand `name`, which the form must have.
    fn operand(&self, name: &str) -> Result<usize, NotationError> {
        position_of(self.positions, name).ok_or_else(|| NotationError {
            line: self.line,
            message: format!("'{name}' is not an operand of the form"),
        })
    }

    /// The index of part `name`, which the form must have.
    fn part(&self, name: &str) -> Result<usize, NotationError> {
        self.parts
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| NotationError {
                line: self.line,
                message: format!("'{name}' is not a part of the form"),
            })
    }

    /// Whether `key` is already given.
    fn has(&self, key: &str) -> bool {
        self.keys.iter().any(|(k, _)| k == key)
    }

    /// Operand `name`, or (the form lacks it; another form of the block has it: checked when
    /// the block ends) nothing, with `name` noted as missing.
    fn operand_or_missing(&mut self, name: &str) -> Option<SigValue> {
        match position_of(self.positions, name) {
            Some(at) => Some(SigValue::Position(at)),
            None => {
                self.missing.push(name.to_string());
                None
            }
        }
    }

    /// Part `name`, or (the form lacks it) nothing, with `name` noted as missing.
    fn part_or_missing(&mut self, name: &str) -> Option<SigValue> {
        match self.parts.iter().position(|p| p.name == name) {
            Some(at) => Some(SigValue::Part(at)),
            None => {
                self.missing.push(name.to_string());
                None
            }
        }
    }

    /// A memory line's access and address operand (`read a`), giving the keys that follow.
    fn memory_head(&mut self, kind: &str, words: &mut Words<'_>) -> Result<Schema, NotationError> {
        let line = self.line;
        if !["read", "write", "modify"].contains(&kind) {
            return error(
                line,
                format!("a memory line starts with read, write or modify, not '{kind}'"),
            );
        }
        let Some(mut name) = words.next() else {
            return error(line, "a memory line names its address operand: memory read a ...");
        };
        // `memory read descriptor a-desc ...`: the operand is a matrix descriptor that holds
        // the address (wgmma, tcgen05.mma), not an address.
        let descriptor = name == "descriptor";
        if descriptor {
            let Some(next) = words.next() else {
                return error(line, "'memory read descriptor' names its descriptor operand");
            };
            name = next;
            self.keys.push(("descriptor".to_string(), SigValue::Yes));
        }
        let at = self.operand(name)?;
        if !descriptor && !is_address_position(&self.positions[at]) {
            return error(line, format!("'{name}' is not an address: a memory line names one"));
        }
        if descriptor && is_address_position(&self.positions[at]) {
            return error(line, format!("'{name}' is an address, not a descriptor"));
        }
        self.keys.push(("operand".to_string(), SigValue::Position(at)));
        Ok(MEMORY_KEYS)
    }

    /// A sync line's kind and its positional words (a barrier's scope and mode, a group, an
    /// mbarrier operation), giving the keys that follow.
    fn sync_head(&mut self, kinds: LineKinds, kind: &str, words: &mut Words<'_>) -> Result<Schema, NotationError> {
        let line = self.line;
        let Some((_, schema)) = kinds.iter().find(|(k, _)| *k == kind) else {
            let known: Vec<&str> = kinds.iter().map(|(k, _)| *k).collect();
            return error(line, format!("unknown kind '{kind}' (known: {})", known.join(", ")));
        };
        let positional: &[&str] = match kind {
            "barrier" => &["scope", "mode"],
            "commit" | "wait" | "operand-fence" => &["group"],
            "mbarrier" => &["op"],
            _ => &[],
        };
        for key in positional {
            let Some(word) = words.next() else {
                return error(line, format!("'sync {kind}' needs its {key}"));
            };
            let Some((_, Takes::Word(vocabulary))) = schema.iter().find(|(k, _)| k == key) else {
                unreachable!("positional keys are words");
            };
            let value = vocabulary_word(line, key, vocabulary, word)?;
            self.keys.push((key.to_string(), value));
        }
        Ok(schema)
    }

    /// Key `key` of `schema` and its value, read from `words`.
    fn key(&mut self, schema: Schema, key: &str, words: &mut Words<'_>) -> Result<(), NotationError> {
        let Some(&(_, takes)) = schema.iter().find(|(k, _)| *k == key) else {
            let known: Vec<&str> = schema.iter().map(|(k, _)| *k).collect();
            return error(
                self.line,
                format!("unknown key '{key}' here (known: {})", known.join(", ")),
            );
        };
        if self.has(key) {
            return error(self.line, format!("key '{key}' given twice"));
        }
        if let Some(resolved) = self.value(key, takes, words)? {
            self.keys.push((key.to_string(), resolved));
        }
        Ok(())
    }

    /// The value of `key`, which takes `takes`, read from `words` (`None`: an operand or part
    /// the form lacks, which leaves the key out).
    fn value(&mut self, key: &str, takes: Takes, words: &mut Words<'_>) -> Result<Option<SigValue>, NotationError> {
        let line = self.line;
        Ok(match takes {
            Takes::Operand => self.operand_or_missing(key_value(line, key, words)?),
            Takes::Part => self.part_or_missing(key_value(line, key, words)?),
            Takes::Word(vocabulary) => Some(vocabulary_word(line, key, vocabulary, key_value(line, key, words)?)?),
            Takes::WordOrPart(vocabulary) => {
                let word = key_value(line, key, words)?;
                if vocabulary.contains(&word) {
                    Some(SigValue::Word(word.to_string()))
                } else if word.starts_with('.') {
                    Some(SigValue::Part(self.part(word)?))
                } else {
                    return error(
                        line,
                        format!("{key} is a part or one of {}, not '{word}'", vocabulary.join(", ")),
                    );
                }
            }
            Takes::NumberOrWord(vocabulary) => {
                let word = key_value(line, key, words)?;
                match word.parse::<u32>() {
                    Ok(n) => Some(SigValue::Number(n)),
                    Err(_) => Some(vocabulary_word(line, key, vocabulary, word)?),
                }
            }
            Takes::NumberOrOperand => {
                let word = key_value(line, key, words)?;
                match word.parse::<u32>() {
                    Ok(n) => Some(SigValue::Number(n)),
                    Err(_) => self.operand_or_missing(word),
                }
            }
            Takes::Flag => match words.peek() {
                // A part the form lacks is never written.
                Some(next) if next.starts_with('.') => {
                    let next = words.next().expect("peeked");
                    self.part_or_missing(next)
                }
                _ => Some(SigValue::Yes),
            },
            Takes::Completion => Some(self.completion(key, words)?),
        })
    }

    /// The value of `async`: a group, or `mbarrier NAME` (which also gives key `mbarrier`).
    fn completion(&mut self, key: &str, words: &mut Words<'_>) -> Result<SigValue, NotationError> {
        let word = key_value(self.line, key, words)?;
        if word == "mbarrier" {
            let name = key_value(self.line, key, words)?;
            let at = self.operand(name)?;
            self.keys.push(("mbarrier".to_string(), SigValue::Position(at)));
        } else if !GROUPS.contains(&word) {
            return error(
                self.line,
                format!("async is 'mbarrier NAME' or one of {}, not '{word}'", GROUPS.join(", ")),
            );
        }
        Ok(SigValue::Word(word.to_string()))
    }

    /// `space first` and `space second` turned into the form's first or second state-space
    /// part (`.dst.src` in the manual's chains), and a memory line's space when it gives none:
    /// the form's one state-space part, else a generic address.
    fn resolve_spaces(&mut self, is_memory: bool) -> Result<(), NotationError> {
        let parts = self.parts;
        let spaces: Vec<usize> = (0..parts.len())
            .filter(|&i| parts[i].values.iter().all(|v| is_state_space(v)))
            .collect();
        for (key, value) in &mut self.keys {
            let nth = match value {
                SigValue::Word(w) if key == "space" && w == "first" => 0,
                SigValue::Word(w) if key == "space" && w == "second" => 1,
                _ => continue,
            };
            let Some(&part) = spaces.get(nth) else {
                return error(
                    self.line,
                    format!("the form has no {} state-space part", ["first", "second"][nth]),
                );
            };
            *value = SigValue::Part(part);
        }
        if is_memory && !self.has("space") {
            let space = match spaces.as_slice() {
                [] => SigValue::Word("generic".to_string()),
                [one] => SigValue::Part(*one),
                _ => {
                    return error(self.line, "the form names several state spaces: say which with 'space'");
                }
            };
            self.keys.push(("space".to_string(), space));
        }
        Ok(())
    }
}

/// Whether a modifier names a state space (`.global`, `.shared::cta`, `.const[2]`, …).
fn is_state_space(modifier: &str) -> bool {
    matches!(
        modifier,
        ".global"
            | ".shared"
            | ".shared::cta"
            | ".shared::cluster"
            | ".local"
            | ".const"
            | ".param"
            | ".param::entry"
            | ".param::func"
            | ".tex"
    ) || modifier.starts_with(".const[")
}

/// One step of a `value` line's expression, in postfix order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SigValueOp {
    /// The value of the operand in this position.
    Operand(usize),
    /// A constant.
    Const(i64),
    /// The generic address of the start of a state space's window: the part naming the
    /// space, or a fixed space.
    Window(Option<usize>, String),
    /// An operator (`+`, `-`, `*`, `/`, `%`, `<<`, `>>`, `&`, `|`, `^`, `==`, `!=`, `<`, `<=`,
    /// `>`, `>=`, `min`, `max`), or a part whose written value is one (`.CmpOp`, `.BoolOp`).
    Binary(String),
    /// The operator a part's value names.
    BinaryPart(usize),
    /// `-x`, `~x`, `!x`, `abs(x)`.
    Unary(String),
    /// `c ? a : b`.
    Select,
    /// `lane`: the executing thread's lane in its warp (`%laneid`).
    Lane,
    /// `at(a, j)`: the value `a` has in lane `j` of the executing thread's warp (`shfl`).
    InLane,
    /// `element(a, k)`: element `k` of the vector operand in this position (`mov`'s pack).
    Element(usize, u8),
    /// `elected(m)`: the lane `elect.sync` picks among the lanes of mask `m` in the executing
    /// thread's warp (one of them, not said which; the same for the same mask).
    Elected,
}

/// A `value` line resolved against a form: `value d = EXPR when .mod source WHERE;`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SigValueLine {
    /// 1-based line.
    pub line: u32,
    /// The position of the operand it gives the value of.
    pub dest: usize,
    /// Whether it gives the predicate of a `d|p` pair at that position (else the value, or
    /// the whole operand).
    pub predicate: bool,
    /// The expression, postfix.
    pub program: Vec<SigValueOp>,
    /// Applies only when this modifier is written (`when .lo`).
    pub when: Option<String>,
    /// Applies only when this modifier is not written (`unless .sat`).
    pub unless: Option<String>,
    /// The line as written (`d = a + b unless .sat`), whitespace normalised.
    pub text: String,
    /// Where the manual says it.
    pub source: String,
}

/// The binary operators of value lines, loosest first, by precedence level.
const VALUE_LEVELS: &[&[&str]] = &[
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<", "<=", ">", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

/// The operators a part's value may name in a value line (`.CmpOp`, `.BoolOp`): comparisons
/// (`.lo`/`.hi` are the unsigned `<`/`>`) and logical combinations.
pub const PART_OPERATORS: &[(&str, &str)] = &[
    (".eq", "=="),
    (".ne", "!="),
    (".lt", "<"),
    (".le", "<="),
    (".gt", ">"),
    (".ge", ">="),
    (".lo", "<u"),
    (".ls", "<=u"),
    (".hi", ">u"),
    (".hs", ">=u"),
    (".and", "&"),
    (".or", "|"),
    (".xor", "^"),
];

fn value_line(
    line: u32,
    text: &str,
    parts: &[SigPart],
    positions: &[SigPosition],
) -> Result<SigValueLine, NotationError> {
    let (text, source) = match text.split_once(" source ") {
        Some((text, source)) if !source.trim().is_empty() => (text, source.trim().to_string()),
        _ => {
            return error(
                line,
                "a value line ends with 'source WHERE' (the manual's section and line)",
            );
        }
    };
    let written = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let (text, unless) = match text.rsplit_once(" unless ") {
        Some((t, m)) => (t, Some(m.trim().to_string())),
        None => (text, None),
    };
    let (text, when) = match text.rsplit_once(" when ") {
        Some((t, m)) => (t, Some(m.trim().to_string())),
        None => (text, None),
    };
    let Some((dest, expr)) = text.split_once('=') else {
        return error(line, "a value line is written: value DEST = EXPR source WHERE;");
    };
    let dest = dest.trim();
    let Some(position) = position_of(positions, dest) else {
        return error(line, format!("'{dest}' is not an operand of the form"));
    };
    let predicate = matches!(&positions[position].shape, SigShape::Pair { second, .. } if second.name == dest);
    let dest = position;
    let tokens = value_tokens(line, expr)?;
    let mut parser = ValueParser {
        tokens: &tokens,
        at: 0,
        line,
        parts,
        positions,
        out: Vec::new(),
    };
    parser.select()?;
    if parser.at != tokens.len() {
        return error(
            line,
            format!("unexpected '{}' in the value expression", tokens[parser.at]),
        );
    }
    Ok(SigValueLine {
        line,
        dest,
        predicate,
        program: parser.out,
        when,
        unless,
        text: written,
        source,
    })
}

fn value_tokens(line: u32, text: &str) -> Result<Vec<String>, NotationError> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || matches!(chars[i], '_' | '.' | ':')) {
                i += 1;
            }
        } else {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            i += if ["<<", ">>", "<=", ">=", "==", "!=", "&&", "||"].contains(&two.as_str()) {
                2
            } else if "+-*/%&|^~!<>?:(),".contains(c) {
                1
            } else {
                return error(line, format!("unexpected character '{c}' in a value expression"));
            };
        }
        out.push(chars[start..i].iter().collect());
    }
    Ok(out)
}

struct ValueParser<'a> {
    tokens: &'a [String],
    at: usize,
    line: u32,
    parts: &'a [SigPart],
    positions: &'a [SigPosition],
    out: Vec<SigValueOp>,
}

impl ValueParser<'_> {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(String::as_str)
    }

    fn expect(&mut self, token: &str) -> Result<(), NotationError> {
        if self.peek() == Some(token) {
            self.at += 1;
            Ok(())
        } else {
            error(self.line, format!("expected '{token}' in the value expression"))
        }
    }

    /// `c ? a : b`, or a binary expression.
    fn select(&mut self) -> Result<(), NotationError> {
        self.binary(0)?;
        if self.peek() == Some("?") {
            self.at += 1;
            self.select()?;
            self.expect(":")?;
            self.select()?;
            self.out.push(SigValueOp::Select);
        }
        Ok(())
    }

    fn binary(&mut self, level: usize) -> Result<(), NotationError> {
        if level == VALUE_LEVELS.len() {
            return self.unary();
        }
        self.binary(level + 1)?;
        loop {
            let Some(token) = self.peek() else { return Ok(()) };
            // A part standing for an operator (`.CmpOp`) binds as a comparison.
            let part_operator = token.starts_with('.') && level == 6;
            if part_operator {
                let token = token.to_string();
                let Some(part) = self.parts.iter().position(|p| p.name == token) else {
                    return error(self.line, format!("'{token}' is not a part of the form"));
                };
                self.at += 1;
                self.binary(level + 1)?;
                self.out.push(SigValueOp::BinaryPart(part));
                continue;
            }
            if !VALUE_LEVELS[level].contains(&token) {
                return Ok(());
            }
            let token = token.to_string();
            self.at += 1;
            self.binary(level + 1)?;
            self.out.push(SigValueOp::Binary(token));
        }
    }

    fn unary(&mut self) -> Result<(), NotationError> {
        match self.peek() {
            Some(op @ ("-" | "~" | "!")) => {
                let op = op.to_string();
                self.at += 1;
                self.unary()?;
                self.out.push(SigValueOp::Unary(op));
                Ok(())
            }
            _ => self.primary(),
        }
    }

    fn primary(&mut self) -> Result<(), NotationError> {
        let Some(token) = self.peek().map(str::to_string) else {
            return error(self.line, "a value expression ends too early");
        };
        self.at += 1;
        if token == "(" {
            self.select()?;
            return self.expect(")");
        }
        if let Ok(n) = token.parse::<i64>() {
            self.out.push(SigValueOp::Const(n));
            return Ok(());
        }
        match token.as_str() {
            "min" | "max" | "mulhi" => {
                self.expect("(")?;
                self.select()?;
                self.expect(",")?;
                self.select()?;
                self.expect(")")?;
                self.out.push(SigValueOp::Binary(token));
                return Ok(());
            }
            "abs" => {
                self.expect("(")?;
                self.select()?;
                self.expect(")")?;
                self.out.push(SigValueOp::Unary(token));
                return Ok(());
            }
            "lane" => {
                self.out.push(SigValueOp::Lane);
                return Ok(());
            }
            "element" => {
                self.expect("(")?;
                let name = self.peek().map(str::to_string).unwrap_or_default();
                let Some(p) = position_of(self.positions, &name) else {
                    return error(self.line, format!("'{name}' is not an operand of the form"));
                };
                self.at += 1;
                self.expect(",")?;
                let Some(k) = self.peek().and_then(|t| t.parse::<u8>().ok()) else {
                    return error(self.line, "element(a, K) takes a constant element index");
                };
                self.at += 1;
                self.expect(")")?;
                self.out.push(SigValueOp::Element(p, k));
                return Ok(());
            }
            "at" => {
                self.expect("(")?;
                self.select()?;
                self.expect(",")?;
                self.select()?;
                self.expect(")")?;
                self.out.push(SigValueOp::InLane);
                return Ok(());
            }
            "elected" => {
                self.expect("(")?;
                self.select()?;
                self.expect(")")?;
                self.out.push(SigValueOp::Elected);
                return Ok(());
            }
            "window" => {
                self.expect("(")?;
                let Some(space) = self.peek().map(str::to_string) else {
                    return error(self.line, "window(.space) names a state-space part or space");
                };
                self.at += 1;
                self.expect(")")?;
                let part = self.parts.iter().position(|p| p.name == space);
                self.out.push(SigValueOp::Window(part, space));
                return Ok(());
            }
            _ => {}
        }
        match position_of(self.positions, &token) {
            Some(p) => {
                self.out.push(SigValueOp::Operand(p));
                Ok(())
            }
            None => error(self.line, format!("'{token}' is not an operand of the form")),
        }
    }
}
