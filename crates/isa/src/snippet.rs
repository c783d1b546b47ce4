//! Versions asked of a snippet of PTX: the first PTX version whose tables accept a piece of PTX, or
//! the first that rejects it. Migrations name the construct they move by a snippet and take
//! their boundary from here, so that the version lives only in the tables.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::check::Issue;
use crate::check::check_features;
use crate::constructs::{Row, uses};
use crate::deprecations::Status;
use crate::probe::{kernel, predicted_issues};
use crate::target::{Target, target};
use crate::version::{Version, known_versions};

/// A piece of PTX in a probe kernel (see [`crate::probe::kernel`]): module-scope declarations,
/// the kernel's body, and the target it is judged on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Snippet {
    /// Module-scope declarations or whole functions (may be empty).
    pub module: &'static str,
    /// Statements of the kernel body, `;`-separated (may be empty).
    pub body: &'static str,
    /// The target, e.g. `sm_90`.
    pub target: &'static str,
}

impl Snippet {
    /// A body on `target`.
    pub const fn body(body: &'static str, target: &'static str) -> Snippet {
        Snippet {
            module: "",
            body,
            target,
        }
    }

    /// Module-scope text on `target`.
    pub const fn module(module: &'static str, target: &'static str) -> Snippet {
        Snippet {
            module,
            body: "",
            target,
        }
    }

    /// What the tables say of the example at `version`: the issues of its instructions and of
    /// every construct it writes (deprecations and removals included).
    fn issues(&self, version: Version, target: Target) -> Vec<Issue> {
        let mut issues = predicted_issues(self.body, version, target);
        let text = kernel(version, self.target, self.module, "", self.body);
        let parsed = ptxkit_syntax::parse(text.as_str());
        for found in uses(&parsed) {
            match found.row {
                Row::Introduced(feature) => issues.extend(check_features([feature], version, target)),
                Row::Removed(d) if d.status(version, target) == Status::Rejected => issues.push(Issue::Removed(d)),
                _ => {}
            }
        }
        issues
    }

    /// The first known PTX version with everything the example uses (no row needs a newer
    /// version); `None` when no version has it or the target is unknown.
    ///
    /// ```
    /// use ptxkit_isa::snippet::Snippet;
    /// assert_eq!(Snippet::body("bar.cta.sync 0", "sm_90").introduced().unwrap().to_string(), "7.8");
    /// assert_eq!(Snippet::module(".address_size 64", "sm_20").introduced().unwrap().to_string(), "2.3");
    /// ```
    pub fn introduced(&self) -> Option<Version> {
        memoized((*self, Ask::Introduced), || {
            let target = target(self.target).ok()?;
            known_versions().find(|&v| {
                !self
                    .issues(v, target)
                    .iter()
                    .any(|i| matches!(i, Issue::NeedsVersion { .. } | Issue::TargetNeedsVersion { .. }))
            })
        })
    }

    /// The first known PTX version, after one that accepts the example, whose tables reject it
    /// (a removal, a required modifier it lacks, an illegal form); `None` when none does.
    ///
    /// ```
    /// use ptxkit_isa::snippet::Snippet;
    /// let mad = Snippet::body("mad.f32 %r1, %r2, %r3, %r4", "sm_20");
    /// assert_eq!(mad.rejected().unwrap().to_string(), "3.2"); // ptxas 11.8: an error from 3.2
    /// ```
    pub fn rejected(&self) -> Option<Version> {
        memoized((*self, Ask::Rejected), || {
            let target = target(self.target).ok()?;
            let accepted = self.introduced()?;
            known_versions()
                .filter(|&v| v > accepted)
                .find(|&v| self.issues(v, target).iter().any(Issue::is_error))
        })
    }
}

/// Which version an example is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Ask {
    Introduced,
    Rejected,
}

impl std::hash::Hash for Snippet {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.module, self.body, self.target).hash(state);
    }
}

/// Answers each question once per process: a migration asks on every run, and an answer
/// parses a probe kernel at every known version.
fn memoized(key: (Snippet, Ask), answer: impl FnOnce() -> Option<Version>) -> Option<Version> {
    type Answers = Mutex<HashMap<(Snippet, Ask), Option<Version>>>;
    static ANSWERS: OnceLock<Answers> = OnceLock::new();
    let answers = ANSWERS.get_or_init(Answers::default);
    if let Some(known) = answers.lock().ok().and_then(|a| a.get(&key).copied()) {
        return known;
    }
    let found = answer();
    if let Ok(mut a) = answers.lock() {
        a.insert(key, found);
    }
    found
}
