//! `--explain-instruction CHAIN` (the PTX.jl idea, `spec/ptx-jl-chain-dsl.txt`): the forms a
//! dotted opcode chain matches, every operand's kind and type, the version and target it needs
//! and its side effects; for a near miss, what is wrong and the closest valid chains. The
//! language server's hover and the inline-PTX checks use the same API.

use std::fmt::{self, Write as _};

use super::matcher::{ModifierFit, Problem, modifier_fits};
use super::model::{CountSpec, Direction, Form, Operand, Position, Presence, Shape, TypeSpec};
use super::typecheck::scale_type;
use super::{forms, shape_dimension};
use crate::form::InstructionForm;
use crate::requirements::{Requirements, requirements};

/// What a chain is: exact matches, or the closest forms and what is wrong.
#[derive(Debug, Clone)]
pub struct Explanation<'c> {
    /// The chain as given.
    pub chain: &'c str,
    /// Forms the chain matches exactly.
    pub matches: Vec<Explained>,
    /// When nothing matches: the closest forms with their problems.
    pub near: Vec<NearMiss>,
    /// Closest valid chains (for a near miss).
    pub suggestions: Vec<String>,
    /// What the chain needs (version, target), from the instruction tables.
    pub requirements: Requirements,
}

/// One form the chain matches.
#[derive(Debug, Clone)]
pub struct Explained {
    /// The form.
    pub form: &'static Form,
    /// Each part with the value the chain gives it (`None`: left out).
    pub values: Vec<(&'static str, Option<&'static str>)>,
    /// Each operand position.
    pub operands: Vec<ExplainedOperand>,
}

/// One operand of a matched form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExplainedOperand {
    /// How it is written in the form (`d`, `[a]`, `p|q`).
    pub written: String,
    /// Read, written or both.
    pub direction: Direction,
    /// What may stand there ("a register or a constant").
    pub kinds: String,
    /// Its type with these modifiers, when known.
    pub ty: Option<&'static str>,
    /// A vector of this many, when it is one.
    pub count: Option<u16>,
    /// When it is present: "always", "optional", "with .L2::cache_hint".
    pub presence: String,
}

/// A form close to the chain, and what is wrong relative to it.
#[derive(Debug, Clone)]
pub struct NearMiss {
    /// The form.
    pub form: &'static Form,
    /// What is wrong, in words.
    pub problems: Vec<String>,
}

/// The parts of `chain` split like the grammar does (`cp.async.bulk.tensor.2d…`).
fn split(chain: &str) -> InstructionForm<'_> {
    InstructionForm::parse(chain)
}

fn resolve_type(spec: &Operand, values: &[Option<&'static str>]) -> Option<&'static str> {
    match spec.ty {
        TypeSpec::Unchecked => None,
        TypeSpec::Fixed(t) => Some(t),
        TypeSpec::Part { part, num, den } => {
            let value = values[usize::from(part)]?;
            if num == den {
                Some(value)
            } else {
                scale_type(value, num, den)
            }
        }
        TypeSpec::Map { part, entries } => {
            let value = values[usize::from(part)]?;
            entries.iter().find(|(v, _)| *v == value).map(|(_, t)| *t)
        }
    }
}

fn resolve_count(spec: &Operand, values: &[Option<&'static str>]) -> Option<u16> {
    match spec.count {
        CountSpec::Scalar => None,
        CountSpec::Fixed(n) => Some(n),
        CountSpec::PartNumber(part) => values[usize::from(part)]
            .and_then(|v| v.chars().filter(char::is_ascii_digit).collect::<String>().parse().ok()),
        CountSpec::Map { part, entries } => {
            let value = values[usize::from(part)]?;
            entries.iter().find(|(v, _)| *v == value).map(|(_, n)| *n)
        }
        CountSpec::Dim { part, letter, num, den } => {
            shape_dimension(values[usize::from(part)]?, letter).map(|d| d * num / den)
        }
    }
}

fn explain_position(form: &Form, position: &Position, values: &[Option<&'static str>]) -> Vec<ExplainedOperand> {
    let presence = match position.presence {
        Presence::Always => "always".to_string(),
        Presence::Optional => "optional".to_string(),
        Presence::If(part) => format!("with {}", form.parts[usize::from(part)].name),
    };
    let one = |spec: &Operand, written: String| ExplainedOperand {
        written,
        direction: spec.direction,
        kinds: spec.kinds.describe(),
        ty: resolve_type(spec, values),
        count: resolve_count(spec, values),
        presence: presence.clone(),
    };
    match &position.shape {
        Shape::Single(spec) => vec![one(spec, spec.name.to_string())],
        Shape::Negatable(spec) => vec![one(spec, format!("{{!}}{}", spec.name))],
        Shape::Paren(spec) => vec![one(spec, format!("({})", spec.name))],
        Shape::Sink => vec![ExplainedOperand {
            written: "_".to_string(),
            direction: Direction::Out,
            kinds: "the sink '_'".to_string(),
            ty: None,
            count: None,
            presence,
        }],
        Shape::Address(elements) => elements
            .iter()
            .map(|(spec, optional)| {
                let mut e = one(spec, format!("[{}]", spec.name));
                if *optional {
                    e.presence = "optional".to_string();
                }
                e
            })
            .collect(),
        Shape::List(specs) => specs.iter().map(|s| one(s, format!("{{{}}}", s.name))).collect(),
        Shape::Pair { first, second, .. } => vec![
            one(first, first.name.to_string()),
            one(second, format!("|{}", second.name)),
        ],
    }
}

/// Describes a problem for a person, relative to `form`.
pub fn describe_problem(problem: &Problem, form: &Form, modifiers: &[&str]) -> String {
    let m = |i: &usize| modifiers.get(*i).copied().unwrap_or("?");
    match problem {
        Problem::UnknownModifier { modifier, suggestions } if suggestions.is_empty() => {
            format!("`{}` is not a modifier of any PTX instruction", m(modifier))
        }
        Problem::UnknownModifier { modifier, suggestions } => format!(
            "`{}` is not a modifier of any PTX instruction (did you mean {}?)",
            m(modifier),
            suggestions
                .iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Problem::IllegalModifier { modifier } => format!("`{}` does not take `{}`", form.opcode, m(modifier)),
        Problem::DuplicateModifier { modifier } => format!("`{}` is written twice", m(modifier)),
        Problem::ConflictingModifier { modifier } => {
            format!("`{}` is not allowed with the other modifiers", m(modifier))
        }
        Problem::IllegalType { modifier } => format!("type `{}` is not allowed here", m(modifier)),
        Problem::MissingModifier { part } => {
            let part = &form.parts[*part];
            if part.slot {
                format!("needs {} (one of {})", part.name, part.values.join(", "))
            } else {
                format!("needs `{}`", part.name)
            }
        }
        Problem::ExcludedCombination { reason } => reason.to_string(),
        Problem::OperandCount { min, max, found } => format!("takes {min}..={max} operands, found {found}"),
        Problem::OperandKind { operand, expected, .. } => {
            format!("operand {} must be {}", operand + 1, expected.describe())
        }
        Problem::SpecialRegister { operand, .. } => format!("operand {} cannot be a special register", operand + 1),
        Problem::VectorSize {
            operand,
            expected,
            found,
        } => format!("operand {} must have {expected} elements, found {found}", operand + 1),
        Problem::OperandType { operand, expected, .. } => format!("operand {} must be `{expected}`", operand + 1),
        Problem::ImmediateMultiple {
            operand,
            multiple,
            value,
        } => format!(
            "operand {} must be a multiple of {multiple}, found {value}",
            operand + 1
        ),
        Problem::ImmediateRange { operand, range, value } => {
            format!(
                "operand {} must lie in {}..={}, found {value}",
                operand + 1,
                range.0,
                range.1
            )
        }
    }
}

/// The chain corrected towards `form`: unknown modifiers replaced by their closest spelling
/// (or dropped), illegal and repeated ones dropped, each missing required part given a value
/// (the `choice`-th of the first missing part, the first of the others), in the form's part
/// order.
fn corrected(
    form: &'static Form,
    bindings: &[Option<u8>],
    problems: &[Problem],
    modifiers: &[&str],
    choice: usize,
) -> String {
    let mut values: Vec<Option<&str>> = bindings.iter().map(|b| b.map(|m| modifiers[usize::from(m)])).collect();
    let mut first_missing = true;
    for problem in problems {
        match problem {
            Problem::MissingModifier { part } => {
                let pick = if first_missing { choice } else { 0 };
                first_missing = false;
                values[*part] = form.parts[*part].values.get(pick).copied();
            }
            Problem::UnknownModifier { suggestions, .. } => {
                // Put the closest spelling where the form takes it.
                if let Some(s) = suggestions.first()
                    && let Some(i) = form
                        .parts
                        .iter()
                        .enumerate()
                        .position(|(i, p)| values[i].is_none() && p.takes(s))
                {
                    values[i] = Some(s);
                }
            }
            _ => {}
        }
    }
    let mut out = form.opcode.to_string();
    for v in values.iter().flatten() {
        out.push_str(v);
    }
    out
}

/// Explains a dotted chain such as `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`.
///
/// ```
/// let e = ptxkit_isa::signature::explain("add.sat.s32");
/// assert_eq!(e.matches.len(), 1);
/// let near = ptxkit_isa::signature::explain("mul.s32");
/// assert!(near.matches.is_empty());
/// assert!(near.suggestions.iter().any(|s| s == "mul.lo.s32"));
/// ```
pub fn explain(chain: &str) -> Explanation<'_> {
    let parsed = split(chain);
    let fits = modifier_fits(parsed.opcode, &parsed.modifiers);
    let requirements = requirements(&parsed);
    let mut explanation = Explanation {
        chain,
        matches: Vec::new(),
        near: Vec::new(),
        suggestions: Vec::new(),
        requirements,
    };
    for ModifierFit {
        form,
        bindings,
        problems,
    } in &fits
    {
        if !problems.is_empty() {
            continue;
        }
        let values: Vec<Option<&'static str>> = form
            .parts
            .iter()
            .zip(bindings)
            .map(|(part, b)| {
                b.and_then(|m| {
                    part.values
                        .iter()
                        .copied()
                        .find(|v| *v == parsed.modifiers[usize::from(m)])
                })
            })
            .collect();
        explanation.matches.push(Explained {
            form,
            values: form.parts.iter().map(|p| p.name).zip(values.iter().copied()).collect(),
            operands: form
                .positions
                .iter()
                .flat_map(|p| explain_position(form, p, &values))
                .collect(),
        });
    }
    if explanation.matches.is_empty() {
        let best = fits.first().map_or(0, |fit| fit.problems.len());
        for ModifierFit {
            form,
            bindings,
            problems,
        } in fits.iter().filter(|fit| fit.problems.len() == best).take(3)
        {
            explanation.near.push(NearMiss {
                form,
                problems: problems
                    .iter()
                    .map(|p| describe_problem(p, form, &parsed.modifiers))
                    .collect(),
            });
            let choices = problems
                .iter()
                .find_map(|p| match p {
                    Problem::MissingModifier { part } => Some(form.parts[*part].values.len()),
                    _ => None,
                })
                .unwrap_or(1);
            for choice in 0..choices.min(4) {
                let suggestion = corrected(form, bindings, problems, &parsed.modifiers, choice);
                let check = split(&suggestion);
                let exact = modifier_fits(check.opcode, &check.modifiers)
                    .first()
                    .is_some_and(|fit| fit.problems.is_empty());
                if exact && !explanation.suggestions.contains(&suggestion) && explanation.suggestions.len() < 6 {
                    explanation.suggestions.push(suggestion);
                }
            }
        }
    }
    explanation
}

impl Explanation<'_> {
    /// Whether the opcode has signatures at all.
    pub fn opcode_known(&self) -> bool {
        !forms(split(self.chain).opcode).is_empty()
    }
}

/// The state spaces a memory instruction's modifiers name.
const SPACES: &[&str] = &[".global", ".shared", ".local", ".const", ".param", ".tex", ".surf"];

fn direction(d: Direction) -> &'static str {
    match d {
        Direction::In => "in",
        Direction::Out => "out",
        Direction::InOut => "in/out",
    }
}

impl fmt::Display for Explanation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.opcode_known() {
            return writeln!(
                f,
                "{}: no signature describes `{}`",
                self.chain,
                split(self.chain).opcode
            );
        }
        if self.matches.is_empty() {
            writeln!(f, "{}: matches no form", self.chain)?;
            for near in &self.near {
                writeln!(
                    f,
                    "  closest:  {}   (PTX ISA §{}; signatures/{}.sig:{})",
                    near.form.text, near.form.section, near.form.family, near.form.line
                )?;
                for p in &near.problems {
                    writeln!(f, "    - {p}")?;
                }
            }
            if !self.suggestions.is_empty() {
                writeln!(f, "  did you mean: {}", self.suggestions.join(", "))?;
            }
            return Ok(());
        }
        writeln!(f, "{}", self.chain)?;
        for m in &self.matches {
            let form = m.form;
            writeln!(
                f,
                "  form:     {}   (PTX ISA §{}; signatures/{}.sig:{})",
                form.text, form.section, form.family, form.line
            )?;
            writeln!(f, "  summary:  {}", form.summary)?;
            let set: Vec<String> = m
                .values
                .iter()
                .filter_map(|(name, v)| {
                    v.map(|v| {
                        if *name == v {
                            v.to_string()
                        } else {
                            format!("{name} = {v}")
                        }
                    })
                })
                .collect();
            if !set.is_empty() {
                writeln!(f, "  parts:    {}", set.join(", "))?;
            }
            writeln!(f, "  operands:")?;
            for op in &m.operands {
                let mut what = op.kinds.clone();
                if let Some(n) = op.count {
                    let _ = write!(what, ", a vector of {n}");
                }
                if let Some(t) = op.ty {
                    let _ = write!(what, ", {t}");
                }
                if op.presence != "always" {
                    let _ = write!(what, " ({})", op.presence);
                }
                writeln!(f, "    {:<16} {:<6} {what}", op.written, direction(op.direction))?;
            }
            let mut effects = form.effects.words().join(", ");
            if form.effects.read || form.effects.write {
                let space = m
                    .values
                    .iter()
                    .filter_map(|(_, v)| *v)
                    .find(|v| SPACES.iter().any(|s| v.starts_with(s)));
                let _ = write!(
                    effects,
                    " ({})",
                    space.map_or("generic address".to_string(), |s| format!("{s} space"))
                );
            }
            writeln!(f, "  effects:  {effects}")?;
            let values: Vec<Option<&str>> = m.values.iter().map(|(_, v)| *v).collect();
            for line in super::semantics::describe(form, &values) {
                writeln!(f, "  {line}")?;
            }
            if form.features().next().is_some() {
                // `block` rows: what this form needs beyond the chain (an indirect `call`).
                let mut own = Requirements::none();
                own.add(form.features());
                let target = own
                    .min_target
                    .map_or("no target has it".to_string(), |t| format!(".target {t}"));
                writeln!(f, "  form needs: PTX {}, {target}", own.min_ptx)?;
            }
        }
        let r = &self.requirements;
        let target = r
            .min_target
            .map_or("no target has it".to_string(), |t| format!(".target {t}"));
        let arch = if r.arch_specific { " (arch/family-specific)" } else { "" };
        writeln!(f, "  needs:    PTX {}, {target}{arch}", r.min_ptx)
    }
}
