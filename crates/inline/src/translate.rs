//! An asm statement as PTX: operands substituted the way nvcc does (a
//! register of the constraint's type, the constant, or the string), the
//! template wrapped in a module and a function, and a map from every byte
//! of that PTX back to the C++ file.

use std::ops::Range;

use ptxkit_isa::{Target, Variant, Version};

use crate::constraint::OperandKind;
use crate::guard::{Cond, Guard};
use crate::statement::AsmStatement;
use crate::template::{Piece, Unsupported, scan};

/// The version and target a run lints for (`--ptx-version`, `--target`,
/// `ptxlint.toml`); both optional.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Destination {
    /// The PTX version nvcc emits.
    pub version: Option<Version>,
    /// The target nvcc compiles for.
    pub target: Option<Target>,
}

/// The version and target one statement is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    /// The `.version` of the PTX module (the newest when nothing says).
    pub version: Version,
    /// The `.target`, when the configuration or the guard gives one.
    pub target: Option<Target>,
    /// Where the version comes from.
    pub version_from: Source,
    /// Where the target comes from.
    pub target_from: Source,
    /// Whether a target from the guard may be its arch- or family-specific variant: the guard
    /// has parts the analysis cannot read (a macro defined elsewhere, a disjunction of
    /// specific targets), which may be what selects that variant.
    pub target_may_be_specific: bool,
    /// Whether the configured destination lies outside the statement's
    /// guard (the statement is not compiled there; version and target are
    /// not checked).
    pub excluded: bool,
}

/// Where a resolved version or target comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The command line or `ptxlint.toml`.
    Configured,
    /// The statement's `#if`/`NV_IF_TARGET` guard.
    Guard,
    /// Nothing: the newest version, no target.
    Default,
}

impl Destination {
    /// The version and target for `statement`: the configured ones, raised
    /// to the floors its guard sets (`#if __CUDA_ARCH__ >= 900`: at least
    /// `sm_90`; `__CUDA_ARCH_FEAT_SM90_ALL`: `sm_90a`; `__cccl_ptx_isa >=
    /// 800`: at least PTX 8.0). A configured destination the guard excludes
    /// marks the statement as not compiled there.
    pub fn resolve(&self, statement: &AsmStatement) -> Resolved {
        let guard = match statement.guard {
            Cond::Within(g) => g,
            _ => Guard::default(),
        };
        let guard_version = guard
            .ptx
            .lo
            .map(|n| Version::new((n / 100) as u8, ((n / 10) % 10) as u8));
        let guard_target = guard_target(&guard);
        let mut excluded = false;
        let (version, version_from) = match (self.version, guard_version) {
            (Some(v), _) => {
                excluded |= !guard.ptx.contains(u32::from(v.major) * 100 + u32::from(v.minor) * 10);
                (v, Source::Configured)
            }
            (None, Some(v)) => (v, Source::Guard),
            (None, None) => (ptxkit_isa::version::LATEST, Source::Default),
        };
        let (target, target_from) = match (self.target, guard_target) {
            (Some(t), _) => {
                excluded |= !guard.arch.contains(u32::from(t.sm) * 10)
                    || guard
                        .specific
                        .is_some_and(|s| !t.has_features_of(specific_target(s.sm, s.family)));
                (Some(t), Source::Configured)
            }
            (None, Some(t)) => (Some(t), Source::Guard),
            (None, None) => (None, Source::Default),
        };
        // Code compiled for a target is compiled at a PTX version that has it: a guard's
        // `__cccl_ptx_isa >= 800` beside `__CUDA_ARCH_FEAT_SM100_ALL` means at least 8.6.
        let version = match (version_from, target.and_then(|t| t.min_ptx())) {
            (Source::Guard, Some(floor)) if floor > version => floor,
            _ => version,
        };
        Resolved {
            version,
            target: if excluded { None } else { target },
            version_from,
            target_from,
            target_may_be_specific: target_from == Source::Guard && guard.specific.is_none() && !guard.is_exact(),
            excluded,
        }
    }
}

fn specific_target(sm: u16, family: bool) -> Target {
    Target::new(sm, if family { Variant::Family } else { Variant::Arch })
}

/// The lowest target a guard allows: its arch- or family-specific target,
/// or the oldest known base target at or above its `__CUDA_ARCH__` floor.
fn guard_target(guard: &Guard) -> Option<Target> {
    if let Some(s) = guard.specific {
        let t = specific_target(s.sm, s.family);
        if t.is_known() {
            return Some(t);
        }
    }
    let floor = guard.arch.lo? / 10;
    ptxkit_isa::target::known_targets()
        .filter(|t| t.variant == Variant::Base && u32::from(t.sm) >= floor && t.sm != 101)
        .min_by_key(|t| t.sm)
}

/// Maps byte ranges of the translated PTX back into the C++ file.
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    /// For every PTX byte, the C++ range it comes from (`None` for the
    /// wrapper around the template).
    origins: Vec<Option<Range<usize>>>,
}

impl SourceMap {
    /// The C++ range of a PTX range, or `None` when it lies entirely in the
    /// wrapper. A range covering part of a substituted operand covers the
    /// whole `%N`; an empty range stays empty.
    pub fn try_to_cpp(&self, ptx: Range<usize>) -> Option<Range<usize>> {
        let at = |i: usize| self.origins.get(i).cloned().flatten();
        if ptx.start >= ptx.end {
            if let Some(before) = ptx.start.checked_sub(1).and_then(at) {
                return Some(before.end..before.end);
            }
            return at(ptx.start).map(|o| o.start..o.start);
        }
        let first = (ptx.start..ptx.end).find_map(at)?;
        let last = (ptx.start..ptx.end).rev().find_map(at)?;
        if last.end >= first.start {
            Some(first.start..last.end)
        } else {
            Some(first)
        }
    }

    /// Like [`Self::try_to_cpp`], for ranges known to lie in the template.
    ///
    /// # Panics
    /// When the range lies entirely in the wrapper.
    pub fn to_cpp(&self, ptx: Range<usize>) -> Range<usize> {
        self.try_to_cpp(ptx.clone())
            .unwrap_or_else(|| panic!("PTX range {ptx:?} is not in the template"))
    }

    /// Whether every byte of `ptx` comes from the C++ file byte for byte
    /// with the same text (no escape, no substitution), so that an edit of
    /// the PTX can be made in the C++ file.
    pub fn is_verbatim(&self, ptx: Range<usize>, ptx_text: &str, cpp_text: &str) -> bool {
        let Some(cpp) = self.try_to_cpp(ptx.clone()) else {
            return false;
        };
        ptx.clone()
            .all(|i| self.origins.get(i).cloned().flatten().is_some_and(|o| o.len() == 1))
            && cpp_text.get(cpp) == ptx_text.get(ptx)
    }
}

/// A `%N` of the template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    /// N.
    pub index: usize,
    /// Where `%N` is in the C++ file.
    pub cpp: Range<usize>,
    /// Where its substitute is in the PTX.
    pub ptx: Range<usize>,
    /// Whether N names an operand.
    pub in_range: bool,
    /// Whether the substitute is made up: an `"n"` operand whose value the
    /// file does not spell (`"n"(Size)`), replaced by `1`.
    pub invented: bool,
}

/// A `%` sequence nvcc rejects, with where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnsupportedSequence {
    /// What it is.
    pub problem: Unsupported,
    /// Where in the C++ file.
    pub cpp: Range<usize>,
}

/// A statement as PTX.
#[derive(Debug, Clone)]
pub struct Translation {
    /// The PTX module.
    pub text: String,
    /// The PTX offsets of the template.
    pub body: Range<usize>,
    /// PTX → C++.
    pub map: SourceMap,
    /// Every `%N` (and `%[name]`, `%cN` resolved to an operand).
    pub references: Vec<Reference>,
    /// `%` sequences nvcc rejects (`%[name]`, `%c1`, a trailing `%`, and
    /// `%%` in a statement without operands, which nvcc leaves as `%%`).
    pub unsupported: Vec<UnsupportedSequence>,
    /// `%N` in a statement without operands (nvcc leaves it as is).
    pub unsubstituted: Vec<Range<usize>>,
    /// The version and target the module declares.
    pub resolved: Resolved,
}

/// The PTX name of operand `index`'s register.
pub fn placeholder(index: usize) -> String {
    format!("%_asm{index}")
}

/// Turns a statement into a PTX module for `destination`.
pub fn translate(statement: &AsmStatement, destination: &Destination) -> Translation {
    let resolved = destination.resolve(statement);
    let mut translator = Translator {
        statement,
        out: Builder::default(),
        references: Vec::new(),
        unsupported: Vec::new(),
        unsubstituted: Vec::new(),
    };
    let template = &statement.template;
    let pieces = scan(&template.text, statement.extended);
    translator.open(&resolved, &pieces);
    let body_start = translator.out.text.len();
    let pieces = if statement.extended {
        pieces
    } else {
        // In a statement without operands, `%%` and `%N` reach ptxas as written. The
        // template is then checked as nvcc would want it written.
        let as_written = scan(&template.text, true);
        translator.report_as_written(&as_written);
        as_written
    };
    for piece in &pieces {
        translator.piece(piece);
    }
    let body = body_start..translator.out.text.len();
    translator.out.push("\n}\n", None);
    Translation {
        text: translator.out.text,
        body,
        map: SourceMap {
            origins: translator.out.origins,
        },
        references: translator.references,
        unsupported: translator.unsupported,
        unsubstituted: translator.unsubstituted,
        resolved,
    }
}

/// A statement being turned into PTX: the text so far, and what its template holds.
struct Translator<'s> {
    statement: &'s AsmStatement,
    out: Builder,
    references: Vec<Reference>,
    unsupported: Vec<UnsupportedSequence>,
    unsubstituted: Vec<Range<usize>>,
}

impl Translator<'_> {
    /// The module's header and the function's opening, with its registers: one per register
    /// operand, plus one per out-of-range index in `pieces` so that the rest of the template
    /// is still checked.
    fn open(&mut self, resolved: &Resolved, pieces: &[Piece]) {
        let out = &mut self.out;
        out.push(&format!(".version {}\n", resolved.version), None);
        if let Some(target) = resolved.target {
            out.push(&format!(".target {target}\n"), None);
        }
        out.push(".address_size 64\n.visible .func _asm()\n{\n", None);
        let mut declared: Vec<usize> = Vec::new();
        for operand in &self.statement.operands {
            if let Some(register) = operand.constraint.register() {
                out.push(
                    &format!(".reg {} {};\n", register.ptx_type, placeholder(operand.index)),
                    None,
                );
                declared.push(operand.index);
            }
        }
        for piece in pieces {
            if let Piece::Operand { index, .. } = piece
                && *index >= self.statement.operands.len()
                && !declared.contains(index)
            {
                out.push(&format!(".reg .b32 {};\n", placeholder(*index)), None);
                declared.push(*index);
            }
        }
        // The registers of a scope an earlier statement opened.
        for declaration in &self.statement.carried {
            out.push(&format!("{declaration}\n"), None);
        }
    }

    /// Where the template's bytes `range` are in the C++ file.
    fn origin_of(&self, range: &Range<usize>) -> Option<Range<usize>> {
        let origins = &self.statement.template.origins;
        let first = origins.get(range.start)?;
        let last = origins.get(range.end.checked_sub(1)?)?;
        Some(if last.end >= first.start {
            first.start..last.end
        } else {
            first.clone()
        })
    }

    /// [`Translator::origin_of`], or the whole template when it is not known.
    fn origin_or_template(&self, range: &Range<usize>) -> Range<usize> {
        self.origin_of(range).unwrap_or(self.statement.template_span.clone())
    }

    /// Reports the `%%` and `%N` of a statement without operands (`pieces`: its template
    /// scanned as written), which reach ptxas as written.
    fn report_as_written(&mut self, pieces: &[Piece]) {
        for piece in pieces {
            match piece {
                Piece::Percent(span) => self.unsupported.push(UnsupportedSequence {
                    problem: Unsupported::Percent,
                    cpp: self.origin_or_template(span),
                }),
                Piece::Operand { span, .. } => {
                    let cpp = self.origin_or_template(span);
                    self.unsubstituted.push(cpp);
                }
                _ => {}
            }
        }
    }

    /// Appends one piece of the template.
    fn piece(&mut self, piece: &Piece) {
        let statement = self.statement;
        let template = &statement.template;
        match piece {
            Piece::Text(range) => {
                // Pieces split at ASCII `%`, so the range is on character boundaries.
                self.out.text.push_str(&template.text[range.clone()]);
                self.out
                    .origins
                    .extend(range.clone().map(|at| template.origins.get(at).cloned()));
            }
            Piece::Operand { index, span } => {
                let substitute = if statement.extended {
                    substitute(statement, *index)
                } else {
                    placeholder(*index)
                };
                let in_range = *index < statement.operands.len() && statement.extended;
                self.reference(*index, &substitute, self.origin_of(span), in_range);
            }
            Piece::Percent(span) => self.out.push("%", self.origin_of(span)),
            Piece::UniqueId(span) => self.out.push("0", self.origin_of(span)),
            Piece::Dialect(_) => {}
            Piece::Unsupported { problem, span } => self.unsupported_sequence(problem, span),
        }
    }

    /// Appends `substitute` for `%index`, written at `cpp` in the C++ file; a [`Reference`]
    /// when `cpp` is known.
    fn reference(&mut self, index: usize, substitute: &str, cpp: Option<Range<usize>>, in_range: bool) {
        let ptx_start = self.out.text.len();
        self.out.push(substitute, cpp.clone());
        if let Some(cpp) = cpp {
            self.references.push(Reference {
                index,
                cpp,
                ptx: ptx_start..self.out.text.len(),
                in_range,
                invented: is_invented(self.statement, index),
            });
        }
    }

    /// A `%` sequence nvcc rejects (at `span` of the template): reported, and the operand it
    /// means (`%[name]`, `%c1`) substituted, to keep checking the rest with it.
    fn unsupported_sequence(&mut self, problem: &Unsupported, span: &Range<usize>) {
        let statement = self.statement;
        let cpp = self.origin_or_template(span);
        self.unsupported.push(UnsupportedSequence {
            problem: problem.clone(),
            cpp: cpp.clone(),
        });
        let meant = match problem {
            Unsupported::Symbolic(name) => statement
                .operands
                .iter()
                .find(|o| o.name.as_deref() == Some(name.as_str()))
                .map(|o| o.index),
            Unsupported::Modifier(_) => statement.template.text[span.start + 2..span.end].parse().ok(),
            Unsupported::Trailing | Unsupported::Percent => None,
        };
        if let Some(index) = meant.filter(|i| *i < statement.operands.len()) {
            self.reference(index, &substitute(statement, index), Some(cpp), true);
        }
    }
}

/// The PTX text being built and the origin of each byte.
#[derive(Default)]
struct Builder {
    text: String,
    origins: Vec<Option<Range<usize>>>,
}

impl Builder {
    fn push(&mut self, s: &str, origin: Option<Range<usize>>) {
        self.text.push_str(s);
        self.origins.extend(std::iter::repeat_n(origin, s.len()));
    }
}

/// Whether `%index` is an `"n"` operand whose value is not known.
fn is_invented(statement: &AsmStatement, index: usize) -> bool {
    statement
        .operands
        .get(index)
        .is_some_and(|o| o.constraint.kind == OperandKind::Immediate && o.immediate.is_none())
}

/// What nvcc puts for `%index`.
fn substitute(statement: &AsmStatement, index: usize) -> String {
    let Some(operand) = statement.operands.get(index) else {
        return placeholder(index);
    };
    match operand.constraint.kind {
        OperandKind::Register(_) | OperandKind::Unsupported(_) | OperandKind::Missing => placeholder(index),
        // The value when the file spells it, else a value every immediate
        // slot accepts.
        OperandKind::Immediate => operand.immediate.map_or_else(|| "1".to_string(), |v| v.to_string()),
        OperandKind::String => operand.string.as_ref().map(|s| s.text.clone()).unwrap_or_default(),
    }
}

/// Whether a template reads as PTX rather than host assembly: its first
/// instruction is a PTX opcode (or it opens with `{`, a `.reg`-style
/// directive, a label or a predicate) and it names no x86 register.
pub fn looks_like_ptx(template: &str) -> bool {
    let code = crate::statement::strip_comments(template);
    let lower = code.to_ascii_lowercase();
    const X86: &[&str] = &[
        "%%eax", "%%ebx", "%%ecx", "%%edx", "%%esi", "%%edi", "%%esp", "%%ebp", "%%rax", "%%rbx", "%%rcx", "%%rdx",
        "%%rsi", "%%rdi", "%%rsp", "%%rbp", "%%xmm", "%%ymm", "%%zmm", "%eax", "%rax", "%xmm",
    ];
    if X86.iter().any(|r| lower.contains(r)) {
        return false;
    }
    let first = code
        .split([';', '\n'])
        .map(str::trim)
        .map(|s| s.trim_start_matches('{').trim())
        .find(|s| !s.is_empty());
    let Some(first) = first else { return false };
    if first.starts_with('.') || first.starts_with('@') || first.starts_with('}') {
        return true;
    }
    let word: String = first
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
        .collect();
    if first[word.len()..].trim_start().starts_with(':') {
        return true;
    }
    ptxkit_isa::is_known_opcode(&word)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn statement(text: &str) -> AsmStatement {
        let found = crate::extract(text);
        assert_eq!(found.statements.len(), 1, "{:?}", found.skipped);
        found.statements.into_iter().next().unwrap()
    }

    #[test]
    fn operands_become_registers_constants_and_strings() {
        let text = r#"__device__ void f(float* p, int x) {
  asm volatile("add.f32 %0, %1, %2; cp.async.ca.shared.global [%3], [%4], %5;" : "=f"(p[0]) : "f"(p[1]), "r"(x), "r"(x), "l"(p), "n"(16));
}"#;
        let s = statement(text);
        let t = translate(&s, &Destination::default());
        assert!(
            t.text
                .contains(".reg .f32 %_asm0;\n.reg .f32 %_asm1;\n.reg .b32 %_asm2;"),
            "{}",
            t.text
        );
        assert!(t.text.contains("add.f32 %_asm0, %_asm1, %_asm2;"));
        assert!(t.text.contains("[%_asm4], 16;"));
        assert!(!t.text.contains(".target"));
        let r = &t.references[5];
        assert_eq!(&text[r.cpp.clone()], "%5");
        assert_eq!(&t.text[r.ptx.clone()], "16");
        let add = t.text.find("add.f32").unwrap();
        assert_eq!(&text[t.map.to_cpp(add..add + 7)], "add.f32");
        assert_eq!(&text[t.map.to_cpp(r.ptx.start + 1..r.ptx.end)], "%5");
        assert!(t.map.try_to_cpp(0..5).is_none());
    }

    #[test]
    fn escapes_map_back_to_their_spelling() {
        let text = "__device__ void f() { asm volatile(\"{\\n\\t.reg .pred p;\\n\\t}\" ::: \"memory\"); }";
        let s = statement(text);
        let t = translate(&s, &Destination::default());
        let nl = t.body.start + 1;
        assert_eq!(&t.text[nl..nl + 1], "\n");
        assert_eq!(&text[t.map.to_cpp(nl..nl + 1)], "\\n");
        // `%%` and `%0` are not substituted without operands: reported, then
        // checked as meant.
        let s = statement("__device__ void f() { asm volatile(\"mov.u32 %%r1, %0;\" ::: \"memory\"); }");
        let t = translate(&s, &Destination::default());
        assert_eq!(t.unsupported.len(), 1);
        assert_eq!(t.unsubstituted.len(), 1);
        assert!(t.text.contains("mov.u32 %r1, %_asm0;"), "{}", t.text);
    }

    #[test]
    fn destinations_from_guards_and_configuration() {
        let text = "__device__ void f() {\n#if __CUDA_ARCH__ >= 900 && __cccl_ptx_isa >= 800\n  asm volatile(\"fence.proxy.async;\" ::: \"memory\");\n#endif\n}";
        let s = statement(text);
        let r = Destination::default().resolve(&s);
        assert_eq!(r.target.unwrap().to_string(), "sm_90");
        assert_eq!(r.version.to_string(), "8.0");
        let configured = Destination {
            version: None,
            target: Some(ptxkit_isa::target("sm_80").unwrap()),
        };
        let r = configured.resolve(&s);
        assert!(r.excluded && r.target.is_none());
        let configured = Destination {
            version: None,
            target: Some(ptxkit_isa::target("sm_100a").unwrap()),
        };
        assert_eq!(configured.resolve(&s).target.unwrap().to_string(), "sm_100a");
        let t = translate(&s, &Destination::default());
        assert!(t.text.starts_with(".version 8.0\n.target sm_90\n"));
    }

    #[test]
    fn ptx_or_not() {
        assert!(looks_like_ptx("{\n .reg .pred p;\n}"));
        assert!(looks_like_ptx("mov.u32 %0, %%laneid;"));
        assert!(looks_like_ptx("// x\n bar.sync 0;"));
        assert!(!looks_like_ptx("cpuid"));
        assert!(!looks_like_ptx("mov %%eax, %0"));
        assert!(!looks_like_ptx(""));
    }
}
