//! One entry point for linters: everything wrong with an instruction (or a `.target`) under a
//! given `.version` and `.target`, as structured issues that render ptxas's wording.

use std::fmt;

use crate::deprecations::{Deprecation, Status, instruction_deprecations};
use crate::feature::Feature;
use crate::form::InstructionForm;
use crate::legal_types::{closest_opcode, type_rule};
use crate::requirements::{is_known_opcode, matching_features};
use crate::rounding::{ALL_ROUNDING, Need, RoundingRule, is_rounding_checked, rounding_quirks, rounding_rule};
use crate::target::{Target, TargetError, target as known_target};
use crate::version::Version;

/// One problem with an instruction or a `.version`/`.target` pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Issue {
    /// `.version` is older than the target's first version.
    TargetNeedsVersion {
        /// The declared target.
        target: Target,
        /// The declared version.
        version: Version,
        /// The first version that has the target.
        min: Version,
    },
    /// The target is not a known architecture.
    UnknownTarget {
        /// The target as written.
        target: Target,
        /// A suggestion.
        closest: Option<Target>,
    },
    /// The opcode is not a PTX instruction.
    UnknownOpcode {
        /// The opcode as written.
        opcode: String,
        /// The closest known opcode.
        closest: Option<&'static str>,
    },
    /// A feature needs a newer `.version`.
    NeedsVersion {
        /// The table row.
        feature: &'static Feature,
        /// The first version with the feature (on this target).
        min: Version,
    },
    /// A feature needs a newer target.
    NeedsTarget {
        /// The table row.
        feature: &'static Feature,
        /// The oldest target with the feature.
        min: Target,
        /// The declared target.
        target: Target,
    },
    /// An arch- or family-specific feature used on a target that lacks it.
    NotOnTarget {
        /// The table row.
        feature: &'static Feature,
        /// The declared target.
        target: Target,
    },
    /// A required rounding (or `.approx`) modifier is missing.
    MissingRounding {
        /// The opcode.
        opcode: String,
        /// The rule that applies.
        rule: RoundingRule,
    },
    /// A rounding modifier the form does not allow.
    IllegalRounding {
        /// The instruction as ptxas names it (`fma`, `mul.lo`).
        opcode: String,
        /// The offending modifier.
        modifier: String,
        /// ptxas's words for it ([`RoundingRule::illegal`]).
        wording: &'static str,
    },
    /// A modifier the form does not allow (`.approx` on `add`, `.rs` on `add.f32`).
    IllegalModifier {
        /// The instruction as ptxas names it.
        opcode: String,
        /// The offending modifier.
        modifier: String,
        /// The types ptxas names with it (`cvt` with `.rs`: `.f16.s32`), if any.
        types: Option<String>,
    },
    /// A modifier ptxas requires with the others (`.ftz` on `rcp.approx.f64`).
    MissingModifier {
        /// The missing modifier.
        modifier: &'static str,
        /// ptxas's message.
        message: &'static str,
    },
    /// A modifier ptxas does not know on this instruction at all (`.full` anywhere but `div`).
    UnknownModifier {
        /// The offending modifier.
        modifier: String,
    },
    /// A type the opcode does not have (`add.u8`).
    IllegalType {
        /// The instruction as ptxas names it (`mul.lo`, `div.full`).
        opcode: String,
        /// The offending type.
        ty: String,
    },
    /// A deprecated construct, still accepted.
    Deprecated(&'static Deprecation),
    /// A deprecated construct that ptxas rejects under this version and target.
    Removed(&'static Deprecation),
    /// A construct no ptxas accepts (`.shared::cta` in a declaration).
    Unsupported(&'static crate::constructs::Unsupported),
}

impl Issue {
    /// Whether ptxas rejects the file for this issue (everything but [`Issue::Deprecated`]).
    pub fn is_error(&self) -> bool {
        !matches!(self, Issue::Deprecated(_))
    }

    /// The message, in ptxas's words where ptxas has words for it (newest ptxas wording).
    pub fn message(&self) -> String {
        self.render(0)
    }

    /// Every wording of the message that some ptxas release uses (newest first); `message()` is
    /// the first.
    pub fn messages(&self) -> Vec<String> {
        let count = match self {
            Issue::NeedsVersion { feature, .. } => feature.version_subject.split('|').count(),
            Issue::NeedsTarget { feature, .. } | Issue::NotOnTarget { feature, .. } => {
                feature.target_subject.split('|').count()
            }
            // ptxas 11.8 does not know `.rs` at all.
            Issue::IllegalModifier { modifier, .. } if modifier == ".rs" => 2,
            _ => 1,
        };
        (0..count).map(|i| self.render(i)).collect()
    }

    /// The wordings ptxas uses for this issue, or `None` when the table does not record
    /// ptxas's name for the feature (the issue is real, but ptxas's words are unknown: probes
    /// then check only that ptxas rejects).
    pub fn ptxas_wordings(&self) -> Option<Vec<String>> {
        let known = match self {
            Issue::NeedsVersion { feature, .. } => !feature.version_subject.is_empty(),
            Issue::NeedsTarget { feature, .. } | Issue::NotOnTarget { feature, .. } => {
                !feature.target_subject.is_empty()
            }
            // `Unsupported::ptxas` elides the names ptxas puts in its message.
            Issue::UnknownOpcode { .. } | Issue::Deprecated(_) | Issue::Unsupported(_) => false,
            Issue::Removed(d) => !d.error.is_empty(),
            _ => true,
        };
        known.then(|| self.messages())
    }

    fn render(&self, alt: usize) -> String {
        let subject = |ptxas: &str, feature: &Feature| subject(ptxas, feature, alt);
        match self {
            Issue::TargetNeedsVersion { target, version, .. } => {
                format!("PTX .version {version} does not support .target {target}")
            }
            Issue::UnknownTarget { target, .. } => format!("Unsupported .target '{target}'"),
            Issue::UnknownOpcode { opcode, closest } => match closest {
                Some(c) => format!("Unknown instruction '{opcode}' (did you mean '{c}'?)"),
                None => format!("Unknown instruction '{opcode}'"),
            },
            Issue::NeedsVersion { feature, min } => {
                format!(
                    "{} requires PTX ISA .version {min} or later",
                    subject(feature.version_subject, feature)
                )
            }
            Issue::NeedsTarget { feature, min, .. } => {
                format!(
                    "{} requires .target {min} or higher",
                    subject(feature.target_subject, feature)
                )
            }
            Issue::NotOnTarget { feature, target } => {
                format!(
                    "{} not supported on .target '{target}'",
                    subject(feature.target_subject, feature)
                )
            }
            // A rule whose message names its own instruction (`rcp.approx.f64`) is complete.
            Issue::MissingRounding { rule, .. } if rule.missing.contains(" for instruction ") => {
                rule.missing.to_string()
            }
            Issue::MissingRounding { opcode, rule } => {
                format!("{} for instruction '{opcode}'", rule.missing)
            }
            Issue::IllegalRounding { opcode, wording, .. } => {
                format!("{wording} for instruction '{opcode}'")
            }
            Issue::IllegalModifier { modifier, .. } if alt == 1 => format!("Unknown modifier '{modifier}'"),
            Issue::IllegalModifier {
                opcode,
                modifier,
                types: Some(types),
            } => format!("Illegal modifier '{modifier}' for instruction '{opcode}' with type '{types}'"),
            Issue::IllegalModifier { opcode, modifier, .. } => {
                format!("Illegal modifier '{modifier}' for instruction '{opcode}'")
            }
            Issue::UnknownModifier { modifier } => format!("Unknown modifier '{modifier}'"),
            Issue::MissingModifier { message, .. } => message.to_string(),
            Issue::IllegalType { opcode, ty } => type_message(opcode, ty)
                .map(str::to_string)
                .unwrap_or_else(|| format!("Unexpected instruction types specified for '{opcode}'")),
            Issue::Deprecated(d) if !d.warning.is_empty() => d.warning.to_string(),
            Issue::Deprecated(d) => format!(
                "deprecated since PTX ISA version {}; use {}",
                d.deprecated_in, d.replacement
            ),
            Issue::Removed(d) => d.error.to_string(),
            Issue::Unsupported(u) => format!("{} is not supported (ptxas: \"{}\")", u.name, u.ptxas),
        }
    }
}

include!(concat!(env!("OUT_DIR"), "/type_messages.rs"));

/// ptxas's words for type `ty` on the instruction ptxas names `opcode` where a `type-message`
/// record gives them (`abs.u32`: "Instruction 'abs' applies only to signed numeric types").
fn type_message(opcode: &str, ty: &str) -> Option<&'static str> {
    let mut form = InstructionForm::parse(opcode);
    form.modifiers.push(ty);
    TYPE_MESSAGES
        .iter()
        .find(|(pattern, _)| crate::form::Pattern::compile(pattern).is_ok_and(|p| p.matches(&form)))
        .map(|(_, ptxas)| *ptxas)
}

fn subject(ptxas: &str, feature: &Feature, alt: usize) -> String {
    match ptxas.split('|').nth(alt).or_else(|| ptxas.split('|').next()) {
        Some(s) if !s.is_empty() => s.to_string(),
        _ => format!("Feature '{}'", feature.pattern),
    }
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

/// Checks a `.version` / `.target` pair: unknown target, or a version too old for it.
///
/// ```
/// use ptxkit_isa::{check_target, version};
/// let issue = check_target(version("7.4").unwrap(), "sm_89").unwrap();
/// assert_eq!(issue.message(), "PTX .version 7.4 does not support .target sm_89");
/// assert!(check_target(version("7.8").unwrap(), "sm_89").is_none());
/// assert_eq!(check_target(version("9.0").unwrap(), "sm_99").unwrap().message(), "Unsupported .target 'sm_99'");
/// ```
pub fn check_target(version: Version, target: &str) -> Option<Issue> {
    match known_target(target) {
        Ok(t) => {
            let min = t.min_ptx()?;
            (version < min).then_some(Issue::TargetNeedsVersion {
                target: t,
                version,
                min,
            })
        }
        Err(TargetError::Unknown { target, closest }) => Some(Issue::UnknownTarget { target, closest }),
        Err(TargetError::Syntax(_)) => None,
    }
}

/// Everything wrong with one instruction under `.version version` / `.target target`:
/// unknown opcode, features needing a newer version or target or an `a`/`f` target, missing or
/// illegal rounding modifiers, illegal types and deprecations.
///
/// ```
/// use ptxkit_isa::{check, target, version, InstructionForm};
/// let sm80 = target("sm_80").unwrap();
/// let v = version("7.0").unwrap();
/// let msgs = |chain| check(&InstructionForm::parse(chain), v, sm80).iter().map(|i| i.message()).collect::<Vec<_>>();
/// assert!(msgs("add.s32").is_empty());
/// assert_eq!(msgs("add.u8"), ["Unexpected instruction types specified for 'add'"]);
/// assert_eq!(msgs("fma.f32"), ["Rounding modifier required for instruction 'fma'"]);
/// assert_eq!(msgs("div.rn.s32"), ["Illegal rounding modifier for instruction 'div'"]);
/// assert!(msgs("wgmma.fence.sync.aligned")[0].ends_with("not supported on .target 'sm_80'"));
/// assert!(msgs("fam.rn.f32")[0].contains("did you mean 'fma'"));
/// ```
pub fn check(form: &InstructionForm<'_>, version: Version, target: Target) -> Vec<Issue> {
    if !is_known_opcode(form.opcode) {
        return vec![Issue::UnknownOpcode {
            opcode: form.opcode.to_string(),
            closest: closest_opcode(form.opcode),
        }];
    }
    let mut issues = feature_issues(form, version, target);
    let types = form.types();
    // ptxas checks types before modifiers: an illegal type is the only complaint.
    if let Some(issue) = type_issue(form, &types) {
        issues.push(issue);
    } else if is_rounding_checked(form.opcode) {
        issues.extend(rounding_issues(form, &types, version, target));
    }
    for d in instruction_deprecations(form) {
        match d.status(version, target) {
            Status::Allowed => {}
            Status::Deprecated => issues.push(Issue::Deprecated(d)),
            Status::Rejected => issues.push(Issue::Removed(d)),
        }
    }
    issues
}

/// The name ptxas gives an instruction in type errors (`mul.lo`, `div.full`).
fn ptxas_name(form: &InstructionForm<'_>) -> String {
    crate::ptxas_names::ptxas_instruction_name(form.opcode, &form.modifiers)
}

fn type_issue(form: &InstructionForm<'_>, types: &[&str]) -> Option<Issue> {
    let rule = type_rule(form.opcode)?;
    let ty = *types.get(rule.position)?;
    let legal = if form.opcode == "div" && form.has(".full") {
        ty == ".f32"
    } else {
        rule.types.contains(&ty)
    };
    (!legal).then(|| Issue::IllegalType {
        opcode: ptxas_name(form),
        ty: ty.to_string(),
    })
}

fn rounding_issues(form: &InstructionForm<'_>, types: &[&str], version: Version, target: Target) -> Vec<Issue> {
    let mut issues = Vec::new();
    let rule = rounding_rule(form.opcode, types, target, version);
    let opcode = form.opcode.to_string();
    let named = ptxas_name(form);
    let (approx_counted, rs_with_types) = rounding_quirks(form.opcode);
    let mut illegal = false;
    let mut satisfied = false;
    for m in form.modifiers.iter().copied() {
        let is_rounding = ALL_ROUNDING.contains(&m);
        if !(is_rounding || matches!(m, ".approx" | ".full")) {
            continue;
        }
        if rule.allowed.contains(&m) {
            satisfied = true;
            continue;
        }
        // ptxas does not count a stray `.full` (or, where the opcode's records say so,
        // `.approx`) as a rounding modifier: it also says one is required.
        illegal |= m != ".full" && (m != ".approx" || approx_counted);
        issues.push(match m {
            // `.rs` (stochastic rounding) is a modifier of its own to ptxas.
            ".rs" | ".approx" => Issue::IllegalModifier {
                opcode: named.clone(),
                modifier: m.to_string(),
                types: (rs_with_types && m == ".rs").then(|| types.concat()),
            },
            ".full" => Issue::UnknownModifier {
                modifier: m.to_string(),
            },
            _ => Issue::IllegalRounding {
                opcode: named.clone(),
                modifier: m.to_string(),
                wording: rule.illegal,
            },
        });
    }
    // An illegal rounding mode counts as "a rounding modifier was given", except where only
    // `.approx` will do (`sin.rn.f32`: ptxas reports both).
    let approx_only = rule.allowed == [".approx"];
    if rule.need == Need::Required && !satisfied && (!illegal || approx_only) {
        issues.push(Issue::MissingRounding { opcode, rule });
    }
    if let Some((modifier, message)) = crate::rounding::missing_companion(form.opcode, &form.modifiers) {
        issues.push(Issue::MissingModifier { modifier, message });
    }
    issues
}

/// The table rows that `form` breaks under `.version version` / `.target target`, with why.
pub(crate) fn feature_issues(form: &InstructionForm<'_>, version: Version, target: Target) -> Vec<Issue> {
    check_features(matching_features(form), version, target)
}

/// What is wrong with using these features (table rows, e.g. a directive) under
/// `.version version` / `.target target`.
///
/// ```
/// use ptxkit_isa::{check_features, directives::directive, target, version};
/// let weak = directive(".weak").unwrap();
/// let issues = check_features([weak], version("3.0").unwrap(), target("sm_30").unwrap());
/// assert_eq!(issues[0].message(), "Feature '.weak directive' requires PTX ISA .version 3.1 or later");
/// ```
pub fn check_features(
    features: impl IntoIterator<Item = &'static Feature>,
    version: Version,
    target: Target,
) -> Vec<Issue> {
    let mut issues = Vec::new();
    for feature in features {
        if !feature.target.allows(target) {
            issues.push(match feature.target.min_base() {
                Some(min) if !feature.not_supported_wording => Issue::NeedsTarget { feature, min, target },
                _ => Issue::NotOnTarget { feature, target },
            });
        }
        // ptxas names the feature's first version when the version is older than that. A
        // later tier for this target (cvt to .e4m3x2 on sm_89: 8.1) is named instead, unless
        // the target itself already implies it (sm_100f exists only from 8.8).
        let since = feature.target.since_on(target, feature.ptx).unwrap_or(feature.ptx);
        let implied = target.min_ptx().unwrap_or(feature.ptx);
        if version < since && since > feature.ptx && since > implied {
            issues.push(Issue::NeedsVersion { feature, min: since });
        } else if version < feature.ptx {
            issues.push(Issue::NeedsVersion {
                feature,
                min: feature.ptx,
            });
        }
    }
    issues
}
