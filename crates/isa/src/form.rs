//! Instruction forms (opcode + modifiers + operand count) and the small pattern language the
//! tables use to select them.
//!
//! A pattern is a list of whitespace-separated tokens:
//!
//! | token | matches a form whose … |
//! |---|---|
//! | `cp.async.bulk` (first token) | opcode is `cp` and whose first modifiers are `.async.bulk` |
//! | `vadd2\|vsub2` (first token) | opcode is one of them |
//! | `.f32` | modifiers include `.f32` |
//! | `.f32\|.f64` | modifiers include one of them |
//! | `.L2::*` | modifiers include one starting with `.L2::` |
//! | `!.sync\|.aligned` | modifiers include none of them |
//! | `dst=.f16\|.bf16` | first type modifier is one of them (`cvt.f16.f32`: `.f16`) |
//! | `src=.f32` | last type modifier is one of them (`cvt.f16.f32`: `.f32`) |
//! | `#3`, `#>3` | operand count is 3 / more than 3 (never matches an unknown count) |

use std::fmt;

use crate::types::is_type_name;

/// One instruction as the tables see it: the opcode, its dot-modifiers in order (each with its
/// leading dot, e.g. `".shared::cta"`), and the operand count when known.
///
/// ```
/// use ptxkit_isa::InstructionForm;
/// let form = InstructionForm::parse("ld.global.nc.v4.f32");
/// assert_eq!(form.opcode, "ld");
/// assert_eq!(form.modifiers, [".global", ".nc", ".v4", ".f32"]);
/// assert_eq!(form.to_string(), "ld.global.nc.v4.f32");
/// let with_count = InstructionForm::parse("bar.sync").with_operands(2);
/// assert_eq!(with_count.operands, Some(2));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InstructionForm<'a> {
    /// The opcode word (`"cp"` in `cp.async.ca.shared.global`).
    pub opcode: &'a str,
    /// The modifiers in source order, each with its leading dot.
    pub modifiers: Vec<&'a str>,
    /// How many operands the instruction has, if known (a braced vector counts as one).
    pub operands: Option<usize>,
}

impl<'a> InstructionForm<'a> {
    /// A form from its parts (modifiers with their leading dots, as the grammar gives them).
    pub fn new(opcode: &'a str, modifiers: Vec<&'a str>) -> Self {
        InstructionForm {
            opcode,
            modifiers,
            operands: None,
        }
    }

    /// Splits a dotted chain such as `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`.
    /// `::` stays inside its part (`.shared::cta`). Empty parts are dropped.
    pub fn parse(chain: &'a str) -> Self {
        let chain = chain.trim();
        let (opcode, rest) = match chain.find('.') {
            Some(dot) => (&chain[..dot], &chain[dot..]),
            None => (chain, ""),
        };
        let mut modifiers = Vec::new();
        let mut start = None;
        for (i, c) in rest.char_indices() {
            if c == '.' {
                if let Some(s) = start.filter(|s| i > s + 1) {
                    modifiers.push(&rest[s..i]);
                }
                start = Some(i);
            }
        }
        if let Some(s) = start.filter(|s| rest.len() > s + 1) {
            modifiers.push(&rest[s..]);
        }
        InstructionForm {
            opcode,
            modifiers,
            operands: None,
        }
    }

    /// The same form with a known operand count.
    pub fn with_operands(mut self, count: usize) -> Self {
        self.operands = Some(count);
        self
    }

    /// Whether one of the modifiers is exactly `m` (with its dot).
    pub fn has(&self, m: &str) -> bool {
        self.modifiers.contains(&m)
    }

    /// The modifiers that are type names (`.f32`, `.b64`, `.e4m3x2`, `.pred`, …), in order.
    pub fn types(&self) -> Vec<&'a str> {
        self.modifiers.iter().copied().filter(|m| is_type_name(m)).collect()
    }
}

impl fmt::Display for InstructionForm<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.opcode)?;
        for m in &self.modifiers {
            f.write_str(m)?;
        }
        Ok(())
    }
}

/// A compiled pattern (see the module documentation for the syntax).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pattern {
    pub opcode: &'static str,
    pub leading: Vec<&'static str>,
    pub conditions: Vec<Condition>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Condition {
    AnyOf(Vec<Alt>),
    NoneOf(Vec<Alt>),
    Dst(Vec<&'static str>),
    Src(Vec<&'static str>),
    Operands(usize),
    MoreOperands(usize),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Alt {
    Exact(&'static str),
    Prefix(&'static str),
}

impl Alt {
    fn matches(&self, m: &str) -> bool {
        match self {
            Alt::Exact(e) => m == *e,
            Alt::Prefix(p) => m.starts_with(p),
        }
    }
}

/// Why a table pattern is malformed (caught by the crate's unit tests).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PatternError(pub String);

fn alts(list: &'static str, pattern: &str) -> Result<Vec<Alt>, PatternError> {
    list.split('|')
        .map(|alt| {
            if !alt.starts_with('.') || alt.len() < 2 {
                return Err(PatternError(format!("bad modifier '{alt}' in pattern '{pattern}'")));
            }
            Ok(match alt.strip_suffix('*') {
                Some(prefix) => Alt::Prefix(prefix),
                None => Alt::Exact(alt),
            })
        })
        .collect()
}

fn type_list(list: &'static str, pattern: &str) -> Result<Vec<&'static str>, PatternError> {
    list.split('|')
        .map(|t| {
            if is_type_name(t) {
                Ok(t)
            } else {
                Err(PatternError(format!("'{t}' is not a type in '{pattern}'")))
            }
        })
        .collect()
}

impl Pattern {
    /// Compiles a pattern whose head may list several opcodes (`vadd2|vsub2 …`).
    pub(crate) fn compile_all(pattern: &'static str) -> Result<Vec<Pattern>, PatternError> {
        let head = pattern
            .split_whitespace()
            .next()
            .ok_or_else(|| PatternError("empty pattern".into()))?;
        if !head.contains('|') {
            return Ok(vec![Pattern::compile(pattern)?]);
        }
        let rest = pattern[pattern.find(head).unwrap_or(0) + head.len()..].trim_start();
        head.split('|')
            .map(|opcode| {
                if opcode.is_empty() || opcode.contains('.') {
                    return Err(PatternError(format!("bad opcode list in '{pattern}'")));
                }
                let mut p = Pattern::compile_tokens(opcode, rest, pattern)?;
                p.opcode = opcode;
                Ok(p)
            })
            .collect()
    }

    pub(crate) fn compile(pattern: &'static str) -> Result<Pattern, PatternError> {
        let head = pattern
            .split_whitespace()
            .next()
            .ok_or_else(|| PatternError("empty pattern".into()))?;
        let rest = pattern[pattern.find(head).unwrap_or(0) + head.len()..].trim_start();
        Pattern::compile_tokens(head, rest, pattern)
    }

    fn compile_tokens(head: &'static str, rest: &'static str, pattern: &'static str) -> Result<Pattern, PatternError> {
        let tokens = rest.split_whitespace();
        let mut parts = head.split('.');
        let opcode = parts
            .next()
            .filter(|o| !o.is_empty())
            .ok_or_else(|| PatternError(format!("no opcode in '{pattern}'")))?;
        let mut leading = Vec::new();
        let mut offset = opcode.len();
        for part in parts {
            if part.is_empty() {
                return Err(PatternError(format!("empty part in '{pattern}'")));
            }
            leading.push(&head[offset..offset + 1 + part.len()]);
            offset += 1 + part.len();
        }
        let mut conditions = Vec::new();
        for token in tokens {
            let condition = if let Some(list) = token.strip_prefix('!') {
                Condition::NoneOf(alts(list, pattern)?)
            } else if let Some(list) = token.strip_prefix("dst=") {
                Condition::Dst(type_list(list, pattern)?)
            } else if let Some(list) = token.strip_prefix("src=") {
                Condition::Src(type_list(list, pattern)?)
            } else if let Some(n) = token.strip_prefix("#>") {
                Condition::MoreOperands(
                    n.parse()
                        .map_err(|_| PatternError(format!("bad count in '{pattern}'")))?,
                )
            } else if let Some(n) = token.strip_prefix('#') {
                Condition::Operands(
                    n.parse()
                        .map_err(|_| PatternError(format!("bad count in '{pattern}'")))?,
                )
            } else {
                Condition::AnyOf(alts(token, pattern)?)
            };
            conditions.push(condition);
        }
        Ok(Pattern {
            opcode,
            leading,
            conditions,
        })
    }

    /// Whether any of several compiled alternatives matches.
    pub(crate) fn any_matches(patterns: &[Pattern], form: &InstructionForm<'_>) -> bool {
        patterns.iter().any(|p| p.matches(form))
    }

    pub(crate) fn matches(&self, form: &InstructionForm<'_>) -> bool {
        if form.opcode != self.opcode || form.modifiers.len() < self.leading.len() {
            return false;
        }
        if self
            .leading
            .iter()
            .zip(&form.modifiers)
            .any(|(want, have)| want != have)
        {
            return false;
        }
        self.conditions.iter().all(|condition| match condition {
            Condition::AnyOf(alts) => form.modifiers.iter().any(|m| alts.iter().any(|a| a.matches(m))),
            Condition::NoneOf(alts) => !form.modifiers.iter().any(|m| alts.iter().any(|a| a.matches(m))),
            Condition::Dst(types) => form.types().first().is_some_and(|t| types.contains(t)),
            Condition::Src(types) => form.types().last().is_some_and(|t| types.contains(t)),
            Condition::Operands(n) => form.operands == Some(*n),
            Condition::MoreOperands(n) => form.operands.is_some_and(|have| have > *n),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(pattern: &'static str, form: &str) -> bool {
        Pattern::compile(pattern)
            .unwrap()
            .matches(&InstructionForm::parse(form))
    }

    #[test]
    fn parse_chain() {
        let f = InstructionForm::parse("cp.async.bulk.tensor.3d.shared::cta.global.tile.mbarrier::complete_tx::bytes");
        assert_eq!(f.opcode, "cp");
        assert_eq!(f.modifiers.len(), 8);
        assert_eq!(f.modifiers[3], ".3d");
        assert_eq!(f.modifiers[7], ".mbarrier::complete_tx::bytes");
        assert_eq!(InstructionForm::parse("ret").modifiers.len(), 0);
        assert_eq!(InstructionForm::parse("add..f32.").modifiers, [".f32"]);
    }

    #[test]
    fn matching() {
        assert!(m(
            "cp.async.bulk .multicast::cluster",
            "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
        ));
        assert!(!m("cp.async.bulk", "cp.async.ca.shared.global"));
        assert!(!m(
            "cp.async.bulk",
            "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32"
        ));
        assert!(m("ld .L2::*", "ld.global.L2::128B.f32"));
        assert!(m("fma .f32|.f64", "fma.rn.f64"));
        assert!(!m("shfl !.sync", "shfl.sync.idx.b32"));
        assert!(m("cvt dst=.f16 src=.f32", "cvt.rn.f16.f32"));
        assert!(!m("cvt dst=.f16 src=.f32", "cvt.f32.f16"));
        assert!(!m("bar.sync #2", "bar.sync"));
        let form = InstructionForm::parse("bar.sync").with_operands(2);
        assert!(Pattern::compile("bar.sync #2").unwrap().matches(&form));
        assert!(Pattern::compile("bar #>1").unwrap().matches(&form));
        let video = Pattern::compile_all("vadd2|vsub2 .s32").unwrap();
        assert_eq!(video.len(), 2);
        assert!(Pattern::any_matches(
            &video,
            &InstructionForm::parse("vsub2.s32.s32.s32")
        ));
        assert!(!Pattern::any_matches(
            &video,
            &InstructionForm::parse("vadd4.s32.s32.s32")
        ));
    }

    #[test]
    fn bad_patterns() {
        for bad in [
            "",
            ".f32",
            "add f32",
            "add .f32|",
            "cvt dst=.nope",
            "bar #x",
            "a..b",
            "a||b",
            "a.b|c",
        ] {
            assert!(Pattern::compile_all(bad).is_err(), "{bad:?} compiled");
        }
    }
}
