//! Pairs of sites that two lanes of one warp can never meet at, told without placing them.
//!
//! Most shared-memory addresses are a variable (or the shared window) plus a linear form of
//! the thread id: `tile + 16·%tid.x + 4`. Two such addresses on the same base with the same
//! coefficients differ, between a lane running one and a lane running the other, by the
//! coefficients times the two lanes' thread-id difference plus the constants' difference; a
//! warp holds only a few such differences (between -31 and 31 along x in a one-dimensional
//! block). When none of them brings the two byte ranges together, no lanes of any warp meet
//! there, in any iteration (the addresses do not depend on one), whoever runs the sites: the
//! lane-by-lane placement would find nothing, and is skipped.

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::{FxHashMap as HashMap, FxHashSet};

use super::lanes::{Place, Windows, warps};
use super::sites::Site;
use crate::sync::expr::{Evaluator, Linear, Node, Terms};
use crate::sync::kernel::{Kernel, Shape};

/// What one shape tells of the pairs: the thread-id differences of its warps, and the forms
/// of the sites' addresses over its threads.
pub(super) struct Apart<'e> {
    differences: Differences,
    eval: Evaluator<'e>,
    windows: Windows,
}

impl<'e> Apart<'e> {
    /// For the block shape `shape` of `kernel`.
    pub(super) fn new(kernel: &'e Kernel<'_, '_>, shape: &Shape) -> Option<Apart<'e>> {
        let first = shape.all().next()?;
        Some(Apart {
            differences: differences(shape),
            eval: Evaluator::new(&kernel.values.exprs, first),
            windows: Windows::of(&kernel.values.exprs),
        })
    }

    /// Whether no lane of a warp running `a` meets another lane of it running `b` (with the
    /// bytes each touches): `false` when it cannot be told this way.
    pub(super) fn never_meet(&mut self, kernel: &Kernel<'_, '_>, a: &Site, b: &Site) -> bool {
        let (Some(fa), Some(fb)) = (self.form(kernel, a), self.form(kernel, b)) else {
            return false;
        };
        if fa.shared != fb.shared || fa.base != fb.base || fa.tid != fb.tid {
            return false;
        }
        let Some(step) = fa.constant.checked_sub(fb.constant) else {
            return false;
        };
        let (ba, bb) = (i64::from(a.bytes), i64::from(b.bytes));
        !self.differences.iter().any(|d| {
            let apart = (0..3).try_fold(step, |sum, k| sum.checked_add(fa.tid[k].checked_mul(d[k])?));
            // Unknown (an overflow) counts as meeting.
            apart.is_none_or(|apart| apart > -ba && apart < bb)
        })
    }

    /// Where `site` lands, as a base plus a linear form of the thread id, when the lane-by-lane
    /// placement knows it in every lane alike: the address is one linear form over the block's
    /// threads, built on no loop join (the same in every iteration, whatever the evaluator is
    /// given for the joins), and its base is variables only once the windows are taken out
    /// ([`Windows::place`]).
    fn form(&mut self, kernel: &Kernel<'_, '_>, site: &Site) -> Option<SplitForm> {
        let address = site.address?;
        let exprs = &kernel.values.exprs;
        if exprs.contains(address, &|n| matches!(n, Node::Phi { .. })) {
            return None;
        }
        let linear: Linear = self.eval.form(address)?;
        let (shared, terms, constant) = match self.windows.place(site, linear) {
            Place::Shared(terms, constant) => (true, terms, constant),
            Place::Global(terms, constant) => (false, terms, constant),
            Place::Unknown | Place::Uncertain(_) => return None,
        };
        let mut tid = [0i64; 3];
        let mut base = Terms::new();
        for (leaf, c) in terms {
            match exprs.node(leaf) {
                Node::Tid(d) => tid[usize::from(d.min(2))] += c,
                Node::Symbol(_) => base.push((leaf, c)),
                _ => return None,
            }
        }
        base.sort_unstable();
        Some(SplitForm {
            shared,
            base,
            tid,
            constant,
        })
    }
}

/// An address split into its region (shared memory or not), its base (variables), its
/// thread-id coefficients and its constant.
struct SplitForm {
    shared: bool,
    base: Terms,
    tid: [i64; 3],
    constant: i64,
}

/// The thread-id differences between two lanes of one warp, shared.
type Differences = Rc<Vec<[i64; 3]>>;

thread_local! {
    /// The differences of each block shape seen (a kernel's shapes are few and repeat).
    static DIFFERENCES: RefCell<HashMap<[u32; 3], Differences>> = RefCell::default();
}

/// The thread-id differences between two different lanes of one warp of `shape`, over all its
/// warps.
fn differences(shape: &Shape) -> Differences {
    DIFFERENCES.with(|cache| {
        cache
            .borrow_mut()
            .entry(shape.dims)
            .or_insert_with(|| {
                let mut seen: FxHashSet<[i64; 3]> = FxHashSet::default();
                for lanes in warps(shape) {
                    for x in &lanes {
                        for y in &lanes {
                            if x.tid != y.tid {
                                seen.insert([0, 1, 2].map(|k| i64::from(x.tid[k]) - i64::from(y.tid[k])));
                            }
                        }
                    }
                }
                let mut out: Vec<[i64; 3]> = seen.into_iter().collect();
                out.sort_unstable();
                Rc::new(out)
            })
            .clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sync::kernel::ShapeSource;

    /// A block shape the kernel requires.
    fn required(dims: [u32; 3]) -> Shape {
        Shape {
            dims,
            source: ShapeSource::Required,
        }
    }

    #[test]
    fn a_one_dimensional_warp_holds_the_differences_from_minus_31_to_31() {
        let d = differences(&required([64, 1, 1]));
        assert_eq!(d.len(), 62);
        assert!(
            d.iter()
                .all(|d| d[0] != 0 && d[0].abs() <= 31 && d[1] == 0 && d[2] == 0)
        );
    }

    #[test]
    fn a_warp_of_two_rows_holds_differences_along_y_and_same_x() {
        let d = differences(&required([16, 4, 1]));
        // Lanes 0 and 16 of a warp: the same x, one row apart.
        assert!(d.contains(&[0, 1, 0]) && d.contains(&[0, -1, 0]));
        assert!(!d.contains(&[0, 2, 0]) && !d.contains(&[16, 0, 0]));
    }
}
