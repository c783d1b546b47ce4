//! Completion at the cursor:
//!
//! - where an instruction starts, in a function body: every opcode ptxkit-isa's signatures
//!   describe, and the body directives (`.reg`, `.local`, `.pragma`, …);
//! - after an opcode and a dot (`ld.gl`): the modifiers that can come next, those with
//!   which some form of the instruction still fits the chain written so far (missing
//!   modifiers are fine: the chain is not finished);
//! - in the operands: the registers (a `%r<N>` range as its prefix), variables, parameters,
//!   labels and functions visible there (innermost scope first), and after `%` the special
//!   registers with the PTX version and target they need;
//! - outside functions: the module directives and state spaces.
//!
//! When the module declares its `.version` and `.target`, only what they allow is offered:
//! opcodes with a form the module can write, modifiers that bring in no newer requirement,
//! special registers and directives the module has (ptxkit-isa's instruction and construct
//! tables, the facts ptxlint reports from).
//!
//! Each item replaces what is typed (from the start of the word, or of the last modifier),
//! so editors that do not count `.` or `%` as word characters still filter right.

use lsp_types::{CompletionItem, CompletionItemKind, CompletionTextEdit, TextEdit};
use ptxkit_isa::signature::{self, Problem};
use ptxkit_isa::{Target, Version, check_features};
use ptxkit_semantic::{Symbol, SymbolTable};

use crate::document::Document;
use crate::position::Encoding;

/// State spaces and declarations written at the start of a line in a body or at module scope.
const SPACES: &[&str] = &[".reg", ".local", ".shared", ".global", ".const", ".param", ".tex"];

/// Directives that go inside a function body (besides declarations).
const BODY_DIRECTIVES: &[&str] = &[".pragma", ".loc", ".callprototype", ".branchtargets", ".calltargets"];

/// The completion items at byte `offset`.
pub fn complete(document: &mut Document, offset: usize, encoding: Encoding) -> Vec<CompletionItem> {
    let text = document.text().to_string();
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..offset];
    let word_len = word_length(before);
    let word = Word {
        text: &before[before.len() - word_len..],
        start: offset - word_len,
    };
    let lines = document.lines().clone();
    let analysis = document.analysis();
    let in_body = analysis.model.symbols.body_at(offset).is_some();
    let module = Module {
        header: analysis.model.header.version().zip(analysis.model.header.target()),
    };
    let statement_start = is_statement_start(&before[..before.len() - word_len]);
    let candidates = match (in_body, statement_start) {
        (false, true) => module_directive_candidates(&word, &module),
        (false, false) => Vec::new(),
        (true, true) => statement_candidates(&word, &module),
        (true, false) => operand_candidates(&word, &module, &analysis.model.symbols, offset),
    };
    candidates
        .into_iter()
        .map(|c| CompletionItem {
            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                lines.range(&text, c.start..offset, encoding),
                c.label.clone(),
            ))),
            label: c.label,
            kind: Some(c.kind),
            detail: c.detail,
            ..CompletionItem::default()
        })
        .collect()
}

/// How many bytes at the end of `before` belong to the word being completed: letters,
/// digits, `_ . $ %`, and `::` (`.shared::cta`, `.mbarrier::complete_tx::bytes`); a lone
/// `:` ends a label, not a word.
fn word_length(before: &str) -> usize {
    let bytes = before.as_bytes();
    let mut start = bytes.len();
    while start > 0 {
        let c = bytes[start - 1];
        let double_colon = c == b':' && ((start >= 2 && bytes[start - 2] == b':') || bytes.get(start) == Some(&b':'));
        if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$' | b'%') || double_colon {
            start -= 1;
        } else {
            break;
        }
    }
    bytes.len() - start
}

/// The word being completed and where it starts.
struct Word<'t> {
    text: &'t str,
    start: usize,
}

/// One completion: its text, which replaces the text from `start` to the cursor.
struct Candidate {
    label: String,
    kind: CompletionItemKind,
    detail: Option<String>,
    start: usize,
}

impl Candidate {
    fn new(label: impl Into<String>, kind: CompletionItemKind, detail: Option<String>, start: usize) -> Candidate {
        Candidate {
            label: label.into(),
            kind,
            detail,
            start,
        }
    }
}

/// At the start of a line outside a body: the module-level directives.
fn module_directive_candidates(word: &Word<'_>, module: &Module) -> Vec<Candidate> {
    module_directives()
        .into_iter()
        .filter(|(name, _)| module.has_directive(name))
        .map(|name| Candidate::new(name.0, CompletionItemKind::KEYWORD, name.1, word.start))
        .collect()
}

/// At the start of a statement in a body: the next modifier of `opcode.mod.partial`, the
/// declarations and directives after a `.`, else the opcodes.
fn statement_candidates(word: &Word<'_>, module: &Module) -> Vec<Candidate> {
    let text = word.text;
    if let Some(dot) = text.rfind('.').filter(|&dot| dot > 0) {
        // `opcode.mod.mod.partial`: the next modifier.
        let mut parts = text[..dot].split('.');
        let opcode = parts.next().unwrap_or("");
        let written: Vec<&str> = text[..dot]
            .match_indices('.')
            .map(|(i, _)| {
                let rest = &text[i..dot];
                &rest[..rest[1..].find('.').map_or(rest.len(), |j| j + 1)]
            })
            .collect();
        return next_modifiers(opcode, &written)
            .into_iter()
            .filter(|m| module.has_modifier(opcode, &written, m))
            .map(|modifier| {
                let detail = Some(format!("{opcode}{}{modifier}", written.concat()));
                Candidate::new(modifier, CompletionItemKind::ENUM_MEMBER, detail, word.start + dot)
            })
            .collect();
    }
    if text.starts_with('.') {
        return SPACES
            .iter()
            .chain(BODY_DIRECTIVES)
            .map(|name| Candidate::new(*name, CompletionItemKind::KEYWORD, None, word.start))
            .collect();
    }
    signature::opcodes()
        .into_iter()
        .filter(|o| module.has_opcode(o))
        .map(|opcode| {
            let summary = signature::forms(opcode).first().map(|f| f.summary.to_string());
            Candidate::new(opcode, CompletionItemKind::FUNCTION, summary, word.start)
        })
        .collect()
}

/// In operands: the special registers after a `%`, and the names visible at `offset`.
fn operand_candidates(word: &Word<'_>, module: &Module, symbols: &SymbolTable, offset: usize) -> Vec<Candidate> {
    let mut candidates = Vec::new();
    if word.text.starts_with('%') {
        for (name, needs) in special_registers()
            .into_iter()
            .filter(|(name, _)| module.has_special_register(name))
        {
            candidates.push(Candidate::new(
                name,
                CompletionItemKind::CONSTANT,
                Some(needs),
                word.start,
            ));
        }
    }
    for (name, symbol) in symbols.visible_at(offset) {
        let (kind, detail) = match symbol {
            Symbol::Register(r) => (CompletionItemKind::VARIABLE, r.ty.clone()),
            Symbol::Range(r) | Symbol::RangeMember(r, _) => (
                CompletionItemKind::VARIABLE,
                Some(format!("{}<{}> {}", r.prefix, r.count, r.ty.as_deref().unwrap_or(""))),
            ),
            Symbol::Variable(v) => (
                if v.is_parameter {
                    CompletionItemKind::FIELD
                } else {
                    CompletionItemKind::VARIABLE
                },
                Some(format!("{} {}", v.space, v.ty.as_deref().unwrap_or(""))),
            ),
            Symbol::Label(_) => (CompletionItemKind::REFERENCE, Some("label".to_string())),
            Symbol::Function(f) => (
                CompletionItemKind::FUNCTION,
                Some(if f.is_entry { "kernel" } else { "function" }.to_string()),
            ),
            Symbol::Special => continue,
        };
        candidates.push(Candidate::new(
            name,
            kind,
            detail.map(|d| d.trim().to_string()),
            word.start,
        ));
    }
    candidates
}

/// What the module's `.version` and `.target` allow; everything when it lacks either.
struct Module {
    header: Option<(Version, Target)>,
}

impl Module {
    fn allows(&self, test: impl FnOnce(Version, Target) -> bool) -> bool {
        self.header.is_none_or(|(version, target)| test(version, target))
    }

    fn has_opcode(&self, opcode: &str) -> bool {
        self.allows(|v, t| signature::opcode_is_available(opcode, v, t))
    }

    fn has_modifier(&self, opcode: &str, written: &[&str], modifier: &str) -> bool {
        self.allows(|v, t| signature::modifier_is_available(opcode, written, modifier, v, t))
    }

    fn has_special_register(&self, name: &str) -> bool {
        let row = ptxkit_isa::directives::special_register(name);
        self.allows(|v, t| row.is_none_or(|row| check_features([row], v, t).is_empty()))
    }

    fn has_directive(&self, name: &str) -> bool {
        let row = ptxkit_isa::directives::directive(name);
        self.allows(|v, t| row.is_none_or(|row| check_features([row], v, t).is_empty()))
    }
}

/// Whether what precedes the word on its line leaves it at the start of a statement: only
/// whitespace, a guard (`@%p1`, `@!%p`), a label (`L1:`), or a `{`.
fn is_statement_start(prefix: &str) -> bool {
    let mut rest = prefix.trim_start();
    loop {
        if rest.is_empty() {
            return true;
        }
        if let Some(after) = rest.strip_prefix('{') {
            rest = after.trim_start();
            continue;
        }
        let token_len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..token_len];
        let is_guard = token.starts_with('@') && token.len() > 1;
        let is_label = token.len() > 1 && token.ends_with(':') && !token.contains(',');
        if !(is_guard || is_label) {
            return false;
        }
        rest = rest[token_len..].trim_start();
    }
}

/// The modifiers that may follow `written` (each with its dot) after `opcode`: those with
/// which the best-fitting form has no problem other than a missing modifier.
fn next_modifiers(opcode: &str, written: &[&str]) -> Vec<&'static str> {
    if signature::forms(opcode).is_empty() {
        return Vec::new();
    }
    signature::opcode_modifiers(opcode)
        .into_iter()
        .filter(|m| !written.contains(m))
        .filter(|m| {
            let mut chain = written.to_vec();
            chain.push(m);
            signature::modifier_fits(opcode, &chain).first().is_some_and(|fit| {
                fit.problems
                    .iter()
                    .all(|p| matches!(p, Problem::MissingModifier { .. }))
            })
        })
        .collect()
}

/// Module-level directives and state spaces, with the first PTX version of each directive.
fn module_directives() -> Vec<(&'static str, Option<String>)> {
    let mut out: Vec<(&'static str, Option<String>)> = ptxkit_isa::directives::DIRECTIVES
        .iter()
        .filter(|f| f.pattern.starts_with('.') && !f.pattern.contains(' '))
        .map(|f| (f.pattern, Some(format!("PTX {} or later", f.ptx))))
        .collect();
    for space in SPACES {
        if !out.iter().any(|(name, _)| name == space) {
            out.push((space, None));
        }
    }
    out.sort();
    out.dedup_by(|a, b| a.0 == b.0);
    out
}

/// Every special register (the numbered families as their first member) with what it needs.
fn special_registers() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = ptxkit_isa::directives::SPECIAL_REGISTERS
        .iter()
        .map(|f| {
            let target = match f.target {
                ptxkit_isa::TargetReq::Any => String::new(),
                ptxkit_isa::TargetReq::AtLeast(sm) => format!(", sm_{sm} or later"),
                ptxkit_isa::TargetReq::Listed(_) => ", some targets only".to_string(),
            };
            let holds = ptxkit_isa::special_registers::describe(f.pattern).unwrap_or("special register");
            (f.pattern.to_string(), format!("{holds}; PTX {}{target}", f.ptx))
        })
        .collect();
    for name in ptxkit_isa::special_registers::WITHOUT_ROW {
        let holds = ptxkit_isa::special_registers::describe(name).unwrap_or("special register");
        out.push((name.to_string(), holds.to_string()));
    }
    out.sort();
    out.dedup_by(|a, b| a.0 == b.0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(text: &str) -> Vec<String> {
        let at = text.find('|').expect("a cursor");
        let text = text.replace('|', "");
        let mut document = Document::new(None, 0, text);
        complete(&mut document, at, Encoding::Utf16)
            .into_iter()
            .map(|i| i.label)
            .collect()
    }

    const HEAD: &str = ".version 8.0\n.target sm_90\n.address_size 64\n.global .u32 g;\n";

    #[test]
    fn opcodes_where_an_instruction_starts() {
        let got = labels(&format!("{HEAD}.entry k()\n{{\n\t.reg .b32 %r<4>;\n@%p1 ad|\n}}\n"));
        assert!(
            got.contains(&"add".to_string()) && got.contains(&"ld".to_string()),
            "{got:?}"
        );
    }

    #[test]
    fn the_next_modifier_fits_the_chain() {
        let got = labels(&format!("{HEAD}.entry k()\n{{\n\tld.global.|\n}}\n"));
        assert!(got.contains(&".f32".to_string()), "{got:?}");
        assert!(got.contains(&".v4".to_string()), "{got:?}");
        assert!(
            !got.contains(&".global".to_string()),
            "a modifier already written: {got:?}"
        );
        assert!(!got.contains(&".shared".to_string()), "a second state space: {got:?}");
    }

    #[test]
    fn operands_are_the_names_in_scope_and_special_registers() {
        let got = labels(&format!(
            "{HEAD}.entry k(.param .u64 p)\n{{\n\t.reg .b32 %r<4>;\nL1:\n\tmov.u32 %r1, %|\n}}\n.func f()\n{{\n\t.reg .b32 %q;\n\tret;\n}}\n"
        ));
        for name in ["%r", "p", "g", "L1", "k", "%tid", "%clusterid"] {
            assert!(got.contains(&name.to_string()), "{name} missing: {got:?}");
        }
        assert!(!got.contains(&"%q".to_string()), "another function's register: {got:?}");
    }

    #[test]
    fn only_what_the_version_and_target_allow() {
        let old = ".version 6.0\n.target sm_60\n.address_size 64\n";
        let opcodes = labels(&format!("{old}.entry k()\n{{\n\t|\n}}\n"));
        assert!(opcodes.contains(&"add".to_string()), "{opcodes:?}");
        for newer in ["wgmma", "mma", "elect", "redux"] {
            assert!(
                !opcodes.contains(&newer.to_string()),
                "{newer} at 6.0/sm_60: {opcodes:?}"
            );
        }
        let new = labels(&format!("{HEAD}.entry k()\n{{\n\t|\n}}\n"));
        assert!(new.contains(&"elect".to_string()), "{new:?}");
        let modifiers = labels(&format!("{old}.entry k()\n{{\n\tld.global.|\n}}\n"));
        assert!(modifiers.contains(&".f32".to_string()), "{modifiers:?}");
        for newer in [".b128", ".relaxed", ".acquire", ".L2::256B"] {
            assert!(!modifiers.contains(&newer.to_string()), "{newer} at 6.0: {modifiers:?}");
        }
        let specials = labels(&format!("{old}.entry k()\n{{\n\tmov.u32 %r1, %|\n}}\n"));
        assert!(specials.contains(&"%tid".to_string()), "{specials:?}");
        assert!(!specials.contains(&"%clusterid".to_string()), "{specials:?}");
        let directives = labels(".version 2.0\n.target sm_20\n.vis|\n");
        assert!(directives.contains(&".entry".to_string()), "{directives:?}");
        assert!(!directives.contains(&".weak".to_string()), "{directives:?}");
    }

    #[test]
    fn a_modifier_one_signature_edit_added() {
        // `.ignore_oob` (PTX 9.2) is one form edit in cp.async.bulk.sig: completion offers it
        // after the copies that take it, from 9.2 on, and nowhere else.
        let chain = "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes.";
        let at = |version: &str, chain: &str| {
            labels(&format!(
                ".version {version}\n.target sm_90\n.address_size 64\n.entry k()\n{{\n\t{chain}|\n}}\n"
            ))
        };
        assert!(at("9.2", chain).contains(&".ignore_oob".to_string()));
        assert!(!at("9.1", chain).contains(&".ignore_oob".to_string()));
        let other = "cp.async.bulk.global.shared::cta.bulk_group.";
        assert!(!at("9.2", other).contains(&".ignore_oob".to_string()));
    }

    #[test]
    fn a_very_long_modifier_still_completes() {
        // Each candidate modifier is tried after the chain, and a chain with an unknown
        // modifier looks for its spelling among the opcode's: a modifier of 20,000
        // characters must not make that quadratic (found by fuzzing `ptxls`).
        let long = "x".repeat(20_000);
        let got = labels(&format!("{HEAD}.entry k()\n{{\n\tld.global.{long}.|\n}}\n"));
        assert!(!got.contains(&".global".to_string()), "{got:?}");
        let got = labels(&format!(
            "{HEAD}.entry k()\n{{\n\ttcgen05.cp.cta_group{long}::2.|\n}}\n"
        ));
        assert!(!got.contains(&".cta_group::2".to_string()), "{got:?}");
    }

    #[test]
    fn module_directives_outside_functions() {
        let got = labels(&format!("{HEAD}.vis|\n"));
        assert!(
            got.contains(&".visible".to_string()) && got.contains(&".entry".to_string()),
            "{got:?}"
        );
        assert!(!got.contains(&"add".to_string()));
    }
}
