//! Matching an instruction against its opcode's forms: a hash lookup by opcode, an assignment
//! of the modifiers to each form's parts (cached per distinct chain), then the operands of the
//! best form. When nothing matches, the closest form says what is wrong.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::OnceLock;

use super::found::{Found, Instance, NameKind};
use super::model::{CountSpec, Direction, Form, Kinds, Operand, Position, Presence, Shape, TypeSpec};
use super::register_types::{operand_typing, register_fits};
use super::typecheck::{scale_type, type_shape};
use super::{FORMS, forms};
use crate::types::is_type_name;

/// What is wrong with an instruction, relative to the form closest to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A modifier no instruction has (a misspelling): did you mean one of these?
    UnknownModifier {
        /// Index into the instance's modifiers.
        modifier: usize,
        /// This opcode's modifiers closest to it.
        suggestions: Vec<&'static str>,
    },
    /// A modifier other instructions have, but no form of this opcode.
    IllegalModifier {
        /// Index into the instance's modifiers.
        modifier: usize,
    },
    /// The same modifier written twice.
    DuplicateModifier {
        /// Index of the second occurrence.
        modifier: usize,
    },
    /// A modifier this opcode has, but not together with the others written.
    ConflictingModifier {
        /// Index into the instance's modifiers.
        modifier: usize,
    },
    /// A type this opcode has, but not in this combination.
    IllegalType {
        /// Index into the instance's modifiers.
        modifier: usize,
    },
    /// A part the form requires is not written.
    MissingModifier {
        /// Index into the form's parts.
        part: usize,
    },
    /// Too few or too many operands.
    OperandCount {
        /// The fewest the form takes (with these modifiers).
        min: usize,
        /// The most.
        max: usize,
        /// How many are written.
        found: usize,
    },
    /// An operand of the wrong kind (a constant where a register must go, …).
    OperandKind {
        /// Index into the instance's operands.
        operand: usize,
        /// Index of the element inside an address or vector, if the problem is there.
        element: Option<usize>,
        /// What the form allows there.
        expected: Kinds,
        /// Whether the position is a destination.
        destination: bool,
    },
    /// A special register where the instruction takes none.
    SpecialRegister {
        /// Index into the instance's operands.
        operand: usize,
        /// Index of the element, if inside an address or vector.
        element: Option<usize>,
    },
    /// A braced vector (or address) with the wrong number of elements.
    VectorSize {
        /// Index into the instance's operands.
        operand: usize,
        /// How many the form takes.
        expected: u16,
        /// How many are written (0: not a vector).
        found: u16,
    },
    /// A register whose declared type does not agree with the operand's type.
    OperandType {
        /// Index into the instance's operands.
        operand: usize,
        /// Index of the element, if inside an address or vector.
        element: Option<usize>,
        /// The type the form gives the operand.
        expected: &'static str,
        /// Whether wider registers are accepted there.
        wide: bool,
    },
    /// A combination of modifiers the form excludes (`.v8` only with `.global`).
    ExcludedCombination {
        /// Why, in the signature's words.
        reason: &'static str,
    },
    /// A constant outside the range the operand allows.
    ImmediateRange {
        /// Index into the instance's operands.
        operand: usize,
        /// The allowed range.
        range: (i64, i64),
        /// The value written.
        value: i64,
    },
    /// A constant that is not a multiple of the number the operand requires (`st.bulk`'s
    /// size: ptxas "expected to be multiple of 8").
    ImmediateMultiple {
        /// Index into the instance's operands.
        operand: usize,
        /// What it must be a multiple of.
        multiple: i64,
        /// The value written.
        value: i64,
    },
}

impl Problem {
    /// Whether the problem is about the modifiers (not the operands).
    pub fn is_modifier_problem(&self) -> bool {
        matches!(
            self,
            Problem::UnknownModifier { .. }
                | Problem::IllegalModifier { .. }
                | Problem::DuplicateModifier { .. }
                | Problem::ConflictingModifier { .. }
                | Problem::IllegalType { .. }
                | Problem::MissingModifier { .. }
                | Problem::ExcludedCombination { .. }
        )
    }
}

/// The result of matching one instruction: the form that matches, or the closest one and what
/// is wrong with the instruction relative to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The matching (or closest) form.
    pub form: &'static Form,
    /// For each of the form's parts, the index of the modifier that fills it.
    pub bindings: Vec<Option<u8>>,
    /// For each of the form's operand positions, the index of the instance's operand written
    /// there (`None`: left out, or the operand count fits no choice).
    pub operands: Vec<Option<u8>>,
    /// What is wrong; empty when the instruction matches the form.
    pub problems: Vec<Problem>,
}

impl Analysis {
    /// Whether the instruction matches its form exactly.
    pub fn is_match(&self) -> bool {
        self.problems.is_empty()
    }

    /// The value written for part `part` (with its dot), if any.
    pub fn value<'a>(&self, part: usize, modifiers: &[&'a str]) -> Option<&'a str> {
        self.bindings
            .get(part)
            .copied()
            .flatten()
            .and_then(|m| modifiers.get(usize::from(m)).copied())
    }
}

/// Every modifier any form takes (for "unknown modifier").
fn vocabulary() -> &'static HashSet<&'static str> {
    static VOCABULARY: OnceLock<HashSet<&'static str>> = OnceLock::new();
    VOCABULARY.get_or_init(|| {
        FORMS
            .iter()
            .flat_map(|f| f.parts.iter().flat_map(|p| p.values.iter().copied()))
            .collect()
    })
}

/// Whether any form of any instruction takes `modifier`.
pub fn is_known_modifier(modifier: &str) -> bool {
    vocabulary().contains(modifier) || is_type_name(modifier)
}

/// The modifiers the forms of `opcode` take, sorted.
pub fn opcode_modifiers(opcode: &str) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = forms(opcode)
        .iter()
        .flat_map(|f| f.parts.iter().flat_map(|p| p.values.iter().copied()))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// One form with the best assignment of the modifiers to its parts.
#[derive(Debug, Clone)]
struct Candidate {
    form: &'static Form,
    bindings: Vec<Option<u8>>,
    unplaced: Vec<usize>,
    missing: Vec<usize>,
    excluded: Option<&'static str>,
}

impl Candidate {
    fn cost(&self) -> usize {
        self.unplaced.len() + self.missing.len() + usize::from(self.excluded.is_some())
    }
}

/// The compiled `except` patterns of every form.
fn except_patterns() -> &'static HashMap<&'static str, Vec<crate::form::Pattern>> {
    static PATTERNS: OnceLock<HashMap<&'static str, Vec<crate::form::Pattern>>> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        FORMS
            .iter()
            .flat_map(|f| f.excepts.iter())
            .filter_map(|(pattern, _)| Some((*pattern, crate::form::Pattern::compile_all(pattern).ok()?)))
            .collect()
    })
}

/// The reason of the first `except` of `form` that `modifiers` fall under.
fn excluded(form: &'static Form, opcode: &str, modifiers: &[&str]) -> Option<&'static str> {
    if form.excepts.is_empty() {
        return None;
    }
    let instance = crate::InstructionForm::new(opcode, modifiers.to_vec());
    form.excepts.iter().find_map(|(pattern, reason)| {
        let compiled = except_patterns().get(pattern)?;
        crate::form::Pattern::any_matches(compiled, &instance).then_some(*reason)
    })
}

/// The best assignment of `modifiers` to the parts of `form`: fewest modifiers left unplaced
/// plus required parts left empty. Parts other than type parts take their modifier wherever
/// it is written; type parts keep the order of the type modifiers.
fn assign(form: &'static Form, modifiers: &[&str]) -> Candidate {
    struct Search<'s> {
        form: &'static Form,
        modifiers: &'s [&'s str],
        filled: Vec<Option<u8>>,
        unplaced: Vec<usize>,
        best: Option<(usize, Vec<Option<u8>>, Vec<usize>)>,
    }
    impl Search<'_> {
        fn missing(&self) -> usize {
            self.form
                .parts
                .iter()
                .zip(&self.filled)
                .filter(|(p, f)| !p.optional && f.is_none())
                .count()
        }
        fn run(&mut self, at: usize, last_type: Option<usize>) {
            let bound = self.best.as_ref().map_or(usize::MAX, |b| b.0);
            if self.unplaced.len() >= bound {
                return;
            }
            if at == self.modifiers.len() {
                let cost = self.unplaced.len() + self.missing();
                if cost < bound {
                    self.best = Some((cost, self.filled.clone(), self.unplaced.clone()));
                }
                return;
            }
            let modifier = self.modifiers[at];
            for (index, part) in self.form.parts.iter().enumerate() {
                if self.filled[index].is_some() || !part.takes(modifier) {
                    continue;
                }
                if part.is_type && last_type.is_some_and(|l| index <= l) {
                    continue;
                }
                self.filled[index] = Some(at as u8);
                let next_type = if part.is_type { Some(index) } else { last_type };
                self.run(at + 1, next_type);
                self.filled[index] = None;
                if self.best.as_ref().is_some_and(|b| b.0 == 0) {
                    return;
                }
            }
            self.unplaced.push(at);
            self.run(at + 1, last_type);
            self.unplaced.pop();
        }
    }
    let mut search = Search {
        form,
        modifiers,
        filled: vec![None; form.parts.len()],
        unplaced: Vec::new(),
        best: None,
    };
    search.run(0, None);
    let (_, bindings, unplaced) = search
        .best
        .expect("leaving every modifier unplaced is always an assignment");
    let missing = form
        .parts
        .iter()
        .zip(&bindings)
        .enumerate()
        .filter(|(_, (p, b))| !p.optional && b.is_none())
        .map(|(i, _)| i)
        .collect();
    Candidate {
        form,
        bindings,
        unplaced,
        missing,
        excluded: None,
    }
}

thread_local! {
    /// Candidates per distinct chain (`opcode` + modifiers), best first.
    static CANDIDATES: RefCell<HashMap<String, Rc<Vec<Candidate>>>> = RefCell::new(HashMap::new());
}

/// Every form of `opcode` with its best modifier assignment, best (lowest cost) first.
fn candidates(opcode: &str, modifiers: &[&str]) -> Rc<Vec<Candidate>> {
    let mut key = String::with_capacity(opcode.len() + modifiers.iter().map(|m| m.len()).sum::<usize>());
    key.push_str(opcode);
    for m in modifiers {
        key.push_str(m);
    }
    if let Some(found) = CANDIDATES.with(|c| c.borrow().get(&key).cloned()) {
        return found;
    }
    let mut all: Vec<Candidate> = forms(opcode)
        .iter()
        .map(|form| {
            let mut candidate = assign(form, modifiers);
            candidate.excluded = excluded(form, opcode, modifiers);
            candidate
        })
        .collect();
    all.sort_by_key(Candidate::cost);
    let all = Rc::new(all);
    CANDIDATES.with(|c| {
        let mut cache = c.borrow_mut();
        if cache.len() > 100_000 {
            cache.clear();
        }
        cache.insert(key, all.clone());
    });
    all
}

/// How the modifiers of a chain fit one form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModifierFit {
    /// The form.
    pub form: &'static Form,
    /// For each of the form's parts, the index of the modifier that fills it.
    pub bindings: Vec<Option<u8>>,
    /// The modifier problems (none for an exact fit).
    pub problems: Vec<Problem>,
}

/// How the modifiers of a chain fit each form of its opcode, best first. Operands are not
/// looked at (`--explain-instruction`, completion).
pub fn modifier_fits(opcode: &str, modifiers: &[&str]) -> Vec<ModifierFit> {
    let instance = Instance {
        opcode,
        modifiers: modifiers.to_vec(),
        operands: Vec::new(),
    };
    candidates(opcode, modifiers)
        .iter()
        .map(|c| ModifierFit {
            form: c.form,
            bindings: c.bindings.clone(),
            problems: modifier_problems(c, &instance),
        })
        .collect()
}

/// Matches `instance` against the forms of its opcode. `None` when no signature describes the
/// opcode at all (an unknown opcode is another rule's business).
///
/// ```
/// use ptxkit_isa::signature::{Found, Instance, Problem, analyze};
/// let reg = |ty| Found::Register { ty: Some(ty), vector: 0 };
/// let add = Instance { opcode: "add", modifiers: vec![".s32"], operands: vec![reg(".b32"), reg(".b32")] };
/// let analysis = analyze(&add).unwrap();
/// assert!(matches!(analysis.problems[0], Problem::OperandCount { min: 3, max: 3, found: 2 }));
/// ```
pub fn analyze(instance: &Instance<'_>) -> Option<Analysis> {
    let all = candidates(instance.opcode, &instance.modifiers);
    let best_cost = all.first()?.cost();
    // Among the forms with the fewest modifier problems, the one whose operands fit best; a
    // form that takes as many operands as are written explains them better than one that
    // does not (`call (), %rd1, (), f`: a wrong target, not a wrong count).
    type Best<'c> = (usize, &'c Candidate, Vec<Problem>, Vec<Option<u8>>);
    let mut best: Option<Best<'_>> = None;
    for candidate in all.iter().take_while(|c| c.cost() == best_cost) {
        let (problems, operands) = check_operands(candidate, instance);
        // A `d|p` pair written where the form has none (or the other way round) explains less
        // than a wrong element inside a pair the form has.
        let pair_mismatch = |p: &Problem| match *p {
            Problem::VectorSize { operand, found: 0, .. }
            | Problem::OperandKind {
                operand, element: None, ..
            } => matches!(instance.operands.get(operand), Some(Found::Pair(..))),
            _ => false,
        };
        let score = problems.len()
            + problems
                .iter()
                .filter(|p| matches!(p, Problem::OperandCount { .. }) || pair_mismatch(p))
                .count();
        if best.as_ref().is_none_or(|(s, _, _, _)| score < *s) {
            best = Some((score, candidate, problems, operands));
            if score == 0 {
                break;
            }
        }
    }
    let (_, candidate, operand_problems, operands) = best?;
    let mut problems = modifier_problems(candidate, instance);
    problems.extend(operand_problems);
    Some(Analysis {
        form: candidate.form,
        bindings: candidate.bindings.clone(),
        operands,
        problems,
    })
}

/// This opcode's modifiers closest to `modifier` (edit distance at most a third of its length,
/// and at least 1), best first, at most three.
pub fn suggest_modifiers(opcode: &str, modifier: &str) -> Vec<&'static str> {
    let limit = (modifier.len() / 3).max(1);
    let modifier = modifier.to_ascii_lowercase();
    let mut scored: Vec<(usize, &'static str)> = opcode_modifiers(opcode)
        .into_iter()
        .filter_map(|m| crate::spelling::distance_within(&modifier, &m.to_ascii_lowercase(), limit).map(|d| (d, m)))
        .collect();
    scored.sort();
    scored.into_iter().take(3).map(|(_, m)| m).collect()
}

fn modifier_problems(candidate: &Candidate, instance: &Instance<'_>) -> Vec<Problem> {
    let mut problems = Vec::new();
    let opcode_forms = forms(instance.opcode);
    let opcode_takes = |m: &str| opcode_forms.iter().any(|f| f.parts.iter().any(|p| p.takes(m)));
    for &index in &candidate.unplaced {
        let modifier = instance.modifiers[index];
        let duplicate = instance.modifiers[..index].contains(&modifier);
        let problem = if duplicate {
            Problem::DuplicateModifier { modifier: index }
        } else if !is_known_modifier(modifier) {
            Problem::UnknownModifier {
                modifier: index,
                suggestions: suggest_modifiers(instance.opcode, modifier),
            }
        } else if !opcode_takes(modifier) {
            if is_type_name(modifier) {
                Problem::IllegalType { modifier: index }
            } else {
                Problem::IllegalModifier { modifier: index }
            }
        } else if is_type_name(modifier) {
            Problem::IllegalType { modifier: index }
        } else {
            Problem::ConflictingModifier { modifier: index }
        };
        problems.push(problem);
    }
    for &part in &candidate.missing {
        problems.push(Problem::MissingModifier { part });
    }
    if let Some(reason) = candidate.excluded {
        problems.push(Problem::ExcludedCombination { reason });
    }
    problems
}

/// The operand checks of one candidate form.
/// The problems of `instance`'s operands against `candidate`'s positions, and the operand
/// each position took (for the choice of optional positions with the fewest problems).
fn check_operands(candidate: &Candidate, instance: &Instance<'_>) -> (Vec<Problem>, Vec<Option<u8>>) {
    let form = candidate.form;
    let present = |p: &Position| match p.presence {
        Presence::Always => Some(true),
        Presence::If(part) => Some(candidate.bindings[usize::from(part)].is_some()),
        Presence::Optional => None,
    };
    let required = form.positions.iter().filter(|p| present(p) == Some(true)).count();
    let free: Vec<usize> = (0..form.positions.len())
        .filter(|&i| present(&form.positions[i]).is_none())
        .collect();
    let found = instance.operands.len();
    if found < required || found > required + free.len() {
        let problem = Problem::OperandCount {
            min: required,
            max: required + free.len(),
            found,
        };
        return (vec![problem], vec![None; form.positions.len()]);
    }
    let context = Context {
        candidate,
        modifiers: &instance.modifiers,
    };
    // Which optional positions are written: every choice of `found - required` of them, the
    // earliest first; the choice with the fewest problems wins.
    let wanted = found - required;
    let mut best: Option<(Vec<Problem>, Vec<Option<u8>>)> = None;
    for choice in combinations(free.len(), wanted) {
        let mut problems = Vec::new();
        let mut taken = vec![None; form.positions.len()];
        let mut operands = instance.operands.iter().enumerate();
        for (index, position) in form.positions.iter().enumerate() {
            let written = match present(position) {
                Some(p) => p,
                None => choice.contains(&free.iter().position(|&f| f == index).expect("a free position")),
            };
            if !written {
                continue;
            }
            let (at, operand) = operands.next().expect("counted");
            taken[index] = u8::try_from(at).ok();
            context.position(position, operand, at, &mut problems);
        }
        if best.as_ref().is_none_or(|(b, _)| problems.len() < b.len()) {
            let done = problems.is_empty();
            best = Some((problems, taken));
            if done {
                break;
            }
        }
    }
    best.unwrap_or_else(|| (Vec::new(), vec![None; form.positions.len()]))
}

/// Every way to choose `k` of `n` items (indices ascending), earliest items first.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    fn rec(start: usize, n: usize, k: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            current.push(i);
            rec(i + 1, n, k, current, out);
            current.pop();
        }
    }
    rec(0, n, k, &mut current, &mut out);
    out
}

struct Context<'c, 'a> {
    candidate: &'c Candidate,
    modifiers: &'c [&'a str],
}

impl Context<'_, '_> {
    fn value(&self, part: u8) -> Option<&str> {
        self.candidate.bindings[usize::from(part)].map(|m| self.modifiers[usize::from(m)])
    }

    /// The type the form gives `spec` with these modifiers, if it is known.
    fn expected_type(&self, spec: &Operand) -> Option<&'static str> {
        match spec.ty {
            TypeSpec::Unchecked => None,
            TypeSpec::Fixed(t) => Some(t),
            TypeSpec::Part { part, num, den } => {
                let value = self.value(part)?;
                if num == den {
                    // The written modifier, as the table's own string.
                    self.candidate.form.parts[usize::from(part)]
                        .values
                        .iter()
                        .copied()
                        .find(|v| *v == value)
                } else {
                    scale_type(value, num, den)
                }
            }
            TypeSpec::Map { part, entries } => {
                let value = self.value(part)?;
                entries.iter().find(|(v, _)| *v == value).map(|(_, t)| *t)
            }
        }
    }

    /// How many registers `spec` is with these modifiers: `None` for a scalar, `Some(0)` when
    /// unknown (not checked).
    fn expected_count(&self, spec: &Operand) -> Option<u16> {
        match spec.count {
            CountSpec::Scalar => None,
            CountSpec::Fixed(n) => Some(n),
            CountSpec::PartNumber(part) => {
                let value = self.value(part)?;
                let digits: String = value.chars().filter(char::is_ascii_digit).collect();
                Some(digits.parse().unwrap_or(0))
            }
            CountSpec::Map { part, entries } => {
                let value = self.value(part)?;
                Some(entries.iter().find(|(v, _)| *v == value).map_or(0, |(_, n)| *n))
            }
            CountSpec::Dim { part, letter, num, den } => {
                let value = self.value(part)?;
                Some(shape_dimension(value, letter).map_or(0, |d| d * num / den))
            }
        }
    }

    /// Whether a vector of `n` registers (a scalar: 1) is one of the counts a count map allows
    /// besides the canonical one (`x(.geom: .1d = 1|2|4)`).
    fn alternative_count(&self, spec: &Operand, n: usize) -> bool {
        match spec.count {
            CountSpec::Map { part, entries } => self
                .value(part)
                .is_some_and(|value| entries.iter().any(|(v, c)| *v == value && usize::from(*c) == n)),
            _ => false,
        }
    }

    /// Whether one value without braces stands for the vector: where a count map gives a count
    /// of 1 (`x(.geom: .1d = 1, …)`: `tex`'s offset takes `%r1` for `.1d`). A fixed count of 1
    /// (`x1`) or `.x1` in `x.num` must be braced: ptxas "Vector expected" (`tcgen05.ld`, `wmma`,
    /// `mma` one-register fragments). ptxas also wants braces for some map counts of 1 (`mma`
    /// `.m8n8k16 = 1`) but not others (`tex`'s offset), which the notation cannot tell apart yet.
    fn bare_scalar(&self, spec: &Operand) -> bool {
        match spec.count {
            CountSpec::Map { part, entries } => self
                .value(part)
                .is_some_and(|value| entries.iter().any(|(v, c)| *v == value && *c == 1)),
            _ => false,
        }
    }

    fn position(&self, position: &Position, found: &Found<'_>, at: usize, problems: &mut Vec<Problem>) {
        match (&position.shape, found) {
            (Shape::Single(spec), _) => self.operand(spec, found, at, None, problems),
            (Shape::Sink, Found::Sink) => {}
            (Shape::Sink, _) => problems.push(Problem::OperandKind {
                operand: at,
                element: None,
                expected: Kinds::SINK,
                destination: true,
            }),
            (Shape::Address(elements), Found::Address(written)) => {
                let total = elements.len();
                let optional = elements.iter().filter(|(_, o)| *o).count();
                let with_optional = if written.len() == total {
                    true
                } else if written.len() + optional == total {
                    false
                } else {
                    problems.push(Problem::VectorSize {
                        operand: at,
                        expected: total as u16,
                        found: written.len() as u16,
                    });
                    return;
                };
                let specs = elements.iter().filter(|(_, o)| with_optional || !o).map(|(s, _)| s);
                for (i, (spec, element)) in specs.zip(written).enumerate() {
                    match element {
                        // Inside brackets a register may carry a constant offset (`[%r1+16]`,
                        // a Tensor Memory address): ptxas takes it wherever it takes the register.
                        Found::RegisterOffset { ty } if spec.kinds.contains(Kinds::REG) => {
                            self.register_type(spec, *ty, at, Some(i), problems)
                        }
                        _ => self.operand(spec, element, at, Some(i), problems),
                    }
                }
            }
            (Shape::Address(_), _) => problems.push(Problem::OperandKind {
                operand: at,
                element: None,
                expected: Kinds::ADDR,
                destination: false,
            }),
            (Shape::List(specs), Found::Vector(elements)) => {
                if specs.len() != elements.len() {
                    problems.push(Problem::VectorSize {
                        operand: at,
                        expected: specs.len() as u16,
                        found: elements.len() as u16,
                    });
                    return;
                }
                for (i, (spec, element)) in specs.iter().zip(elements).enumerate() {
                    self.operand(spec, element, at, Some(i), problems);
                }
            }
            (Shape::List(specs), _) => problems.push(Problem::VectorSize {
                operand: at,
                expected: specs.len() as u16,
                found: 0,
            }),
            (Shape::Pair { first, second, .. }, Found::Pair(a, b)) => {
                self.operand(first, a, at, Some(0), problems);
                self.operand(second, b, at, Some(1), problems);
            }
            (
                Shape::Pair {
                    first,
                    second_optional: true,
                    ..
                },
                _,
            ) => self.operand(first, found, at, None, problems),
            (Shape::Pair { .. }, _) => problems.push(Problem::OperandKind {
                operand: at,
                element: None,
                expected: Kinds::REG.union(Kinds::PRED),
                destination: true,
            }),
            (Shape::Negatable(spec), Found::Negated(inner)) => self.operand(spec, inner, at, None, problems),
            (Shape::Negatable(spec), _) => self.operand(spec, found, at, None, problems),
            (Shape::Paren(_), Found::Params(_)) => {}
            (Shape::Paren(spec), _) => problems.push(Problem::OperandKind {
                operand: at,
                element: None,
                expected: spec.kinds,
                destination: spec.direction != Direction::In,
            }),
        }
    }

    /// Checks the operand written `found` (element `element` of operand `at`) against `spec`:
    /// a sink or a vector where the legend counts elements, else one value.
    fn operand(
        &self,
        spec: &Operand,
        found: &Found<'_>,
        at: usize,
        element: Option<usize>,
        problems: &mut Vec<Problem>,
    ) {
        if spec.count != CountSpec::Scalar && vector_sink(spec, found, at, element, problems) {
            return;
        }
        if let Some(count) = self.expected_count(spec) {
            self.vector(spec, count, found, at, element, problems);
            return;
        }
        match found {
            // An operand that takes a vector (`x.vec`) with the vector part absent is one value,
            // which ptxas also accepts braced: `ld.global.b16 {%rs1}, [a]` (Triton emits it);
            // so are the operands the legend says `braced`.
            Found::Vector(elements) if elements.len() == 1 && (spec.count != CountSpec::Scalar || spec.braced) => {
                self.scalar(spec, &elements[0], at, element.or(Some(0)), problems)
            }
            Found::Vector(elements) if spec.kinds.intersects(Kinds::REG) => problems.push(Problem::VectorSize {
                operand: at,
                expected: 1,
                found: elements.len() as u16,
            }),
            Found::Vector(_) => problems.push(kind_problem(spec, at, element)),
            _ => self.scalar(spec, found, at, element, problems),
        }
    }

    /// Checks an operand whose legend gives `count` elements (0: any number): a braced vector,
    /// a vector register, or (`scalar`, or a count of 1 a map allows bare) one value.
    fn vector(
        &self,
        spec: &Operand,
        count: u16,
        found: &Found<'_>,
        at: usize,
        element: Option<usize>,
        problems: &mut Vec<Problem>,
    ) {
        // A vector register of `found` elements where `count` go.
        let wrong_size = |found: u16| {
            (count != 0 && count != found).then_some(Problem::VectorSize {
                operand: at,
                expected: count,
                found,
            })
        };
        match found {
            Found::Vector(elements) => {
                if count != 0 && usize::from(count) != elements.len() && !self.alternative_count(spec, elements.len()) {
                    problems.push(Problem::VectorSize {
                        operand: at,
                        expected: count,
                        found: elements.len() as u16,
                    });
                    return;
                }
                self.vector_elements(spec, elements, at, element, problems);
            }
            // A vector special register written whole (`mov.v4.u32 {...}, %nclusterid`).
            Found::SpecialRegister { vector, .. } if *vector > 0 && spec.kinds.contains(Kinds::SREG) => {
                problems.extend(wrong_size(*vector));
            }
            Found::Register { vector, ty } if *vector > 0 => match wrong_size(*vector) {
                Some(problem) => problems.push(problem),
                None => self.register_type(spec, *ty, at, element, problems),
            },
            Found::Other => {}
            _ if spec.scalar || self.bare_scalar(spec) => self.scalar(spec, found, at, element, problems),
            _ => problems.push(Problem::VectorSize {
                operand: at,
                expected: count,
                found: 0,
            }),
        }
    }

    /// Checks each element of a braced vector: a constant against the type of the registers
    /// beside it, anything else as one value.
    fn vector_elements(
        &self,
        spec: &Operand,
        elements: &[Found<'_>],
        at: usize,
        element: Option<usize>,
        problems: &mut Vec<Problem>,
    ) {
        for (i, e) in elements.iter().enumerate() {
            let at_element = Some(element.unwrap_or(i));
            match (e, self.expected_type(spec)) {
                (Found::Immediate { literal, .. }, Some(expected))
                    if let Some(register) = neighbour_register(elements, i) =>
                {
                    if !vector_constant_fits(*literal, register, expected) {
                        problems.push(Problem::OperandType {
                            operand: at,
                            element: at_element,
                            expected,
                            wide: spec.wide,
                        });
                    }
                }
                _ => self.scalar(spec, e, at, at_element, problems),
            }
        }
    }

    /// Checks one value written `found` against `spec`.
    fn scalar(
        &self,
        spec: &Operand,
        found: &Found<'_>,
        at: usize,
        element: Option<usize>,
        problems: &mut Vec<Problem>,
    ) {
        let kinds = spec.kinds;
        let kind = |problems: &mut Vec<Problem>| problems.push(kind_problem(spec, at, element));
        match found {
            Found::Register { ty, vector } => self.scalar_register(spec, *ty, *vector, at, element, problems),
            Found::SpecialRegister { vector, widths } => {
                if !kinds.contains(Kinds::SREG) {
                    problems.push(Problem::SpecialRegister { operand: at, element });
                } else if *vector > 0 && element.is_none() {
                    // `mov.u32 %r1, %tid`: ptxas "Argument vector size mismatch".
                    problems.push(Problem::VectorSize {
                        operand: at,
                        expected: 1,
                        found: *vector,
                    });
                } else if !spec.wide
                    && let Some(expected) = self.expected_type(spec)
                    && let Some(shape) = type_shape(expected)
                    && !widths.is_empty()
                    && !widths.contains(&shape.bits)
                {
                    // `mov.u64 %rd1, %tid.x`, `mov.u32 %r1, %clock64`: "Arguments mismatch".
                    problems.push(Problem::OperandType {
                        operand: at,
                        element,
                        expected,
                        wide: false,
                    });
                }
            }
            Found::Immediate { value, literal } => problems.extend(self.immediate(spec, *literal, *value, at, element)),
            Found::Name { kind: name, .. } => {
                if !kinds.intersects(name_kinds(*name)) {
                    kind(problems);
                }
            }
            Found::RegisterOffset { ty } => {
                if kinds.contains(Kinds::ADDR) {
                    self.register_type(spec, *ty, at, element, problems);
                } else {
                    kind(problems);
                }
            }
            Found::NamePlusRegister => {
                // ptxas rejects it as a syntax error; another rule says so.
            }
            Found::Sink => {
                if !kinds.contains(Kinds::SINK) {
                    kind(problems);
                }
            }
            Found::Negated(inner) => {
                // ptxas accepts a negated predicate wherever a predicate source is read.
                if spec.direction == Direction::In && kinds.contains(Kinds::PRED) {
                    self.scalar(spec, inner, at, element, problems);
                } else {
                    kind(problems);
                }
            }
            Found::Address(_) => {
                if !kinds.contains(Kinds::ADDR) {
                    kind(problems);
                }
            }
            Found::Pair(..) | Found::Params(_) | Found::Vector(_) => kind(problems),
            Found::Other => {}
        }
    }

    /// Checks a register (of `vector` elements; 0: not a vector register) written as one value.
    fn scalar_register(
        &self,
        spec: &Operand,
        ty: Option<&str>,
        vector: u16,
        at: usize,
        element: Option<usize>,
        problems: &mut Vec<Problem>,
    ) {
        let kinds = spec.kinds;
        if vector > 0 {
            problems.push(Problem::VectorSize {
                operand: at,
                expected: 1,
                found: vector,
            });
        } else if kinds.intersects(Kinds::REG.union(Kinds::PRED).union(Kinds::ADDR)) {
            self.register_type(spec, ty, at, element, problems);
        } else if kinds.intersects(Kinds::TEXREF.union(Kinds::SAMPLERREF).union(Kinds::SURFREF))
            && ty.is_none_or(|t| t == ".b64" || t == ".u64" || t == ".s64")
        {
            // Indirect texture/sampler/surface access through a 64-bit register.
        } else {
            problems.push(kind_problem(spec, at, element));
        }
    }

    /// What is wrong with a constant written for `spec`, if anything: a kind that takes no
    /// constant, a type it does not fit, a value out of range or not a multiple.
    fn immediate(
        &self,
        spec: &Operand,
        literal: super::found::Literal,
        value: Option<i64>,
        at: usize,
        element: Option<usize>,
    ) -> Option<Problem> {
        let kinds = spec.kinds;
        if !kinds.intersects(Kinds::IMM.union(Kinds::ADDR)) {
            Some(kind_problem(spec, at, element))
        } else if !kinds.contains(Kinds::ADDR)
            && let Some(expected) = self.expected_type(spec)
            && !constant_fits(literal, expected)
        {
            Some(Problem::OperandType {
                operand: at,
                element,
                expected,
                wide: spec.wide,
            })
        } else if let (Some(range), Some(value)) = (spec.range, value)
            && (value < range.0 || value > range.1 || (spec.nonzero && value == 0))
        {
            Some(Problem::ImmediateRange {
                operand: at,
                range,
                value,
            })
        } else if let (Some(multiple), Some(value)) = (spec.multiple, value)
            && value % multiple != 0
        {
            Some(Problem::ImmediateMultiple {
                operand: at,
                multiple,
                value,
            })
        } else {
            None
        }
    }

    fn register_type(
        &self,
        spec: &Operand,
        ty: Option<&str>,
        at: usize,
        element: Option<usize>,
        problems: &mut Vec<Problem>,
    ) {
        let Some(declared_name) = ty else {
            return;
        };
        let Some(declared) = type_shape(declared_name) else {
            return;
        };
        let predicate_only = spec.kinds.contains(Kinds::PRED) && !spec.kinds.contains(Kinds::REG);
        let expected = if predicate_only {
            Some(".pred")
        } else {
            self.expected_type(spec)
        };
        let Some(expected) = expected else {
            // No type to check against, but a predicate is not a data register.
            if declared.class == super::typecheck::TypeClass::Predicate
                && !spec.kinds.contains(Kinds::PRED)
                && spec.kinds.contains(Kinds::REG)
            {
                problems.push(Problem::OperandType {
                    operand: at,
                    element,
                    expected: ".b32",
                    wide: true,
                });
            }
            return;
        };
        if type_shape(expected).is_none() {
            return;
        }
        let typing = operand_typing(self.candidate.form, spec);
        let ok = register_fits(expected, typing, declared_name);
        if !ok {
            problems.push(Problem::OperandType {
                operand: at,
                element,
                expected,
                wide: spec.wide,
            });
        }
    }
}

/// The problem that operand `at` (element `element`) is of a kind `spec` does not take.
fn kind_problem(spec: &Operand, at: usize, element: Option<usize>) -> Problem {
    Problem::OperandKind {
        operand: at,
        element,
        expected: spec.kinds,
        destination: spec.direction != Direction::In,
    }
}

/// The operand kinds under which a name of kind `name` is taken (an unknown name: any kind
/// that takes a name).
fn name_kinds(name: NameKind) -> Kinds {
    match name {
        NameKind::Variable => Kinds::SYM.union(Kinds::ADDR),
        NameKind::Function => Kinds::FUNC,
        NameKind::Label => Kinds::LABEL,
        NameKind::TexRef => Kinds::TEXREF.union(Kinds::SYM).union(Kinds::ADDR),
        NameKind::SamplerRef => Kinds::SAMPLERREF.union(Kinds::SYM).union(Kinds::ADDR),
        NameKind::SurfRef => Kinds::SURFREF.union(Kinds::SYM).union(Kinds::ADDR),
        NameKind::Unknown => Kinds::SYM
            .union(Kinds::FUNC)
            .union(Kinds::LABEL)
            .union(Kinds::ADDR)
            .union(Kinds::TEXREF)
            .union(Kinds::SAMPLERREF)
            .union(Kinds::SURFREF),
    }
}

/// Checks the sink written for an operand that takes a vector: the whole operand `_` (a
/// vector or, its vector part absent, one value: ptxas's result discard mode, which `atom` has
/// and `ld` and `mov` do not, "Result discard mode is not allowed for instruction 'ld'"), or a
/// vector of sinks only (ptxas takes the elements' type from the registers among them: "Unable
/// to infer type of vector elements"). Returns whether `found` was one.
fn vector_sink(
    spec: &Operand,
    found: &Found<'_>,
    at: usize,
    element: Option<usize>,
    problems: &mut Vec<Problem>,
) -> bool {
    let no_sink = |element| Problem::OperandKind {
        operand: at,
        element,
        expected: spec.kinds.without(Kinds::SINK.union(Kinds::DISCARD)),
        destination: spec.direction != Direction::In,
    };
    match found {
        Found::Sink => {
            if !spec.takes_whole_sink() {
                problems.push(no_sink(element));
            }
            true
        }
        Found::Vector(elements) if !elements.is_empty() && elements.iter().all(|e| *e == Found::Sink) => {
            problems.push(no_sink(Some(element.unwrap_or(0))));
            true
        }
        _ => false,
    }
}

/// Whether a constant of kind `literal` may stand for an operand of type `expected` (ptxas,
/// probed: `add.f32 %f1, %f2, 1` is "Arguments mismatch", `mov.b32 %r1, 0f3F800000` is fine,
/// half-precision and packed float operands take no constant at all: `add.f16x2 %r1, %r2, 1`,
/// `atom.add.noftz.bf16x2 %r1, [a], 0f3F800000`, `add.rn.f32x2 %rd1, %rd2, 0d3FF0000000000000`;
/// FP8 and narrower take any).
fn constant_fits(literal: super::found::Literal, expected: &str) -> bool {
    use super::found::Literal;
    use super::typecheck::TypeClass;
    let Some(shape) = type_shape(expected) else {
        return true;
    };
    let packed = expected.contains('x');
    // FP8, FP6 and FP4 values (`.e4m3x4`, `.e5m2`): ptxas takes any constant as their bits
    // (`multimem.st.global.e4m3x4 [a], 1`, also `0f3F800000`, 12.9 and 13.5).
    let minifloat = expected.starts_with(".e") || expected.starts_with(".ue") || expected.starts_with(".s2f6");
    match (shape.class, literal) {
        (TypeClass::Float, _) if minifloat => true,
        (TypeClass::Float, _) if packed => false,
        (TypeClass::Float, Literal::Integer) => false,
        (TypeClass::Float, _) => matches!(shape.bits, 32 | 64),
        (TypeClass::Bits, Literal::HexFloat(bits)) => u32::from(bits) == shape.bits,
        (TypeClass::Signed | TypeClass::Unsigned | TypeClass::PackedInt | TypeClass::Bits, Literal::Integer) => true,
        (TypeClass::Signed | TypeClass::Unsigned | TypeClass::PackedInt | TypeClass::Bits, _) => false,
        (TypeClass::Predicate, Literal::Integer) => true,
        _ => true,
    }
}

/// The declared type of the register a constant at `index` of a braced vector is judged
/// against: the first register after it, else the nearest before it (ptxas 13.5, `.f32`
/// elements: `{1, %r1, %f1, %f2}` assembles; `{%r1, 1, %f1, %f2}`, `{%r1, %f1, %f2, 1}` and
/// `{1, %f1, %f2, %r1}` do not: "Vector with elements of different types"). `None` when the
/// vector holds no typed register.
fn neighbour_register<'f>(elements: &[Found<'f>], index: usize) -> Option<&'f str> {
    let typed = |e: &Found<'f>| match e {
        Found::Register {
            ty: Some(ty),
            vector: 0,
        } => Some(*ty),
        _ => None,
    };
    elements[index + 1..]
        .iter()
        .find_map(typed)
        .or_else(|| elements[..index].iter().rev().find_map(typed))
}

/// Whether a constant may stand beside a register of type `register` in a braced vector whose
/// elements have type `expected`. ptxas judges the constant against the register, not the
/// instruction type: an integer constant beside a float register is rejected (`st.v2.b32 [a],
/// {1, %f1}`), beside a bit or integer register accepted (`st.v2.f32 [a], {1, %r1}`,
/// `multimem.st.v2.f16 [a], {1, %h1}`); a float constant is rejected beside an integer register
/// (`{1.0, %u1}`) and accepted beside a float or bit one. For `.f16` elements a decimal float,
/// and for `.bf16` any constant, stays an "Arguments mismatch" as for one value (probed with
/// ptxas 13.5).
fn vector_constant_fits(literal: super::found::Literal, register: &str, expected: &str) -> bool {
    use super::found::Literal;
    use crate::types::TypeKind;
    let base = expected.trim_end_matches("x2");
    if base == ".bf16" || (base == ".f16" && literal == Literal::Float) {
        return constant_fits(literal, expected);
    }
    let Some(info) = crate::types::type_info(register) else {
        return true;
    };
    !matches!(
        (literal, info.kind),
        (Literal::Integer, TypeKind::Float | TypeKind::PackedFloat)
            | (
                Literal::Float | Literal::HexFloat(_),
                TypeKind::Unsigned | TypeKind::Signed
            )
    )
}

/// The number after `letter` in a shape such as `.m16n8k16` (`n` → 8).
pub fn shape_dimension(shape: &str, letter: char) -> Option<u16> {
    let body = shape.trim_start_matches('.');
    let start = body.find(letter)? + 1;
    let digits: String = body[start..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// What an instruction does to the registers written in one of its operands, as its form's
/// legend says (`out`, `inout`): the dataflow's defs and uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// Its registers are read (sources, and every register of an address).
    Read,
    /// Written.
    Written,
    /// Read and written.
    ReadWritten,
    /// Written, and read only when a predicate operand says so (`wgmma`'s accumulators with
    /// scale-d): a read that may not happen, which a definedness check must not count.
    WrittenMaybeRead,
}

/// The roles of a chain's operands for one operand count (`None`: no form takes it).
type Roles = Option<Rc<[Role]>>;

thread_local! {
    /// Roles per distinct chain and operand count.
    static ROLES: RefCell<HashMap<(String, usize), Roles>> = RefCell::new(HashMap::new());
}

/// The role of each of the `count` operands of an instruction `opcode` with `modifiers`, from
/// the best-fitting form whose operand count allows `count` (optional positions taken earliest
/// first, as the matcher's first choice); `None` when no form of the opcode takes that many.
///
/// ```
/// use ptxkit_isa::signature::{Role, operand_roles};
/// let roles = operand_roles("mbarrier", &[".arrive", ".expect_tx", ".shared", ".b64"], 3).unwrap();
/// assert_eq!(&roles[..], &[Role::Written, Role::Read, Role::Read]);
/// let st = operand_roles("st", &[".global", ".u32"], 2).unwrap();
/// assert_eq!(&st[..], &[Role::Read, Role::Read]);
/// ```
pub fn operand_roles(opcode: &str, modifiers: &[&str], count: usize) -> Option<Rc<[Role]>> {
    let mut key = String::with_capacity(opcode.len() + modifiers.iter().map(|m| m.len()).sum::<usize>());
    key.push_str(opcode);
    for m in modifiers {
        key.push_str(m);
    }
    let key = (key, count);
    if let Some(found) = ROLES.with(|r| r.borrow().get(&key).cloned()) {
        return found;
    }
    let roles = compute_roles(opcode, modifiers, count);
    ROLES.with(|r| {
        let mut cache = r.borrow_mut();
        if cache.len() > 100_000 {
            cache.clear();
        }
        cache.insert(key, roles.clone());
    });
    roles
}

fn compute_roles(opcode: &str, modifiers: &[&str], count: usize) -> Option<Rc<[Role]>> {
    let all = candidates(opcode, modifiers);
    let best = all.first()?.cost();
    let candidate = all
        .iter()
        .take_while(|c| c.cost() == best)
        .chain(all.iter().skip_while(|c| c.cost() == best))
        .find(|c| {
            let (required, free) = position_counts(c);
            count >= required && count <= required + free
        })?;
    let (required, _) = position_counts(candidate);
    let mut optional_left = count - required;
    let mut roles = Vec::with_capacity(count);
    for position in candidate.form.positions {
        let written = match position.presence {
            Presence::Always => true,
            Presence::If(part) => candidate.bindings[usize::from(part)].is_some(),
            Presence::Optional => {
                let take = optional_left > 0;
                optional_left = optional_left.saturating_sub(1);
                take
            }
        };
        if !written {
            continue;
        }
        let of = |o: &Operand| match o.direction {
            Direction::In => Role::Read,
            Direction::Out => Role::Written,
            Direction::InOut if o.read_when.is_some() => Role::WrittenMaybeRead,
            Direction::InOut => Role::ReadWritten,
        };
        roles.push(match &position.shape {
            Shape::Single(o) | Shape::Negatable(o) | Shape::Paren(o) => of(o),
            Shape::List(list) => list.first().map_or(Role::Read, of),
            Shape::Pair { first, .. } => of(first),
            Shape::Address(_) => Role::Read,
            Shape::Sink => Role::Written,
        });
    }
    Some(roles.into())
}

/// How many positions a candidate always has, and how many optional ones.
fn position_counts(candidate: &Candidate) -> (usize, usize) {
    let mut required = 0;
    let mut free = 0;
    for p in candidate.form.positions {
        match p.presence {
            Presence::Always => required += 1,
            Presence::If(part) => required += usize::from(candidate.bindings[usize::from(part)].is_some()),
            Presence::Optional => free += 1,
        }
    }
    (required, free)
}

/// A form that moves the bits of a braced vector into one register or back (`mov.b64 %rd1,
/// {%r1, %r2}` packs, `mov.b64 {%r1, %r2}, %rd1` unpacks, §9.7.9.4): element `i` is bit range
/// `i` of the register. Read off the form's legend: a scalar operand and a vector of `n`
/// operands of its type's width divided by `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Packing {
    /// The destination is the source vector's elements, the first in the low bits.
    Pack(u8),
    /// The destination vector is the source's bit ranges, the low bits first.
    Unpack(u8),
}

/// The packing an instruction with two operands does, if its best-fitting form packs or
/// unpacks (see [`Packing`]); `destination` and `source` are the element counts of its braced
/// operands (0: not braced).
///
/// ```
/// use ptxkit_isa::signature::{Packing, packing};
/// assert_eq!(packing("mov", &[".b64"], 0, 2), Some(Packing::Pack(2)));
/// assert_eq!(packing("mov", &[".b64"], 4, 0), Some(Packing::Unpack(4)));
/// assert_eq!(packing("mov", &[".b32"], 0, 0), None);
/// ```
pub fn packing(opcode: &str, modifiers: &[&str], destination: usize, source: usize) -> Option<Packing> {
    let (source_braced, destination_braced) = (source > 0, destination > 0);
    if source_braced == destination_braced {
        return None;
    }
    let elements = source.max(destination);
    let all = candidates(opcode, modifiers);
    let best = all.first()?.cost();
    all.iter().take_while(|c| c.cost() == best).find_map(|c| {
        let [first, second] = c.form.positions else {
            return None;
        };
        let (Shape::Single(d), Shape::Single(a)) = (&first.shape, &second.shape) else {
            return None;
        };
        let split = |o: &Operand| match (o.count, o.ty) {
            (CountSpec::Fixed(n), TypeSpec::Part { num: 1, den, .. })
                if u16::from(den) == n && usize::from(n) == elements && n > 1 =>
            {
                u8::try_from(n).ok()
            }
            _ => None,
        };
        let scalar = |o: &Operand| o.count == CountSpec::Scalar;
        if source_braced && scalar(d) {
            split(a).map(Packing::Pack)
        } else if destination_braced && scalar(a) {
            split(d).map(Packing::Unpack)
        } else {
            None
        }
    })
}
