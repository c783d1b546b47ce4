//! The block shapes the lanes are evaluated in, fitted to the kernel.
//!
//! A kernel without `.reqntid` or `.maxntid` is searched in shapes of its own choosing; a
//! kernel written for fewer threads than such a shape (CUB's block primitives size their
//! temporary storage by the block: 36 bytes per thread and a word per warp for 128 threads)
//! would be searched past the end of its tables, where one thread's slots are another's,
//! and exchanges no launch makes would be reported. A shape in which some thread certainly
//! accesses a shared variable outside its bytes, or two threads certainly store different
//! values into the same bytes with one instruction (rows of 16 threads over a table indexed
//! `8 * y + x`), is not one the kernel is written for: it is halved along its largest
//! dimension until no access says so (as the race search fits its shape).

use super::lanes::{Place, Windows};
use super::sites::Site;
use crate::sync::expr::{Evaluator, Node, Thread};
use crate::sync::kernel::{Executes, Kernel, Shape, ShapeSource};

/// The block shapes the lanes are evaluated in: the declared one, else two over the
/// dimensions the kernel reads (each a whole number of warps), each halved until the
/// kernel's accesses of `sites` stay inside their variables ([`fits`]); a shape no halving
/// fits is left out.
pub(super) fn shapes(kernel: &Kernel<'_, '_>, sites: &[Site]) -> Vec<Shape> {
    if kernel.shape.source != ShapeSource::Inferred {
        return vec![kernel.shape];
    }
    // `Kernel::of` infers [64, 1, 1], [16, 4, 1], [16, 1, 4] or [8, 4, 2] from the dimensions
    // the kernel reads.
    let dims: &[[u32; 3]] = match kernel.shape.dims {
        [_, 1, 1] => &[[64, 1, 1], [256, 1, 1]],
        [_, _, 1] => &[[32, 4, 1], [16, 8, 1]],
        [_, 1, _] => &[[32, 1, 4], [16, 1, 8]],
        _ => &[[32, 2, 2], [8, 4, 4]],
    };
    let mut shapes: Vec<Shape> = Vec::new();
    for &dims in dims {
        let Some(shape) = fitted(kernel, sites, dims) else {
            continue;
        };
        if !shapes.contains(&shape) {
            shapes.push(shape);
        }
    }
    shapes
}

/// `dims` halved along its largest dimension (at most 12 times) until the kernel fits in it.
fn fitted(kernel: &Kernel<'_, '_>, sites: &[Site], mut dims: [u32; 3]) -> Option<Shape> {
    for _ in 0..12 {
        let shape = Shape {
            dims,
            source: ShapeSource::Inferred,
        };
        if fits(kernel, sites, &shape) {
            return Some(shape);
        }
        let d = Shape::largest_dimension(dims);
        if dims[d] <= 1 {
            return None;
        }
        dims[d] /= 2;
    }
    None
}

/// Whether the kernel may be written for `shape`, as far as `sites` tell: no thread may
/// access a shared variable outside its bytes, and no two threads may write the same bytes
/// with one plain store of values that differ between threads. Only addresses that are one
/// linear form of the thread id (the same in every iteration) are judged, and only when the
/// threads that witness the fault ([`Faults`]) certainly run the access.
fn fits(kernel: &Kernel<'_, '_>, sites: &[Site], shape: &Shape) -> bool {
    let exprs = &kernel.values.exprs;
    let windows = Windows::of(exprs);
    let Some(first) = shape.all().next() else {
        return true;
    };
    let mut forms = Evaluator::new(exprs, first);
    for site in sites {
        let Some(address) = site.address else { continue };
        if exprs.contains(address, &|n| matches!(n, Node::Phi { .. })) {
            continue;
        }
        let Some(linear) = forms.form(address) else { continue };
        let Place::Shared(terms, constant) = windows.place(site, linear) else {
            continue;
        };
        let mut base = Vec::new();
        let mut tid = [0i64; 3];
        for &(leaf, c) in &terms {
            match exprs.node(leaf) {
                Node::Tid(d) => tid[usize::from(d.min(2))] += c,
                _ => base.push((leaf, c)),
            }
        }
        let faults = Faults {
            shape,
            tid,
            constant,
            bytes: i64::from(site.bytes),
        };
        let size = match base.as_slice() {
            &[(leaf, 1)] => match exprs.node(leaf) {
                Node::Symbol(v) => kernel.values.variables[v as usize]
                    .size
                    .and_then(|s| i64::try_from(s).ok()),
                _ => None,
            },
            _ => None,
        };
        let outside = size.map_or_else(Vec::new, |size| faults.outside(size));
        let shared = if site.access.writes() && !site.strong && !site.atomic && !stores_uniform(kernel, site, address) {
            faults.shared_write()
        } else {
            Vec::new()
        };
        if outside
            .into_iter()
            .chain(shared)
            .any(|threads| threads.iter().all(|&t| executed_by(kernel, site, t)))
        {
            return false;
        }
    }
    true
}

/// One access's address over the threads of a shape: `constant + tid · thread id`, `bytes`
/// long.
struct Faults<'s> {
    shape: &'s Shape,
    tid: [i64; 3],
    constant: i64,
    bytes: i64,
}

impl Faults<'_> {
    /// The thread at `t` of the shape.
    fn thread(&self, t: [u32; 3]) -> Thread {
        Thread {
            tid: t,
            ntid: self.shape.dims,
        }
    }

    /// The offset thread `t` accesses (`None`: overflow).
    fn offset(&self, t: [u32; 3]) -> Option<i64> {
        (0..3).try_fold(self.constant, |sum, d| {
            sum.checked_add(self.tid[d].checked_mul(i64::from(t[d]))?)
        })
    }

    /// The threads that access bytes outside `0..size`, if any: the corner of the block
    /// with the highest offset, the one with the lowest (each alone). Nothing when thread 0
    /// itself is outside: that access is past its variable in every shape (a scan reading
    /// the word before its table, its value then discarded) and says nothing of this one.
    fn outside(&self, size: i64) -> Vec<Vec<Thread>> {
        if self.offset([0; 3]).is_none_or(|o| o < 0 || o + self.bytes > size) {
            return Vec::new();
        }
        let corner = |highest: bool| -> [u32; 3] {
            std::array::from_fn(|d| {
                if self.tid[d] != 0 && (self.tid[d] > 0) == highest {
                    self.shape.dims[d] - 1
                } else {
                    0
                }
            })
        };
        let (high, low) = (corner(true), corner(false));
        let mut out = Vec::new();
        if self.offset(high).is_none_or(|o| o + self.bytes > size) {
            out.push(vec![self.thread(high)]);
        }
        if self.offset(low).is_none_or(|o| o < 0) {
            out.push(vec![self.thread(low)]);
        }
        out
    }

    /// Two threads whose bytes overlap, if any: the smallest thread id and the one a
    /// difference of thread ids that brings the bytes together away. Accesses indexed by
    /// some dimension of the block not at all are left out (every row filling one table).
    fn shared_write(&self) -> Vec<Vec<Thread>> {
        let dims = self.shape.dims;
        if (0..3).any(|d| dims[d] > 1 && self.tid[d] == 0) {
            return Vec::new();
        }
        let span = |d: usize| -(i64::from(dims[d]) - 1)..=i64::from(dims[d]) - 1;
        for dz in span(2) {
            for dy in span(1) {
                for dx in span(0) {
                    let step = [dx, dy, dz];
                    if step == [0, 0, 0] {
                        continue;
                    }
                    let apart = (0..3).try_fold(0i64, |sum, d| sum.checked_add(self.tid[d].checked_mul(step[d])?));
                    if apart.is_some_and(|a| a.abs() >= self.bytes) {
                        continue;
                    }
                    // The pair with the smallest ids: t = max(0, -step), t' = t + step.
                    let t: [u32; 3] = std::array::from_fn(|d| u32::try_from((-step[d]).max(0)).unwrap_or(0));
                    let u: [u32; 3] = std::array::from_fn(|d| u32::try_from(i64::from(t[d]) + step[d]).unwrap_or(0));
                    return vec![vec![self.thread(t), self.thread(u)]];
                }
            }
        }
        Vec::new()
    }
}

/// Whether every value `site` stores (its operands but the address) is the same in every
/// thread: several threads storing one value is how a kernel written for a larger block
/// fills a small table, and says nothing of the shape.
fn stores_uniform(kernel: &Kernel<'_, '_>, site: &Site, address: crate::sync::expr::ExprId) -> bool {
    let exprs = &kernel.values.exprs;
    kernel.values.operands[site.insn as usize]
        .iter()
        .all(|v| v.is_some_and(|v| v == address || !exprs.is_thread_dependent(v)))
}

/// Whether `thread` certainly executes `site`. A condition on values every thread shares is
/// not enough: `if (tid < s)` in a loop halving `s` from 8 runs no thread past 7, whatever the
/// values say of `s`.
fn executed_by(kernel: &Kernel<'_, '_>, site: &Site, thread: Thread) -> bool {
    let mut eval = Evaluator::new(&kernel.values.exprs, thread);
    kernel.executes(&mut eval, site.insn, &mut Default::default()) == Executes::Yes
}
