//! Probe instructions generated from the signatures: for every form, instances in its valid
//! shape (each slot value at least once, optional parts and operands present and absent, each
//! operand written as every kind its legend allows: a constant, a special register, a variable,
//! a function name, the sink, a negated predicate) and in
//! wrong shapes (an operand dropped or added, each operand of a wrong kind, the sink for a
//! destination that cannot discard its result, a vector element
//! dropped, a slot value misspelt or illegal, a required slot left out, an illegal modifier
//! added). Each instance carries the verdict this crate predicts (the signature matcher and the
//! version/target tables); `cargo xtask isa-probes` assembles them with ptxas and compares.

use super::found::{Found, Instance};
use super::matcher::{Analysis, analyze};
use super::model::{CountSpec, Direction, Form, Kinds, Operand, Position, Presence, Shape, TypeSpec};
use super::typecheck::scale_type;
use super::{FORMS, shape_dimension};
use crate::form::InstructionForm;
use crate::requirements::requirements;
use crate::target::Target;
use crate::types::type_info;
use crate::version::Version;

/// One generated instruction and what this crate predicts ptxas says of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeProbe {
    /// The form it was generated from.
    pub form: &'static Form,
    /// What the instance is: `valid .type=.u16`, `operand 2 dropped`, …
    pub what: String,
    /// The instruction, without its `;`.
    pub instruction: String,
    /// The `.version` to assemble it at.
    pub version: Version,
    /// The `.target` to assemble it for.
    pub target: Target,
    /// Whether ptxas should accept it.
    pub expect_ok: bool,
}

/// The module-scope names shape probes may use, with their declarations (see [`probe_module`]):
/// each is declared only when an instruction names it (the functions `pfret` and `pfarg` are
/// the callees of the call sequences of [`PROBE_LOCALS`]).
pub const PROBE_SETUP: &[(&str, &str)] = &[
    ("ptex", ".global .texref ptex;"),
    ("psamp", ".global .samplerref psamp;"),
    ("psurf", ".global .surfref psurf;"),
    ("pfunc", ".extern .func pfunc;"),
    (
        "fparam",
        ".func (.param .align 16 .b8 pfret_r[64]) pfret(.param .b32 pfret_a)\n{\n\tret;\n}",
    ),
    ("fargs", ".func pfarg(.param .align 16 .b8 pfarg_a[64])\n{\n\tret;\n}"),
    ("cbuf", ".const .align 16 .b8 cbuf[64];"),
];

/// The kernel-scope names shape probes may use: (name, what the kernel declares and does
/// before the instructions, what it does after them), set up only when an instruction names
/// the name. A kernel reaches the `.param::func` space only through a call sequence: `fparam`
/// holds the value a call returned (for `ld.param::func`), `fargs` the argument of a call
/// made after the instructions (for `st.param::func`).
pub const PROBE_LOCALS: &[(&str, &str, &str)] = &[
    (
        "fparam",
        ".param .b32 fparam_in;\n\t.param .align 16 .b8 fparam[64];\n\tst.param.b32 [fparam_in], 0;\n\tcall (fparam), pfret, (fparam_in);",
        "",
    ),
    ("fargs", ".param .align 16 .b8 fargs[64];", "call pfarg, (fargs);"),
];

/// The function-scope names shape probes may use (`eg $Lproto` in a legend), declared at the
/// top of the probe kernel only when an instruction names them: a `.callprototype`, a
/// `.calltargets` list and a `.branchtargets` list (PTX 2.1 and later).
pub const PROBE_LOCAL_SETUP: &[(&str, &str)] = &[
    ("$Lproto", "$Lproto: .callprototype _ ();"),
    ("$Ltargets", "$Ltargets: .calltargets pfunc;"),
    ("$Lbranch", "$Lbranch: .branchtargets $Lprobe;"),
    ("lbuf", ".local .align 16 .b8 lbuf[64];"),
];

/// A module holding `instructions` (one per line) in one kernel, with enough registers of
/// every width: `%p` (.pred), `%b` (.b8), `%h` (.b16), `%r` (.b32), `%rd` (.b64), `%q` (.b128,
/// declared when used), `sbuf` (.shared) and `gbuf` (.global) buffers (`cbuf`, .const, and `lbuf`,
/// .local, when named), the handles of
/// [`PROBE_SETUP`], the function-scope names of [`PROBE_LOCAL_SETUP`], the locals of
/// [`PROBE_LOCALS`] and a label `$Lprobe` at the end. Returns the text and the 1-based line of
/// each instruction.
pub fn probe_module(version: Version, target: Target, instructions: &[&str]) -> (String, Vec<usize>) {
    let names = |name: &str| instructions.iter().any(|i| i.contains(name));
    // Samplers exist only in the independent texturing mode.
    let mode = if names("psamp") { ", texmode_independent" } else { "" };
    let mut text = format!(".version {version}\n.target {target}{mode}\n");
    if version >= Version::new(2, 3) {
        text.push_str(".address_size 64\n");
    }
    for (name, declaration) in PROBE_SETUP {
        // Before PTX 1.5 (no opaque types) a texture is a `.tex .u32` variable.
        if *name == "ptex" && version < Version::new(1, 5) && names(name) {
            text.push_str(".tex .u32 ptex;\n");
            continue;
        }
        // A `.calltargets` list names `pfunc`.
        if names(name) || (*name == "pfunc" && names("$Ltargets")) {
            text.push_str(declaration);
            text.push('\n');
        }
    }
    text.push_str(".global .align 16 .b8 gbuf[4096];\n");
    // Kernel parameter lists exist from PTX 1.4.
    text.push_str(if version >= Version::new(1, 4) {
        ".visible .entry probe(.param .u64 pparam)\n{\n"
    } else {
        ".entry probe\n{\n"
    });
    text.push_str(
        "\t.reg .pred %p<16>;\n\t.reg .b8 %b<16>;\n\t.reg .b16 %h<64>;\n\t.reg .b32 %r<300>;\n\t.reg .b64 %rd<64>;\n",
    );
    // .b128 registers are themselves a feature (8.3, sm_70): declared only when an instruction
    // uses them, so that a probe of another form at 8.3 on an older target is not rejected
    // for the declaration.
    if names("%q") {
        text.push_str("\t.reg .b128 %q<16>;\n");
    }
    // The register-type grid's registers, one of each declarable type (`%yu16`, `%yf16x2`).
    for ty in super::DECLARABLE_REGISTER_TYPES {
        let name = super::register_probes::register_name(ty);
        if instructions.iter().any(|i| mentions(i, &name)) {
            text.push_str(&format!("\t.reg {ty} {name};\n"));
        }
    }
    text.push_str("\t.shared .align 16 .b8 sbuf[4096];\n");
    for (name, declaration) in PROBE_LOCAL_SETUP {
        if names(name) {
            text.push('\t');
            text.push_str(declaration);
            text.push('\n');
        }
    }
    for (name, before, _) in PROBE_LOCALS {
        if names(name) {
            text.push('\t');
            text.push_str(before);
            text.push('\n');
        }
    }
    let first = text.lines().count() + 1;
    let lines = (first..first + instructions.len()).collect();
    for instruction in instructions {
        text.push('\t');
        text.push_str(instruction);
        text.push_str(";\n");
    }
    for (name, _, after) in PROBE_LOCALS {
        if names(name) && !after.is_empty() {
            text.push('\t');
            text.push_str(after);
            text.push('\n');
        }
    }
    text.push_str("$Lprobe:\n\tret;\n}\n");
    (text, lines)
}

/// Whether `instruction` names the register `name` (not a longer name it begins: `%yf16` in
/// `%yf16x2`).
fn mentions(instruction: &str, name: &str) -> bool {
    instruction.match_indices(name).any(|(at, _)| {
        !instruction[at + name.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Hands out distinct registers of each width.
#[derive(Default)]
struct Registers {
    p: u16,
    b: u16,
    h: u16,
    r: u16,
    rd: u16,
    q: u16,
}

impl Registers {
    /// A register for type `ty` (a `.b32` one when unknown), and its declared type.
    fn next(&mut self, ty: Option<&str>) -> (String, &'static str) {
        let bits = ty.and_then(type_info).map_or(32, |t| t.bits);
        let (counter, prefix, declared, limit) = match (ty, bits) {
            (Some(".pred"), _) => (&mut self.p, "%p", ".pred", 15),
            (Some(_), 1..=8) => (&mut self.b, "%b", ".b8", 15),
            (_, 0..=16) => (&mut self.h, "%h", ".b16", 63),
            (_, 17..=32) => (&mut self.r, "%r", ".b32", 299),
            (_, 33..=64) => (&mut self.rd, "%rd", ".b64", 63),
            _ => (&mut self.q, "%q", ".b128", 15),
        };
        *counter = (*counter % limit) + 1;
        (format!("{prefix}{counter}"), declared)
    }
}

/// An instance under construction: the value bound to each part.
#[derive(Clone)]
pub(super) struct Bound {
    form: &'static Form,
    pub(super) values: Vec<Option<&'static str>>,
}

impl Bound {
    /// A variable of the state space the form names (the value written, or else the first of
    /// its state-space slot: `mapa{.shared::cluster}` takes a .shared variable even without
    /// the part), `gbuf` when it names none: ptxas rejects a variable of another space ("State
    /// space mismatch between instruction and address in instruction 'cvta'").
    fn variable(&self) -> &'static str {
        let space = self
            .form
            .parts
            .iter()
            .zip(&self.values)
            .find(|(part, _)| !part.values.is_empty() && part.values.iter().all(|v| is_state_space(v)))
            .and_then(|(part, value)| value.or_else(|| part.values.first().copied()));
        let base = space.map(|s| s.find([':', '[']).map_or(s, |end| &s[..end]));
        match (space, base) {
            (Some(".param::func"), _) => "gbuf",
            (_, Some(".shared")) => "sbuf",
            (_, Some(".const")) => "cbuf",
            (_, Some(".local")) => "lbuf",
            (_, Some(".param")) => "pparam",
            _ => "gbuf",
        }
    }

    pub(super) fn base(form: &'static Form) -> Self {
        Bound {
            form,
            values: form
                .parts
                .iter()
                .map(|p| if p.optional { None } else { p.values.first().copied() })
                .collect(),
        }
    }

    pub(super) fn resolve_type(&self, spec: &Operand) -> Option<&'static str> {
        match spec.ty {
            TypeSpec::Unchecked => None,
            TypeSpec::Fixed(t) => Some(t),
            TypeSpec::Part { part, num, den } => {
                let value = self.values[usize::from(part)]?;
                if num == den {
                    Some(value)
                } else {
                    scale_type(value, num, den)
                }
            }
            TypeSpec::Map { part, entries } => {
                let value = self.values[usize::from(part)]?;
                entries.iter().find(|(v, _)| *v == value).map(|(_, t)| *t)
            }
        }
    }

    pub(super) fn resolve_count(&self, spec: &Operand) -> Option<u16> {
        match spec.count {
            CountSpec::Scalar => None,
            CountSpec::Fixed(n) => Some(n),
            CountSpec::PartNumber(part) => {
                let value = self.values[usize::from(part)]?;
                value
                    .chars()
                    .filter(char::is_ascii_digit)
                    .collect::<String>()
                    .parse()
                    .ok()
            }
            CountSpec::Map { part, entries } => {
                let value = self.values[usize::from(part)]?;
                entries.iter().find(|(v, _)| *v == value).map(|(_, n)| *n)
            }
            CountSpec::Dim { part, letter, num, den } => {
                let value = self.values[usize::from(part)]?;
                shape_dimension(value, letter).map(|d| d * num / den)
            }
        }
    }

    pub(super) fn present(&self, position: &Position, optionals: bool) -> bool {
        match position.presence {
            Presence::Always => true,
            Presence::If(part) => self.values[usize::from(part)].is_some(),
            Presence::Optional => optionals,
        }
    }
}

/// One generated operand: its text and how the matcher sees it.
#[derive(Clone)]
pub(super) struct Written {
    pub(super) text: String,
    pub(super) found: Found<'static>,
}

fn scalar(spec: &Operand, bound: &Bound, registers: &mut Registers) -> Written {
    let kinds = spec.kinds;
    if !spec.example.is_empty() {
        return Written {
            text: spec.example.to_string(),
            found: Found::Other,
        };
    }
    if kinds.intersects(Kinds::REG.union(Kinds::PRED)) {
        let ty = if kinds.contains(Kinds::PRED) && !kinds.contains(Kinds::REG) {
            Some(".pred")
        } else {
            bound.resolve_type(spec)
        };
        let (name, declared) = registers.next(ty);
        return Written {
            text: name,
            found: Found::Register {
                ty: Some(declared),
                vector: 0,
            },
        };
    }
    let name = |text: &str, kind| Written {
        text: text.to_string(),
        found: Found::Name { kind, offset: false },
    };
    use super::found::NameKind;
    if kinds.contains(Kinds::IMM) {
        let value = smallest_constant(spec);
        return Written {
            text: value.to_string(),
            found: Found::Immediate {
                literal: super::found::Literal::Integer,
                value: Some(value),
            },
        };
    }
    if kinds.contains(Kinds::ADDR) {
        let (reg, declared) = registers.next(Some(".b64"));
        return Written {
            text: reg,
            found: Found::Register {
                ty: Some(declared),
                vector: 0,
            },
        };
    }
    if kinds.contains(Kinds::SYM) {
        return name(bound.variable(), NameKind::Variable);
    }
    if kinds.contains(Kinds::LABEL) {
        return name("$Lprobe", NameKind::Label);
    }
    if kinds.contains(Kinds::FUNC) {
        return name("pfunc", NameKind::Function);
    }
    if kinds.contains(Kinds::TEXREF) {
        return name("ptex", NameKind::TexRef);
    }
    if kinds.contains(Kinds::SAMPLERREF) {
        return name("psamp", NameKind::SamplerRef);
    }
    if kinds.contains(Kinds::SURFREF) {
        return name("psurf", NameKind::SurfRef);
    }
    if kinds.contains(Kinds::SREG) {
        return Written {
            text: "%tid.x".to_string(),
            found: Found::SpecialRegister { widths: &[], vector: 0 },
        };
    }
    if kinds.contains(Kinds::SINK) {
        return Written {
            text: "_".to_string(),
            found: Found::Sink,
        };
    }
    Written {
        text: "()".to_string(),
        found: Found::Params(0),
    }
}

fn operand(spec: &Operand, bound: &Bound, registers: &mut Registers) -> Written {
    match bound.resolve_count(spec) {
        Some(n) if spec.example.is_empty() => {
            let elements: Vec<Written> = (0..n).map(|_| scalar(spec, bound, registers)).collect();
            Written {
                text: format!(
                    "{{{}}}",
                    elements.iter().map(|e| e.text.as_str()).collect::<Vec<_>>().join(", ")
                ),
                found: Found::Vector(elements.into_iter().map(|e| e.found).collect()),
            }
        }
        _ => scalar(spec, bound, registers),
    }
}

fn position(position: &Position, bound: &Bound, registers: &mut Registers) -> Written {
    match &position.shape {
        Shape::Single(spec) | Shape::Negatable(spec) => operand(spec, bound, registers),
        Shape::Sink => Written {
            text: "_".to_string(),
            found: Found::Sink,
        },
        Shape::Address(elements) => {
            let written: Vec<Written> = elements
                .iter()
                .filter(|(_, optional)| !optional)
                .map(|(spec, _)| {
                    if spec.kinds == Kinds::ADDR && spec.example.is_empty() {
                        let (reg, declared) = registers.next(Some(".b64"));
                        Written {
                            text: reg,
                            found: Found::Register {
                                ty: Some(declared),
                                vector: 0,
                            },
                        }
                    } else {
                        operand(spec, bound, registers)
                    }
                })
                .collect();
            Written {
                text: format!(
                    "[{}]",
                    written.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(", ")
                ),
                found: Found::Address(written.into_iter().map(|w| w.found).collect()),
            }
        }
        Shape::List(specs) => {
            let written: Vec<Written> = specs.iter().map(|s| scalar(s, bound, registers)).collect();
            Written {
                text: format!(
                    "{{{}}}",
                    written.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(", ")
                ),
                found: Found::Vector(written.into_iter().map(|w| w.found).collect()),
            }
        }
        Shape::Pair { first, second, .. } => {
            let a = scalar(first, bound, registers);
            let b = scalar(second, bound, registers);
            Written {
                text: format!("{}|{}", a.text, b.text),
                found: Found::Pair(Box::new(a.found), Box::new(b.found)),
            }
        }
        Shape::Paren(spec) => Written {
            text: if spec.example.is_empty() {
                "()".to_string()
            } else {
                spec.example.to_string()
            },
            found: Found::Params(0),
        },
    }
}

/// An instance: chain, modifiers and operands.
pub(super) struct Draft {
    pub(super) what: String,
    modifiers: Vec<String>,
    pub(super) operands: Vec<Written>,
    opcode: &'static str,
}

impl Draft {
    /// This instance with operand `i` written as `written`, described as `what`.
    pub(super) fn with_operand(&self, i: usize, written: Written, what: String) -> Draft {
        let mut operands = self.operands.clone();
        operands[i] = written;
        Draft {
            what,
            modifiers: self.modifiers.clone(),
            operands,
            opcode: self.opcode,
        }
    }

    /// This instance with its operands `operands`, described as `what`.
    fn with_operands(&self, operands: Vec<Written>, what: String) -> Draft {
        Draft {
            what,
            modifiers: self.modifiers.clone(),
            operands,
            opcode: self.opcode,
        }
    }

    /// This instance with its modifiers `modifiers`, described as `what`.
    fn with_modifiers(&self, modifiers: Vec<String>, what: String) -> Draft {
        Draft {
            what,
            modifiers,
            operands: self.operands.clone(),
            opcode: self.opcode,
        }
    }

    pub(super) fn text(&self) -> String {
        let mut out = self.opcode.to_string();
        for m in &self.modifiers {
            out.push_str(m);
        }
        if !self.operands.is_empty() {
            out.push(' ');
            out.push_str(
                &self
                    .operands
                    .iter()
                    .map(|o| o.text.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            );
        }
        out
    }

    pub(super) fn modifier_refs(&self) -> Vec<&str> {
        self.modifiers.iter().map(String::as_str).collect()
    }
}

pub(super) fn draft(bound: &Bound, optionals: bool, what: String) -> Draft {
    let mut registers = Registers::default();
    let operands = bound
        .form
        .positions
        .iter()
        .filter(|p| bound.present(p, optionals))
        .map(|p| position(p, bound, &mut registers))
        .collect();
    Draft {
        what,
        modifiers: bound.values.iter().flatten().map(|v| (*v).to_string()).collect(),
        operands,
        opcode: bound.form.opcode,
    }
}

/// The version and target an instance of `form` needs (its own lowest), if some target has it:
/// the rows it matches by pattern and the form's own `block` rows.
pub(super) fn placement(form: &'static Form, modifiers: &[&str], operands: usize) -> Option<(Version, Target)> {
    let instance = InstructionForm {
        opcode: form.opcode,
        modifiers: modifiers.to_vec(),
        operands: Some(operands),
    };
    let mut r = requirements(&instance);
    r.add(form.features());
    let target = r.min_target?;
    let version = r.min_ptx_on(target).max(target.min_ptx()?).max(r.min_ptx);
    version.is_known().then_some((version, target))
}

/// The verdict this crate predicts for `draft` at `version`/`target`: the signature matcher,
/// the version/target tables and the rounding rules.
pub(super) fn predicted_ok(draft: &Draft, version: Version, target: Target) -> bool {
    // Example operands are opaque to the matcher (`Found::Other`): only their count is judged.
    let instance = Instance {
        opcode: draft.opcode,
        modifiers: draft.modifier_refs(),
        operands: draft.operands.iter().map(|o| o.found.clone()).collect(),
    };
    let analysis = analyze(&instance);
    let signature_ok = analysis.as_ref().is_none_or(|a| a.is_match());
    let form = InstructionForm {
        opcode: draft.opcode,
        modifiers: draft.modifier_refs(),
        operands: Some(draft.operands.len()),
    };
    let form_rows_ok = analysis.as_ref().is_none_or(|a| {
        crate::check::check_features(a.form.features(), version, target)
            .iter()
            .all(|i| !i.is_error())
    });
    let operands_ok = analysis
        .as_ref()
        .is_none_or(|a| operands_exist(a, draft.operands.len(), version, target));
    signature_ok && form_rows_ok && operands_ok && crate::check(&form, version, target).iter().all(|i| !i.is_error())
}

/// Whether the operands an instance of `count` operands writes exist at `version` on `target`
/// (their `since`): the matcher fills optional positions in order, so the first `count` minus
/// the other positions are the optional ones written (`tex.1d … [t, c], %r6` without `.level`
/// writes the offset `e`, from PTX 4.3 on sm_30).
fn operands_exist(analysis: &Analysis, count: usize, version: Version, target: Target) -> bool {
    let form = analysis.form;
    let fixed = |p: &Position| match p.presence {
        Presence::Always => true,
        Presence::If(part) => analysis.bindings.get(usize::from(part)).copied().flatten().is_some(),
        Presence::Optional => false,
    };
    let optionals = count.saturating_sub(form.positions.iter().filter(|p| fixed(p)).count());
    let written = form.positions.iter().filter(|p| fixed(p));
    let optional = form
        .positions
        .iter()
        .filter(|p| p.presence == Presence::Optional)
        .take(optionals);
    written
        .chain(optional)
        .flat_map(|p| p.operands())
        .filter_map(|o| o.since)
        .all(|(major, minor, sm)| version >= Version::new(major, minor) && target.at_least(sm))
}

/// Every shape probe of every form.
pub fn shape_probes() -> Vec<ShapeProbe> {
    FORMS.iter().flat_map(form_probes).collect()
}

/// The shape probes of one form.
pub fn form_probes(form: &'static Form) -> Vec<ShapeProbe> {
    let mut valid: Vec<(Bound, bool, String)> = Vec::new();
    let base = Bound::base(form);
    valid.push((base.clone(), false, "valid".to_string()));
    if form.positions.iter().any(|p| p.presence == Presence::Optional) {
        valid.push((base.clone(), true, "valid, optional operands written".to_string()));
    }
    for (index, part) in form.parts.iter().enumerate() {
        for value in part.values {
            if base.values[index] == Some(value) {
                continue;
            }
            let mut bound = base.clone();
            bound.values[index] = Some(value);
            valid.push((bound, false, format!("valid, {}={value}", part.name)));
        }
    }
    if form.parts.iter().filter(|p| p.optional).count() > 1 {
        let mut bound = base.clone();
        for (index, part) in form.parts.iter().enumerate() {
            if part.optional {
                bound.values[index] = part.values.first().copied();
            }
        }
        valid.push((bound, false, "valid, every optional part written".to_string()));
    }
    let mut out = Vec::new();
    let push = |draft: Draft, place: (Version, Target), out: &mut Vec<ShapeProbe>| {
        let (version, target) = place;
        let expect_ok = predicted_ok(&draft, version, target);
        out.push(ShapeProbe {
            form,
            what: draft.what.clone(),
            instruction: draft.text(),
            version,
            target,
            expect_ok,
        });
    };
    for (index, (bound, optionals, what)) in valid.into_iter().enumerate() {
        let d = draft(&bound, optionals, what);
        let Some(mut place) = placement(form, &d.modifier_refs(), d.operands.len()) else {
            continue;
        };
        // An operand that exists only from a later version or target (`since`) moves the
        // instance there.
        for (major, minor, sm) in form
            .positions
            .iter()
            .filter(|p| bound.present(p, optionals))
            .flat_map(|p| p.operands())
            .filter_map(|o| o.since)
        {
            place.0 = place.0.max(Version::new(major, minor));
            if place.1.sm < sm {
                place.1 = Target::sm(sm);
                place.0 = place.0.max(place.1.min_ptx().unwrap_or(place.0));
            }
        }
        // Wrong shapes are generated from the first valid instance only; the other kinds each
        // operand claims to take, from every valid instance (they may differ by slot value).
        let wrong = if index == 0 {
            wrong_shapes(&bound, &d)
        } else {
            Vec::new()
        };
        let kinds = other_kinds(&bound, &d, optionals);
        push(d, place, &mut out);
        for w in wrong {
            push(w, place, &mut out);
        }
        for k in kinds {
            let place = operand_placement(&k, place);
            push(k, place, &mut out);
        }
    }
    out
}

/// Where an instance whose operands the probes chose can be assembled: not before what those
/// operands themselves need (`%clock64`: PTX 2.0 and sm_20; `%is_explicit_cluster`, the predicate
/// special register: PTX 7.8 and sm_90; the address of the external `pfunc`:
/// relocatable code, PTX 3.1, as device function addresses need sm_20).
fn operand_placement(draft: &Draft, place: (Version, Target)) -> (Version, Target) {
    let (mut version, mut target) = place;
    for operand in &draft.operands {
        let (needs_version, needs_sm) = match operand.text.as_str() {
            "%clock64" => (Version::new(2, 0), 20),
            "%is_explicit_cluster" => (Version::new(7, 8), 90),
            "pfunc" => (Version::new(3, 1), 20),
            _ => continue,
        };
        version = version.max(needs_version);
        if !target.at_least(needs_sm) {
            target = Target::sm(needs_sm);
        }
    }
    (version, target)
}

/// The smallest positive constant `spec` takes: its range's low end (at least 1), rounded up
/// to its `multiple`.
fn smallest_constant(spec: &Operand) -> i64 {
    let low = spec.range.map_or(1, |(lo, _)| lo.max(1));
    match spec.multiple {
        Some(m) => (low + m - 1) / m * m,
        None => low,
    }
}

/// A constant of the literal kind `ty` takes: a hexadecimal float of its width for `.f32` and
/// `.f64` operands (ptxas rejects an integer literal there), an integer otherwise.
fn constant_for(spec: &Operand, ty: Option<&str>) -> Written {
    use super::found::Literal;
    let (text, literal) = match ty {
        Some(".f32") => ("0f3F800000".to_string(), Literal::HexFloat(32)),
        Some(".f64") => ("0d3FF0000000000000".to_string(), Literal::HexFloat(64)),
        _ => (smallest_constant(spec).to_string(), Literal::Integer),
    };
    let value = if literal == Literal::Integer {
        text.parse().ok()
    } else {
        None
    };
    Written {
        found: Found::Immediate { literal, value },
        text,
    }
}

/// The valid instance with each operand written as each other kind its legend allows besides
/// the one generated (a constant, a special register, the sink, a negated predicate): the
/// probes check every kind a signature claims, not only the first.
fn other_kinds(bound: &Bound, valid: &Draft, optionals: bool) -> Vec<Draft> {
    let mut out = Vec::new();
    let present: Vec<&Position> = bound
        .form
        .positions
        .iter()
        .filter(|p| bound.present(p, optionals))
        .collect();
    for (i, position) in present.iter().enumerate() {
        match &position.shape {
            Shape::Single(spec) => out.extend(operand_kinds(bound, valid, i, spec, false)),
            Shape::Negatable(spec) => out.extend(operand_kinds(bound, valid, i, spec, true)),
            Shape::Pair { first, second, .. } => out.extend(pair_sinks(valid, i, first, second)),
            _ => {}
        }
    }
    out
}

/// The valid instance with the sink in either half of pair operand `i` (`_|%p1`), where the
/// half's legend allows it.
fn pair_sinks(valid: &Draft, i: usize, first: &Operand, second: &Operand) -> Vec<Draft> {
    let mut out = Vec::new();
    let texts: Vec<&str> = valid.operands[i].text.split('|').collect();
    let Found::Pair(a, b) = &valid.operands[i].found else {
        return out;
    };
    for (half, spec) in [(0, first), (1, second)] {
        if !spec.kinds.contains(Kinds::SINK) || texts.len() != 2 {
            continue;
        }
        let (text, found) = if half == 0 {
            (format!("_|{}", texts[1]), Found::Pair(Box::new(Found::Sink), b.clone()))
        } else {
            (format!("{}|_", texts[0]), Found::Pair(a.clone(), Box::new(Found::Sink)))
        };
        out.push(valid.with_operand(
            i,
            Written { text, found },
            format!("valid, operand {} the sink in a pair", i + 1),
        ));
    }
    out
}

/// The valid instance with operand `i` (a single operand, `negatable` when a `!` may precede
/// it) written as each other kind its legend allows. An example written in the signature is
/// left as it is.
fn operand_kinds(bound: &Bound, valid: &Draft, i: usize, spec: &Operand, negatable: bool) -> Vec<Draft> {
    if !spec.example.is_empty() {
        return Vec::new();
    }
    if let Some(n) = bound.resolve_count(spec) {
        return vector_kinds(valid, i, spec, n);
    }
    // The generated operand is a register whenever the legend allows one.
    if !spec.kinds.intersects(Kinds::REG.union(Kinds::PRED)) {
        return Vec::new();
    }
    other_scalars(bound, &valid.operands[i], spec, negatable)
        .into_iter()
        .map(|(written, what)| valid.with_operand(i, written, format!("valid, operand {} {what}", i + 1)))
        .collect()
}

/// The valid instance with vector operand `i` (of `n` elements) written with sinks, and, where
/// its legend says `scalar`, as one register (its first element's) that stands for the vector.
fn vector_kinds(valid: &Draft, i: usize, spec: &Operand, n: u16) -> Vec<Draft> {
    let mut out = vector_sinks(valid, i, spec, n);
    if spec.scalar
        && n > 1
        && let Found::Vector(elements) = &valid.operands[i].found
        && let (Some(first), Some(text)) = (elements.first(), valid.operands[i].text.split(',').next())
    {
        let written = Written {
            text: text.trim_start_matches('{').trim().to_string(),
            found: first.clone(),
        };
        out.push(valid.with_operand(
            i,
            written,
            format!("valid, operand {} one register for the vector", i + 1),
        ));
    }
    out
}

/// Each other kind a scalar operand's legend allows besides the register generated
/// (`register`), with what it is: a constant, a special register of its type, a variable, a
/// function name, the sink, the register negated.
fn other_scalars(bound: &Bound, register: &Written, spec: &Operand, negatable: bool) -> Vec<(Written, &'static str)> {
    let written = |text: &str, found: Found<'static>| Written {
        text: text.to_string(),
        found,
    };
    let name = |kind| Found::Name { kind, offset: false };
    let mut variants: Vec<(Written, &str)> = Vec::new();
    if spec.kinds.contains(Kinds::IMM) {
        variants.push((constant_for(spec, bound.resolve_type(spec)), "a constant"));
    }
    if spec.kinds.contains(Kinds::SREG) {
        // A special register of the operand's type (ptxas checks it: `mov.u64 d, %tid.x`
        // is "Arguments mismatch").
        let text = match bound.resolve_type(spec) {
            Some(".pred") => "%is_explicit_cluster",
            Some(ty) if type_info(ty).is_some_and(|t| t.bits == 64) => "%clock64",
            _ => "%tid.x",
        };
        variants.push((
            written(text, Found::SpecialRegister { widths: &[], vector: 0 }),
            "a special register",
        ));
    }
    if spec.kinds.contains(Kinds::SYM) {
        let variable = name(super::found::NameKind::Variable);
        variants.push((written(bound.variable(), variable), "a variable"));
    }
    if spec.kinds.contains(Kinds::FUNC) {
        let function = name(super::found::NameKind::Function);
        variants.push((written("pfunc", function), "a function name"));
    }
    if spec.takes_whole_sink() {
        variants.push((written("_", Found::Sink), "the sink"));
    }
    if negatable && spec.kinds.contains(Kinds::PRED) {
        let negated = Found::Negated(Box::new(register.found.clone()));
        variants.push((written(&format!("!{}", register.text), negated), "a negated predicate"));
    }
    variants
}

/// The valid instance with vector operand `i` (of `n` elements) written with sinks: as a whole
/// (valid when its legend says `discard`: ptxas's "Result discard mode"; tried for
/// destinations and wherever the legend says `sink`), and, when its legend says `sink`, with its
/// first element `_` (valid) and with every element `_` (wrong: "Unable to infer type of
/// vector elements").
fn vector_sinks(valid: &Draft, i: usize, spec: &Operand, n: u16) -> Vec<Draft> {
    let mut out = Vec::new();
    let mut variant = |what: &str, what_sink: &str, text: String, found: Found<'static>| {
        out.push(valid.with_operand(
            i,
            Written { text, found },
            format!("{what}, operand {} {}", i + 1, what_sink),
        ));
    };
    if spec.takes_whole_sink() {
        variant("valid", "the sink for the whole vector", "_".to_string(), Found::Sink);
    } else if spec.direction != Direction::In || spec.kinds.contains(Kinds::SINK) {
        variant("wrong", "the sink for the whole vector", "_".to_string(), Found::Sink);
    }
    if spec.kinds.contains(Kinds::SINK)
        && n > 1
        && let Found::Vector(elements) = &valid.operands[i].found
        && let Some((_, rest)) = valid.operands[i].text.split_once(", ")
    {
        let mut elements = elements.clone();
        elements[0] = Found::Sink;
        variant(
            "valid",
            "its first element the sink",
            format!("{{_, {rest}"),
            Found::Vector(elements.clone()),
        );
        variant(
            "wrong",
            "every element the sink",
            format!("{{{}}}", vec!["_"; elements.len()].join(", ")),
            Found::Vector(vec![Found::Sink; elements.len()]),
        );
    }
    out
}

/// Whether an operand is (or holds) an example written in the signature (`Found::Other`).
fn is_example(found: &Found<'_>) -> bool {
    match found {
        Found::Other => true,
        Found::Address(elements) | Found::Vector(elements) => elements.iter().any(is_example),
        _ => false,
    }
}

/// Whether `modifier` names a state space (`.global`, `.shared::cta`, `.param::func`, …).
pub(super) fn is_state_space(modifier: &str) -> bool {
    let base = modifier.find([':', '[']).map_or(modifier, |end| &modifier[..end]);
    matches!(base, ".global" | ".shared" | ".local" | ".const" | ".param")
}

/// A misspelling of a modifier that no instruction has.
fn misspelt(value: &str) -> String {
    format!("{value}x")
}

/// Instances of the wrong shape for a form, from its valid instance: an operand dropped or
/// added, each operand of a wrong kind, a slot value misspelt or left out, an illegal modifier.
fn wrong_shapes(bound: &Bound, valid: &Draft) -> Vec<Draft> {
    let mut out = Vec::new();
    // An operand dropped, one added.
    if let Some(last) = valid.operands.last() {
        let mut fewer = valid.operands.clone();
        fewer.pop();
        out.push(valid.with_operands(fewer, "last operand dropped".into()));
        let mut more = valid.operands.clone();
        more.push(last.clone());
        out.push(valid.with_operands(more, "last operand repeated".into()));
    }
    // Each operand of a wrong kind.
    let present: Vec<&Position> = bound
        .form
        .positions
        .iter()
        .filter(|p| bound.present(p, false))
        .collect();
    for (i, position) in present.iter().enumerate() {
        match &position.shape {
            Shape::Single(spec) | Shape::Negatable(spec) => {
                out.extend(wrong_constants(valid, i, spec));
                out.extend(wrong_registers(bound, valid, i, spec));
            }
            Shape::Address(_) => {
                let register = Written {
                    text: "%rd1".to_string(),
                    found: Found::Register {
                        ty: Some(".b64"),
                        vector: 0,
                    },
                };
                out.push(valid.with_operand(i, register, format!("operand {} without brackets", i + 1)));
            }
            _ => {}
        }
    }
    out.extend(wrong_slots(bound, valid));
    // An illegal modifier added.
    let extra = if bound.form.parts.iter().any(|p| p.takes(".volatile")) {
        ".sync"
    } else {
        ".volatile"
    };
    let mut modifiers = valid.modifiers.clone();
    modifiers.insert(0, extra.to_string());
    out.push(valid.with_modifiers(modifiers, format!("{extra} added")));
    out
}

/// An integer constant written.
fn integer(value: i64) -> Written {
    Written {
        text: value.to_string(),
        found: Found::Immediate {
            literal: super::found::Literal::Integer,
            value: Some(value),
        },
    }
}

/// The valid instance with single operand `i` a constant it does not take: any constant where
/// it takes none, zero where it excludes zero, a constant not a multiple of its `multiple`.
fn wrong_constants(valid: &Draft, i: usize, spec: &Operand) -> Vec<Draft> {
    let mut out = Vec::new();
    let takes_constant = spec.kinds.contains(Kinds::IMM);
    if !takes_constant && spec.example.is_empty() {
        out.push(valid.with_operand(i, integer(1), format!("operand {} a constant", i + 1)));
    }
    // Zero where the operand excludes it (`range -1..1 nonzero`).
    if spec.nonzero && takes_constant {
        out.push(valid.with_operand(i, integer(0), format!("operand {} zero", i + 1)));
    }
    // A constant that is not a multiple of what the operand requires.
    if let Some(multiple) = spec.multiple
        && takes_constant
    {
        let value = smallest_constant(spec) + 1;
        out.push(valid.with_operand(
            i,
            integer(value),
            format!("operand {} not a multiple of {multiple}", i + 1),
        ));
    }
    out
}

/// The valid instance with single operand `i` a register or vector it does not take: a
/// special register, the sink for a destination, a vector one element short, a vector of one
/// without its braces.
fn wrong_registers(bound: &Bound, valid: &Draft, i: usize, spec: &Operand) -> Vec<Draft> {
    let mut out = Vec::new();
    let written = |text: &str, found: Found<'static>| Written {
        text: text.to_string(),
        found,
    };
    let count = bound.resolve_count(spec);
    let operand = &valid.operands[i];
    if !spec.kinds.contains(Kinds::SREG)
        && spec.kinds.intersects(Kinds::REG)
        && spec.example.is_empty()
        && count.is_none()
    {
        let register = written("%tid.x", Found::SpecialRegister { widths: &[], vector: 0 });
        out.push(valid.with_operand(i, register, format!("operand {} a special register", i + 1)));
    }
    // A vector destination written `_` is tried with every valid instance
    // (`vector_sinks`), where its vector part is written.
    if spec.direction != Direction::In && !spec.takes_whole_sink() && spec.example.is_empty() && count.is_none() {
        out.push(valid.with_operand(i, written("_", Found::Sink), format!("operand {} the sink", i + 1)));
    }
    let Found::Vector(elements) = &operand.found else {
        return out;
    };
    let inner = operand.text.trim_matches(|c| c == '{' || c == '}');
    if let Some(n) = count
        && n > 1
    {
        let texts: Vec<&str> = inner.split(", ").collect();
        let shorter = format!("{{{}}}", texts[..texts.len() - 1].join(", "));
        let found = Found::Vector(elements[..elements.len() - 1].to_vec());
        out.push(valid.with_operand(
            i,
            written(&shorter, found),
            format!("operand {} one vector element dropped", i + 1),
        ));
    }
    // A vector of exactly one (`x1`, `.x1` in `x.num`) written without its braces.
    if count == Some(1)
        && matches!(spec.count, CountSpec::Fixed(_) | CountSpec::PartNumber(_))
        && let [only] = elements.as_slice()
    {
        out.push(valid.with_operand(
            i,
            written(inner.trim(), only.clone()),
            format!("operand {} its one element without braces", i + 1),
        ));
    }
    out
}

/// The valid instance with each slot value misspelt, and each required slot left out.
fn wrong_slots(bound: &Bound, valid: &Draft) -> Vec<Draft> {
    let mut out = Vec::new();
    for (index, part) in bound.form.parts.iter().enumerate() {
        let Some(value) = bound.values[index] else { continue };
        let at = valid
            .modifiers
            .iter()
            .position(|m| m == value)
            .expect("bound values are written");
        let mut modifiers = valid.modifiers.clone();
        let misspelling = misspelt(value);
        modifiers[at] = misspelling.clone();
        out.push(valid.with_modifiers(modifiers, format!("{} misspelt as {misspelling}", part.name)));
        // An example address belongs to the form's state space: without the space the
        // instruction addresses it generically, which ptxas rejects for another reason ("State
        // space mismatch between instruction and address") that the state-space rules report.
        let space_of_example = is_state_space(value) && valid.operands.iter().any(|o| is_example(&o.found));
        if !part.optional && !space_of_example {
            let mut modifiers = valid.modifiers.clone();
            modifiers.remove(at);
            out.push(valid.with_modifiers(modifiers, format!("{} left out", part.name)));
        }
    }
    out
}

/// The number of forms, for the summary line.
pub fn form_count() -> usize {
    FORMS.len()
}
