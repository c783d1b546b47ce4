//! What the preprocessor conditions around an asm statement say about where
//! it is compiled: the range of `__CUDA_ARCH__`, of CCCL's
//! `__cccl_ptx_isa`, and whether only an arch- or family-specific target
//! (`__CUDA_ARCH_FEAT_SM90_ALL`, `__CUDA_ARCH_SPECIFIC__`,
//! `__CUDA_ARCH_FAMILY_SPECIFIC__`) compiles it.
//!
//! Conditions are read as nvcc's device pass sees them: `__CUDA_ARCH__` and
//! `__CUDACC__` are defined, compilers other than nvcc (`__clang__`,
//! `__NVCOMPILER`, CCCL's `_CCCL_CUDA_COMPILER(NVHPC)`) are not. Anything
//! else (a macro defined in another file) is unknown. The result is a safe
//! over-approximation: a [`Guard`] contains every configuration in which
//! the statement is compiled, so its lower bounds are real floors.

use ptxkit_syntax::tree_sitter::Node;

/// A half-open range `[lo, hi)` of a numeric macro; `None` is unbounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Interval {
    /// Inclusive lower bound.
    pub lo: Option<u32>,
    /// Exclusive upper bound.
    pub hi: Option<u32>,
}

impl Interval {
    fn is_full(&self) -> bool {
        self.lo.is_none() && self.hi.is_none()
    }

    fn is_empty(&self) -> bool {
        matches!((self.lo, self.hi), (Some(lo), Some(hi)) if lo >= hi)
    }

    fn intersect(self, other: Interval) -> Interval {
        Interval {
            lo: max_opt(self.lo, other.lo),
            hi: min_opt(self.hi, other.hi),
        }
    }

    fn hull(self, other: Interval) -> Interval {
        Interval {
            lo: self.lo.zip(other.lo).map(|(a, b)| a.min(b)),
            hi: self.hi.zip(other.hi).map(|(a, b)| a.max(b)),
        }
    }

    /// Whether `value` lies in the range.
    pub fn contains(&self, value: u32) -> bool {
        self.lo.is_none_or(|lo| value >= lo) && self.hi.is_none_or(|hi| value < hi)
    }

    /// The complement, when it is one interval.
    fn complement(self) -> Option<Interval> {
        match (self.lo, self.hi) {
            (Some(lo), None) => Some(Interval { lo: None, hi: Some(lo) }),
            (None, Some(hi)) => Some(Interval { lo: Some(hi), hi: None }),
            _ => None,
        }
    }
}

fn max_opt(a: Option<u32>, b: Option<u32>) -> Option<u32> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}

fn min_opt(a: Option<u32>, b: Option<u32>) -> Option<u32> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// An arch- or family-specific target a condition requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Specific {
    /// The architecture number (90 for `sm_90a`).
    pub sm: u16,
    /// `true` for a family target (`sm_100f`), `false` for `sm_90a`.
    pub family: bool,
}

/// The configurations a statement is compiled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Guard {
    /// `__CUDA_ARCH__` (e.g. 900).
    pub arch: Interval,
    /// `__cccl_ptx_isa` (e.g. 800 for PTX 8.0).
    pub ptx: Interval,
    /// An arch- or family-specific target.
    pub specific: Option<Specific>,
    /// Whether some condition says the code is device code
    /// (`defined(__CUDA_ARCH__)`, `NV_IS_DEVICE`, a `__CUDA_ARCH__` bound).
    pub device: bool,
    /// Whether the guard is exactly the condition (so its negation is
    /// exact too); false once an unknown part was dropped.
    exact: bool,
}

impl Guard {
    /// Whether the guard is exactly the condition written: no part of it was unknown.
    pub fn is_exact(&self) -> bool {
        self.exact
    }
}

/// A condition, abstracted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cond {
    /// Never true in nvcc's device pass (`#if 0`, `!defined(__CUDA_ARCH__)`).
    Never,
    /// Nothing known.
    Unknown,
    /// True at most in these configurations.
    Within(Guard),
}

impl Cond {
    /// Always true.
    pub fn always() -> Cond {
        Cond::Within(Guard {
            exact: true,
            ..Guard::default()
        })
    }

    fn device() -> Cond {
        Cond::Within(Guard {
            exact: true,
            device: true,
            ..Guard::default()
        })
    }

    fn arch(interval: Interval) -> Cond {
        Cond::Within(Guard {
            arch: interval,
            device: true,
            exact: true,
            ..Guard::default()
        })
    }

    fn ptx(interval: Interval) -> Cond {
        Cond::Within(Guard {
            ptx: interval,
            exact: true,
            ..Guard::default()
        })
    }

    fn specific(sm: u16, family: bool) -> Cond {
        let arch = if family {
            Interval {
                lo: Some(u32::from(sm) * 10),
                hi: None,
            }
        } else {
            Interval {
                lo: Some(u32::from(sm) * 10),
                hi: Some(u32::from(sm) * 10 + 1),
            }
        };
        Cond::Within(Guard {
            arch,
            specific: Some(Specific { sm, family }),
            device: true,
            exact: !family,
            ..Guard::default()
        })
    }

    /// Both.
    pub fn and(self, other: Cond) -> Cond {
        match (self, other) {
            (Cond::Never, _) | (_, Cond::Never) => Cond::Never,
            (Cond::Unknown, Cond::Unknown) => Cond::Unknown,
            (Cond::Unknown, Cond::Within(g)) | (Cond::Within(g), Cond::Unknown) => {
                Cond::Within(Guard { exact: false, ..g })
            }
            (Cond::Within(a), Cond::Within(b)) => {
                let specific = match (a.specific, b.specific) {
                    (Some(x), Some(y)) if x.family && !y.family => Some(y),
                    (Some(x), Some(_)) => Some(x),
                    (x, y) => x.or(y),
                };
                let g = Guard {
                    arch: a.arch.intersect(b.arch),
                    ptx: a.ptx.intersect(b.ptx),
                    specific,
                    device: a.device || b.device,
                    exact: a.exact && b.exact,
                };
                if g.arch.is_empty() || g.ptx.is_empty() {
                    Cond::Never
                } else {
                    Cond::Within(g)
                }
            }
        }
    }

    /// Either.
    pub fn or(self, other: Cond) -> Cond {
        match (self, other) {
            (Cond::Never, x) | (x, Cond::Never) => x,
            (Cond::Unknown, _) | (_, Cond::Unknown) => Cond::Unknown,
            (Cond::Within(a), Cond::Within(b)) => {
                let single = |g: &Guard| {
                    [!g.arch.is_full(), !g.ptx.is_full(), g.specific.is_some()]
                        .iter()
                        .filter(|x| **x)
                        .count()
                };
                // The hull is exact when both constrain the same single
                // dimension (a union of two overlapping ranges).
                let exact = a.exact && b.exact && single(&a) <= 1 && single(&b) <= 1 && a.specific == b.specific;
                Cond::Within(Guard {
                    arch: a.arch.hull(b.arch),
                    ptx: a.ptx.hull(b.ptx),
                    specific: if a.specific == b.specific { a.specific } else { None },
                    device: a.device && b.device,
                    exact: exact && (a.arch == b.arch || a.ptx == b.ptx),
                })
            }
        }
    }

    /// Not.
    pub fn negate(self) -> Cond {
        match self {
            Cond::Never => Cond::always(),
            Cond::Unknown => Cond::Unknown,
            Cond::Within(g) if !g.exact => Cond::Unknown,
            Cond::Within(g) => {
                let arch = !g.arch.is_full();
                let ptx = !g.ptx.is_full();
                match (arch, ptx, g.specific) {
                    (false, false, None) if g.device => Cond::Never,
                    (false, false, None) => Cond::Never,
                    (true, false, None) => g.arch.complement().map_or(Cond::Unknown, Cond::arch),
                    (false, true, None) => g.ptx.complement().map_or(Cond::Unknown, Cond::ptx),
                    _ => Cond::Unknown,
                }
            }
        }
    }
}

/// What the file itself says about a macro: the conditions under which it
/// is defined, and with which value.
pub trait Macros {
    /// `defined(NAME)`: where the file defines it, or `None` when it does
    /// not.
    fn defined(&self, name: &str) -> Option<Cond>;
    /// `NAME` as a truth value: where the file defines it to a non-zero
    /// number, or `None` when it does not define it (or not to numbers).
    fn truth(&self, name: &str) -> Option<Cond>;
}

/// No macros known.
pub struct NoMacros;

impl Macros for NoMacros {
    fn defined(&self, _: &str) -> Option<Cond> {
        None
    }

    fn truth(&self, _: &str) -> Option<Cond> {
        None
    }
}

/// `defined(NAME)`, reading macros the file defines from `macros`.
pub fn defined_with(name: &str, macros: &dyn Macros) -> Cond {
    match defined(name.trim()) {
        Cond::Unknown => macros.defined(name.trim()).unwrap_or(Cond::Unknown),
        known => known,
    }
}

/// Evaluates a preprocessor condition node of tree-sitter-cpp.
pub fn eval(node: Node<'_>, text: &str) -> Cond {
    eval_with(node, text, &NoMacros)
}

/// Evaluates a preprocessor condition node, reading macros the file
/// defines from `macros`.
pub fn eval_with(node: Node<'_>, text: &str, macros: &dyn Macros) -> Cond {
    let src = |n: Node<'_>| &text[n.byte_range()];
    let eval = |n: Node<'_>, text: &str| eval_with(n, text, macros);
    match node.kind() {
        "parenthesized_expression" => node.named_child(0).map_or(Cond::Unknown, |n| eval(n, text)),
        "number_literal" => match parse_number(src(node)) {
            Some(0) => Cond::Never,
            Some(_) => Cond::always(),
            None => Cond::Unknown,
        },
        "identifier" => match atom(src(node), None) {
            Cond::Unknown => macros.truth(src(node)).unwrap_or(Cond::Unknown),
            known => known,
        },
        "preproc_defined" => node.named_child(0).map_or(Cond::Unknown, |n| match defined(src(n)) {
            Cond::Unknown => macros.defined(src(n)).unwrap_or(Cond::Unknown),
            known => known,
        }),
        "call_expression" => {
            let function = node.child_by_field_name("function").map(src).unwrap_or("");
            let argument = node
                .child_by_field_name("arguments")
                .and_then(|a| a.named_child(0))
                .map(src);
            atom(function, argument)
        }
        "unary_expression" => {
            let operator = node.child_by_field_name("operator").map(src);
            let argument = node.child_by_field_name("argument");
            match (operator, argument) {
                (Some("!"), Some(a)) => eval(a, text).negate(),
                _ => Cond::Unknown,
            }
        }
        "binary_expression" => {
            let (Some(left), Some(right), Some(op)) = (
                node.child_by_field_name("left"),
                node.child_by_field_name("right"),
                node.child_by_field_name("operator").map(src),
            ) else {
                return Cond::Unknown;
            };
            match op {
                "&&" => eval(left, text).and(eval(right, text)),
                "||" => eval(left, text).or(eval(right, text)),
                _ => compare(src(left).trim(), op, src(right).trim()),
            }
        }
        _ => Cond::Unknown,
    }
}

fn parse_number(text: &str) -> Option<u32> {
    let t = text.trim_end_matches(['u', 'U', 'l', 'L']);
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u32::from_str_radix(hex, 16).ok()
    } else {
        t.parse().ok()
    }
}

/// `defined(NAME)`.
fn defined(name: &str) -> Cond {
    match name {
        "__CUDA_ARCH__" => Cond::device(),
        "__CUDACC__" | "__NVCC__" | "__CUDACC_VER_MAJOR__" => Cond::always(),
        "__clang__" | "__NVCOMPILER" | "__CUDACC_RTC__" => Cond::Never,
        "__CUDA_ARCH_SPECIFIC__" | "__CUDA_ARCH_FAMILY_SPECIFIC__" => Cond::device(),
        _ => feature_macro(name).unwrap_or(Cond::Unknown),
    }
}

/// `__CUDA_ARCH_FEAT_SM90_ALL`, `__CUDA_ARCH_FEAT_SM100_ALL`.
fn feature_macro(name: &str) -> Option<Cond> {
    let digits = name.strip_prefix("__CUDA_ARCH_FEAT_SM")?.strip_suffix("_ALL")?;
    Some(Cond::specific(digits.parse().ok()?, false))
}

/// A bare identifier or macro call used as a truth value.
fn atom(name: &str, argument: Option<&str>) -> Cond {
    match (name, argument) {
        ("__CUDA_ARCH__", None) => Cond::device(),
        ("__CUDACC__" | "__NVCC__", None) => Cond::always(),
        ("_CCCL_CUDA_COMPILER" | "_CCCL_COMPILER", Some(which)) => match which.trim() {
            "NVCC" => Cond::always(),
            "NVHPC" | "CLANG" | "NVRTC" | "MSVC" | "GCC" => Cond::Never,
            _ => Cond::Unknown,
        },
        ("_CCCL_DEVICE_COMPILATION", Some(_)) | ("_CCCL_DEVICE_COMPILATION", None) => Cond::device(),
        (name, None) => feature_macro(name).unwrap_or(Cond::Unknown),
        _ => Cond::Unknown,
    }
}

/// `LEFT OP RIGHT` where one side is a known macro and the other a number.
fn compare(left: &str, op: &str, right: &str) -> Cond {
    let (name, number, op) = match (parse_number(left), parse_number(right)) {
        (None, Some(n)) => (left, n, op),
        (Some(n), None) => (
            right,
            n,
            match op {
                "<" => ">",
                ">" => "<",
                "<=" => ">=",
                ">=" => "<=",
                other => other,
            },
        ),
        _ => return Cond::Unknown,
    };
    let interval = match op {
        ">=" => Interval {
            lo: Some(number),
            hi: None,
        },
        ">" => Interval {
            lo: Some(number + 1),
            hi: None,
        },
        "<" => Interval {
            lo: None,
            hi: Some(number),
        },
        "<=" => Interval {
            lo: None,
            hi: Some(number + 1),
        },
        "==" => Interval {
            lo: Some(number),
            hi: Some(number + 1),
        },
        _ => return Cond::Unknown,
    };
    match name {
        "__CUDA_ARCH__" => Cond::arch(interval),
        "__cccl_ptx_isa" | "_CCCL_PTX_ISA" => Cond::ptx(interval),
        "__CUDA_ARCH_SPECIFIC__" if op == "==" => Cond::specific((number / 10) as u16, false),
        "__CUDA_ARCH_FAMILY_SPECIFIC__" if matches!(op, "==" | ">=") => Cond::specific((number / 10) as u16, true),
        "__CUDA_ARCH_SPECIFIC__" | "__CUDA_ARCH_FAMILY_SPECIFIC__" => Cond::device(),
        _ => Cond::Unknown,
    }
}

/// The condition of a CCCL `nv/target` query (`NV_PROVIDES_SM_90`,
/// `NV_IS_EXACTLY_SM_80`, `NV_HAS_FEATURE_SM_90a`, `NV_IS_DEVICE`, ...).
pub fn nv_target_query(query: &str) -> Cond {
    let query = query.trim();
    let sm = |rest: &str| rest.parse::<u32>().ok();
    if let Some(n) = query.strip_prefix("NV_PROVIDES_SM_").and_then(sm) {
        return Cond::arch(Interval {
            lo: Some(n * 10),
            hi: None,
        });
    }
    if let Some(n) = query.strip_prefix("NV_IS_EXACTLY_SM_").and_then(sm) {
        return Cond::arch(Interval {
            lo: Some(n * 10),
            hi: Some(n * 10 + 1),
        });
    }
    if let Some(rest) = query.strip_prefix("NV_HAS_FEATURE_SM_") {
        let (digits, family) = match rest.strip_suffix('a') {
            Some(d) => (d, false),
            None => (rest.strip_suffix('f').unwrap_or(rest), true),
        };
        if let Ok(n) = digits.parse() {
            return Cond::specific(n, family);
        }
    }
    match query {
        "NV_IS_DEVICE" => Cond::device(),
        "NV_IS_HOST" | "NV_NO_TARGET" => Cond::Never,
        "NV_ANY_TARGET" => Cond::always(),
        _ => Cond::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cond(expr: &str) -> Cond {
        let text = format!("#if {expr}\n#endif\n");
        let tree = crate::cpp::parse(&text);
        let node = tree
            .root_node()
            .named_child(0)
            .and_then(|n| n.child_by_field_name("condition"))
            .unwrap();
        eval(node, &text)
    }

    fn guard(expr: &str) -> Guard {
        match cond(expr) {
            Cond::Within(g) => g,
            other => panic!("{expr}: {other:?}"),
        }
    }

    #[test]
    fn arch_bounds() {
        let g = guard("defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800");
        assert_eq!(g.arch.lo, Some(800));
        assert!(g.device);
        assert_eq!(guard("(__CUDA_ARCH__ < 700)").arch.hi, Some(700));
        assert_eq!(guard("900 <= __CUDA_ARCH__").arch.lo, Some(900));
        assert_eq!(guard("!(__CUDA_ARCH__ >= 700)").arch.hi, Some(700));
        assert_eq!(cond("!defined(__CUDA_ARCH__)"), Cond::Never);
        assert_eq!(cond("0"), Cond::Never);
        assert_eq!(cond("defined(SOMETHING)"), Cond::Unknown);
    }

    #[test]
    fn unknown_parts_keep_known_floors_in_conjunctions_only() {
        assert_eq!(guard("defined(X) && __CUDA_ARCH__ >= 900").arch.lo, Some(900));
        assert_eq!(cond("defined(X) || __CUDA_ARCH__ >= 900"), Cond::Unknown);
        assert_eq!(cond("!(defined(X) && __CUDA_ARCH__ >= 900)"), Cond::Unknown);
        assert_eq!(
            guard("_CCCL_CUDA_COMPILER(NVHPC) || __CUDA_ARCH__ >= 900").arch.lo,
            Some(900)
        );
        let hull = guard("__CUDA_ARCH__ >= 900 || __CUDA_ARCH__ >= 800");
        assert_eq!(hull.arch.lo, Some(800));
    }

    #[test]
    fn features_and_ptx_isa() {
        let g = guard("defined(__CUDA_ARCH_FEAT_SM90_ALL)");
        assert_eq!(g.specific, Some(Specific { sm: 90, family: false }));
        assert_eq!(g.arch.lo, Some(900));
        let g = guard("__CUDA_ARCH_FAMILY_SPECIFIC__ >= 1000");
        assert_eq!(g.specific, Some(Specific { sm: 100, family: true }));
        assert_eq!(guard("__cccl_ptx_isa >= 780").ptx.lo, Some(780));
        let both = guard("__cccl_ptx_isa >= 800 && __CUDA_ARCH__ >= 900");
        assert_eq!((both.ptx.lo, both.arch.lo), (Some(800), Some(900)));
        assert_eq!(cond("__CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 800"), Cond::Never);
    }

    #[test]
    fn nv_target_queries() {
        assert!(matches!(nv_target_query("NV_PROVIDES_SM_90"), Cond::Within(g) if g.arch.lo == Some(900)));
        assert!(
            matches!(nv_target_query("NV_HAS_FEATURE_SM_90a"), Cond::Within(g) if g.specific == Some(Specific { sm: 90, family: false }))
        );
        assert_eq!(nv_target_query("NV_IS_HOST"), Cond::Never);
        assert!(matches!(nv_target_query("NV_PROVIDES_SM_90").negate(), Cond::Within(g) if g.arch.hi == Some(900)));
    }
}
