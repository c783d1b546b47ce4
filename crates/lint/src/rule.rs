//! A rule's declaration: its metadata and what it visits. Each rule file declares one
//! [`Rule`] (`RULE`); build.rs lists them in code order, the registry reads their metadata
//! ([`Rule::info`]) and the engine their visits ([`visits`]). Nothing about a rule is
//! written anywhere else.
//!
//! ```ignore
//! pub(crate) const RULE: Rule = Rule {
//!     code: "PTX201",
//!     name: "deprecated-tex-state-space",
//!     severity: Severity::Error,
//!     status: Status::Stable,
//!     fix: FixAvailability::Safe,
//!     summary: "`.tex` state space (removed after PTX 1.4)",
//!     visits: Visits::query(&["variable_declaration"], query!("deprecated_tex_state_space"), check),
//!     // or Visits::nodes(&["instruction", "call_instruction"], check), Visits::module(check), ...
//! };
//! ```

use ptxkit_semantic::SymbolTable;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{Diagnostic, Severity};

use crate::asm::AsmOrigin;
use crate::checker::{Captures, Checker, SuppressionCheck};
use crate::registry::{FixAvailability, RuleInfo, Status};
use crate::rules as rule_impls;

/// One rule, as its file declares it.
pub struct Rule {
    /// Stable code, e.g. `PTX101`.
    pub code: &'static str,
    /// Stable name saying what is wrong, e.g. `missing-rounding-modifier`.
    pub name: &'static str,
    /// Default severity.
    pub severity: Severity,
    /// Maturity.
    pub status: Status,
    /// Whether fixes are offered.
    pub fix: FixAvailability,
    /// One line for `--list-rules`.
    pub summary: &'static str,
    /// What the rule looks at, and its check.
    pub visits: Visits,
}

impl Rule {
    /// The rule's metadata.
    pub const fn info(&self) -> RuleInfo {
        RuleInfo {
            code: self.code,
            name: self.name,
            severity: self.severity,
            status: self.status,
            fix: self.fix,
            summary: self.summary,
        }
    }
}

/// A check called at each node of the kinds a rule visits.
pub type NodeCheck = for<'a> fn(&mut Checker<'a>, Node<'a>);
/// A check called with each match of a rule's query.
pub type MatchCheck = for<'a> fn(&mut Checker<'a>, &Captures<'a>);
/// A check called once per module.
pub type ModuleCheck = fn(&mut Checker<'_>);
/// A check of a file's suppression comments.
pub type SuppressionsCheck = fn(&mut SuppressionCheck<'_>);

/// A query a rule's check runs on: its matches, with their captures.
#[derive(Clone, Copy)]
pub struct QueryVisit {
    /// The node kinds the query's patterns start at.
    pub roots: &'static [&'static str],
    /// The query (`queries/<rule>.scm`).
    pub source: &'static str,
    /// The check, called with each match.
    pub check: MatchCheck,
}

/// In an inline asm statement's PTX, the findings of other rules that a rule reports in its
/// own words (a PTX type finding on a substituted operand is a constraint that does not
/// fit the instruction).
#[derive(Clone, Copy)]
pub struct Rewords {
    /// The rules whose findings it rewords (they run in an asm statement's PTX whenever the
    /// rewording rule does).
    pub rules: &'static [&'static str],
    /// Whether it takes this finding of the statement `origin`'s PTX; a finding it takes is
    /// not reported as it is (also when the rewording rule itself is not enabled).
    pub takes: fn(&AsmOrigin<'_>, &Diagnostic) -> bool,
    /// Reports a finding it takes, in the rule's words (in the C++ file's offsets).
    pub report: fn(&mut Checker<'_>, &Diagnostic),
}

/// Whether a rule's findings on an inline asm statement's PTX are reported.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum InAsm {
    /// They are.
    Reported,
    /// They are not: the rule is about what the translation writes around the template
    /// (the module's header, the registers it declares for the operands).
    NotReported,
    /// They are, but for those on an operand whose value the translation made up (an `"n"`
    /// constraint's value the C++ gives at compile time).
    NotOnInventedOperands,
}

/// What a rule visits, and what else its findings read. Built with the `const` functions
/// below: `Visits::nodes(&["instruction"], check)`, `Visits::module(check)`,
/// `Visits::nodes(..).and_module(check_constructs)`.
#[derive(Clone, Copy)]
pub struct Visits {
    /// Every node of these kinds, in source order.
    pub nodes: Option<(&'static [&'static str], NodeCheck)>,
    /// Every match of a tree-sitter query (for a rule that needs the query's captures).
    pub query: Option<QueryVisit>,
    /// Once per module, before the nodes are visited: for what is about the module as a
    /// whole (its header, its declarations, its syntax errors, the constructs it uses).
    pub module: Option<ModuleCheck>,
    /// Once per file, after the other rules' findings are complete and the suppression
    /// comments applied: for rules about the suppression comments themselves.
    pub suppressions: Option<SuppressionsCheck>,
    /// Once per inline asm statement of a C, C++ or CUDA file, when its PTX is linted (the
    /// checker's [`Checker::asm`] is the statement); it reports in the C++ file's offsets.
    pub asm: Option<ModuleCheck>,
    /// Findings of other rules it rewords in an asm statement.
    pub rewords: Option<Rewords>,
    /// Whether its own findings on an asm statement's PTX are reported.
    pub in_asm: InAsm,
    /// For a rule whose finding on one top-level item reads others (a fix that lists the
    /// functions using a module-scope declaration): whether a module needs that, from its
    /// symbols. Such a module is linted whole rather than in groups, and every item is
    /// checked again after an edit.
    pub reads_other_items: Option<fn(&SymbolTable) -> bool>,
}

impl Visits {
    /// Nothing: a rule whose findings another part of the framework reports.
    pub const NONE: Visits = Visits {
        nodes: None,
        query: None,
        module: None,
        suppressions: None,
        asm: None,
        rewords: None,
        in_asm: InAsm::Reported,
        reads_other_items: None,
    };

    /// Every node of the kinds `kinds`.
    pub const fn nodes(kinds: &'static [&'static str], check: NodeCheck) -> Visits {
        Visits {
            nodes: Some((kinds, check)),
            ..Visits::NONE
        }
    }

    /// Every match of the query `source`, whose patterns start at nodes of the kinds `roots`.
    pub const fn query(roots: &'static [&'static str], source: &'static str, check: MatchCheck) -> Visits {
        Visits {
            query: Some(QueryVisit { roots, source, check }),
            ..Visits::NONE
        }
    }

    /// Once per module.
    pub const fn module(check: ModuleCheck) -> Visits {
        Visits::NONE.and_module(check)
    }

    /// The file's suppression comments.
    pub const fn suppressions(check: SuppressionsCheck) -> Visits {
        Visits {
            suppressions: Some(check),
            ..Visits::NONE
        }
    }

    /// Each inline asm statement.
    pub const fn asm(check: ModuleCheck) -> Visits {
        Visits {
            asm: Some(check),
            ..Visits::NONE
        }
    }

    /// Also every match of the query `source`, whose patterns start at nodes of the kinds
    /// `roots`.
    pub const fn and_query(self, roots: &'static [&'static str], source: &'static str, check: MatchCheck) -> Visits {
        Visits {
            query: Some(QueryVisit { roots, source, check }),
            ..self
        }
    }

    /// Also once per module.
    pub const fn and_module(self, check: ModuleCheck) -> Visits {
        Visits {
            module: Some(check),
            ..self
        }
    }

    /// Rewords, in an asm statement, the findings of `rules` that `takes` selects.
    pub const fn rewording(
        rules: &'static [&'static str],
        takes: fn(&AsmOrigin<'_>, &Diagnostic) -> bool,
        report: fn(&mut Checker<'_>, &Diagnostic),
    ) -> Visits {
        Visits {
            rewords: Some(Rewords { rules, takes, report }),
            ..Visits::NONE
        }
    }

    /// Its findings on an asm statement's PTX are reported as `in_asm` says.
    pub const fn in_asm(self, in_asm: InAsm) -> Visits {
        Visits { in_asm, ..self }
    }

    /// Also reads other top-level items than the one visited, in a module for which
    /// `needs` holds.
    pub const fn reading_other_items(self, needs: fn(&SymbolTable) -> bool) -> Visits {
        Visits {
            reads_other_items: Some(needs),
            ..self
        }
    }
}

/// Every rule's declaration, ordered by code (listed by build.rs).
static RULES: &[Rule] = include!(concat!(env!("OUT_DIR"), "/rule_list.rs"));

/// What each rule visits, in [`crate::registry::rules`]' order.
pub(crate) fn visits(index: usize) -> &'static Visits {
    &RULES[index].visits
}
