//! Symbolic values as a hash-consed expression graph, and their evaluation for one thread.
//!
//! A register's value is an expression over the thread's id (`%tid.x/y/z`, `%laneid`), the
//! block's shape (`%ntid`), values all threads share (parameters, `%ctaid`, loads from one
//! address: *uniform* leaves), values that may differ between threads for reasons the analysis
//! does not follow (*varying* leaves), and the addresses of variables. Evaluated for a concrete
//! thread in a concrete block shape, an expression becomes a linear form `k + Σ cᵢ·aᵢ` over the
//! leaves it cannot decide ([`Linear`]); two threads' addresses with the same non-constant part
//! differ by a known number of bytes.
//!
//! - [`graph`]: the nodes, the graph and the linear forms;
//! - [`forms`]: the memory of thread-dependent values as forms over the thread id, which
//!   lets an evaluator reset from thread to thread evaluate each such value once.

mod forms;
mod graph;

use ptxkit_isa::signature::semantics::{BinaryOp, UnaryOp};
use rustc_hash::FxHashMap as HashMap;

use forms::{Form, Forms};
pub use graph::{ExprId, Exprs, Linear, Node, Terms, Thread, is_comparison, wrap};
use graph::{binary, children};

/// Marks a memo entry as an index into [`Evaluator`]'s uniform values.
const UNIFORM: u32 = 1 << 31;

/// Evaluates expressions for one thread, remembering what it has evaluated.
pub struct Evaluator<'e> {
    exprs: &'e Exprs,
    thread: Thread,
    /// Per expression, where its value is (`u32::MAX`: not evaluated): an index into
    /// `values`, or with [`UNIFORM`] set, into `uniform`.
    memo: Vec<u32>,
    /// Values that may differ between threads.
    values: Vec<Option<Linear>>,
    /// The expression of each entry of `values` (what [`Evaluator::reset`] forgets).
    evaluated: Vec<ExprId>,
    /// Values the same in every thread, kept by [`Evaluator::reset`].
    uniform: Vec<Option<Linear>>,
    /// The expression of each entry of `uniform` (what [`Evaluator::restart`] forgets).
    uniform_ids: Vec<ExprId>,
    /// The evaluation stack, kept between calls.
    stack: Vec<(ExprId, bool)>,
    /// Leaves evaluated as other expressions (a loop join as its first iteration's value).
    substitute: Option<&'e HashMap<ExprId, ExprId>>,
    /// Thread-dependent values as linear forms over the thread id, kept by
    /// [`Evaluator::reset`]: each thread's value is then its form's instance.
    forms: Forms,
    /// Whether `elect.sync`'s pick ([`Node::Elected`]) is taken to be the lowest lane of its
    /// mask (for a witness that holds whichever lane is picked, which the caller checks);
    /// unknown otherwise.
    elect: bool,
}

impl<'e> Evaluator<'e> {
    /// An evaluator for `thread`.
    pub fn new(exprs: &'e Exprs, thread: Thread) -> Evaluator<'e> {
        Evaluator {
            exprs,
            thread,
            memo: vec![u32::MAX; exprs.len()],
            values: Vec::with_capacity(256),
            evaluated: Vec::with_capacity(256),
            uniform: Vec::new(),
            uniform_ids: Vec::new(),
            stack: Vec::with_capacity(64),
            substitute: None,
            forms: Forms::default(),
            elect: false,
        }
    }

    /// This evaluator, taking `elect.sync`'s pick to be the lowest lane of its mask the warp
    /// has: the witness it gives holds for any pick only when the caller checks that the
    /// pick does not matter (the elected thread's address is its warp's, and the other
    /// thread is in another warp).
    pub fn electing(mut self) -> Evaluator<'e> {
        self.elect = true;
        self
    }

    /// An evaluator for `thread` that evaluates each leaf of `substitute` as the expression
    /// it maps to.
    pub fn with_substitutes(
        exprs: &'e Exprs,
        thread: Thread,
        substitute: &'e HashMap<ExprId, ExprId>,
    ) -> Evaluator<'e> {
        Evaluator {
            substitute: Some(substitute),
            ..Evaluator::new(exprs, thread)
        }
    }

    /// Starts over for another thread, keeping the allocations and the values that are the
    /// same in every thread (forgets the others and their injected leaves; keeps the
    /// substitutes).
    pub fn reset(&mut self, thread: Thread) {
        for &id in &self.evaluated {
            self.memo[id as usize] = u32::MAX;
        }
        self.evaluated.clear();
        self.values.clear();
        if thread.ntid != self.thread.ntid {
            self.forms.clear();
        }
        // Used for more than one thread: forms pay off.
        self.forms.enabled = true;
        self.thread = thread;
    }

    /// Forgets every value, uniform and injected ones too, and evaluates for `thread` with
    /// `substitute` from now on: a new evaluator without clearing a memo entry per
    /// expression of the function (which dominated large functions).
    pub fn restart(&mut self, thread: Thread, substitute: Option<&'e HashMap<ExprId, ExprId>>) {
        self.reset(thread);
        for &id in &self.uniform_ids {
            self.memo[id as usize] = u32::MAX;
        }
        self.uniform_ids.clear();
        self.uniform.clear();
        self.forms.clear();
        self.forms.forget_injected();
        self.substitute = substitute;
    }

    /// Fixes the value of `leaf` for this evaluator (a loop join in a later iteration); a
    /// thread-dependent leaf's value is this thread's (forgotten by [`Evaluator::reset`]).
    pub fn inject(&mut self, leaf: ExprId, value: Option<Linear>) {
        let changes_forms = if self.exprs.is_thread_dependent(leaf) {
            self.forms.inject(leaf, self.exprs.len())
        } else {
            !self.forms.is_empty() && (!self.known(leaf) || self.get(leaf) != value)
        };
        if changes_forms {
            self.forms.clear();
        }
        self.set(leaf, value);
    }

    fn known(&self, id: ExprId) -> bool {
        self.memo.get(id as usize).is_none_or(|&i| i != u32::MAX)
    }

    fn set(&mut self, id: ExprId, value: Option<Linear>) {
        if let Some(slot) = self.memo.get_mut(id as usize) {
            if self.exprs.is_thread_dependent(id) {
                *slot = self.values.len() as u32;
                self.values.push(value);
                self.evaluated.push(id);
            } else {
                *slot = UNIFORM | self.uniform.len() as u32;
                self.uniform.push(value);
                self.uniform_ids.push(id);
            }
        }
    }

    fn substitute_of(&self, id: ExprId) -> Option<ExprId> {
        let substitute = self.substitute?;
        if !matches!(self.exprs.node(id), Node::Phi { .. }) {
            return None;
        }
        substitute.get(&id).copied().filter(|&s| s != id)
    }

    /// The thread it evaluates for.
    pub fn thread(&self) -> Thread {
        self.thread
    }

    /// `id`'s value for the thread; `None` when it depends on something unknown per thread
    /// or on undecided leaves in a way that is not linear.
    pub fn eval(&mut self, id: ExprId) -> Option<Linear> {
        if self.known(id) {
            return self.get(id);
        }
        // Deep graphs (long unrolled chains) are evaluated bottom-up from an explicit stack.
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push((id, false));
        let mut budget = 4_000_000u32;
        while let Some((at, ready)) = stack.pop() {
            budget = match budget.checked_sub(1) {
                Some(b) => b,
                None => {
                    self.stack = stack;
                    return None;
                }
            };
            if self.known(at) {
                continue;
            }
            if !ready
                && self.forms.enabled
                && self.exprs.is_thread_dependent(at)
                && let Some(value) = self.instance(at)
            {
                self.set(at, value);
                continue;
            }
            let children = match (self.substitute_of(at), self.exprs.gate(at)) {
                (Some(s), _) => smallvec::smallvec![s],
                (None, Some((c, a, b))) => smallvec::smallvec![c, a, b],
                (None, None) => children(self.exprs.node(at)),
            };
            if !ready {
                stack.push((at, true));
                for &c in children.iter().filter(|&&c| !self.known(c)) {
                    stack.push((c, false));
                }
                continue;
            }
            let value = self.step(at);
            self.set(at, value);
        }
        self.stack = stack;
        self.get(id)
    }

    fn get(&self, id: ExprId) -> Option<Linear> {
        self.value(id).cloned()
    }

    /// `id`'s value, when evaluated and known.
    fn value(&self, id: ExprId) -> Option<&Linear> {
        match self.memo.get(id as usize) {
            Some(&i) if i == u32::MAX => None,
            Some(&i) if i & UNIFORM != 0 => self.uniform[(i & !UNIFORM) as usize].as_ref(),
            Some(&i) => self.values[i as usize].as_ref(),
            _ => None,
        }
    }

    /// The value of `id` when another expression stands for it: a loop join's substitute, or
    /// for a join after a two-way branch whose condition is known here, the arm taken.
    fn stand_in(&self, id: ExprId) -> Option<Option<Linear>> {
        if let Some(s) = self.substitute_of(id) {
            return Some(self.get(s));
        }
        let (c, a, b) = self.exprs.gate(id)?;
        self.chosen(c, a, b)
    }

    /// The value of a choice between `a` and `b` by condition `c` (a select, a join after a
    /// two-way branch): the arm `c` picks when it is known, or when it is not, the value both
    /// arms have (a masked load's `0` when the input loaded is `0` too). `None` when neither
    /// decides it.
    fn chosen(&self, c: ExprId, a: ExprId, b: ExprId) -> Option<Option<Linear>> {
        if let Some(k) = self.value(c).and_then(Linear::known) {
            return Some(self.get(if k != 0 { a } else { b }));
        }
        let (x, y) = (self.value(a)?, self.value(b)?);
        (x == y).then(|| Some(x.clone()))
    }

    fn step(&self, id: ExprId) -> Option<Linear> {
        if let Some(value) = self.stand_in(id) {
            return value;
        }
        let t = self.thread;
        Some(match self.exprs.node(id) {
            Node::Const(k) => Linear::constant(k),
            Node::Tid(d) => Linear::constant(i64::from(t.tid[usize::from(d.min(2))])),
            Node::Ntid(d) => Linear::constant(i64::from(t.ntid[usize::from(d.min(2))])),
            Node::Lane => Linear::constant(i64::from(t.linear() % 32)),
            Node::Elected(mask) if self.elect => Linear::constant(i64::from(t.lowest_lane_of(mask)?)),
            Node::Varying(_) | Node::Phi { varying: true, .. } | Node::Elected(_) => return None,
            Node::Uniform(_) | Node::Symbol(_) | Node::Window(_) | Node::Phi { varying: false, .. } => Linear {
                constant: 0,
                terms: smallvec::smallvec![(id, 1)],
            },
            Node::Convert(a, bits, signed) => {
                let a = self.value(a)?;
                match a.known() {
                    Some(k) => Linear::constant(wrap(k, bits, signed)),
                    // Addresses and offsets are taken not to overflow.
                    None => a.clone(),
                }
            }
            Node::Unary(op, a, bits, signed) => {
                let a = self.value(a)?;
                match op {
                    UnaryOp::Neg => a.scale(-1)?,
                    // `~x` is `-x - 1` (two's complement).
                    UnaryOp::Not if a.known().is_none() => a.scale(-1)?.add(&Linear::constant(-1), 1)?,
                    _ => {
                        let k = a.known()?;
                        Linear::constant(wrap(
                            match op {
                                UnaryOp::Not => !k,
                                UnaryOp::LogicalNot => i64::from(k == 0),
                                UnaryOp::Abs => k.checked_abs()?,
                                UnaryOp::Neg => unreachable!("handled above"),
                            },
                            bits,
                            signed,
                        ))
                    }
                }
            }
            Node::Select(c, a, b) => self.chosen(c, a, b)??,
            Node::Binary(op, a, b, bits, signed) => {
                let (a, b) = (self.value(a), self.value(b));
                let known = |v: Option<&Linear>| v.and_then(Linear::known);
                if let Some(k) = graph::absorbed(op, known(a), known(b), bits, signed) {
                    return Some(Linear::constant(k));
                }
                let (a, b) = (a?, b?);
                if let (Some(x), Some(y)) = (a.known(), b.known()) {
                    // Known operands: the machine's operation, wraps included.
                    return Some(Linear::constant(binary(op, x, y, bits, signed)?));
                }
                if let Some(linear) = linear_binary(op, a, b, bits) {
                    return Some(match linear.known() {
                        Some(k) => Linear::constant(wrap(k, bits, signed)),
                        None => linear,
                    });
                }
                match (a.known(), b.known()) {
                    // Not linear in undecided leaves every thread shares: an opaque value.
                    _ if !is_comparison(op)
                        && !matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr)
                        && !self.exprs.is_thread_dependent(id) =>
                    {
                        Linear {
                            constant: 0,
                            terms: smallvec::smallvec![(self.exprs.opaque(op, bits, signed, a, b), 1)],
                        }
                    }
                    _ => return None,
                }
            }
        })
    }
}

/// `a op b` when it is linear in the undecided leaves (`None` when it is not, or overflows).
fn linear_binary(op: BinaryOp, a: &Linear, b: &Linear, bits: u8) -> Option<Linear> {
    match op {
        BinaryOp::Add => a.add(b, 1),
        BinaryOp::Sub => a.add(b, -1),
        BinaryOp::Mul => match (a.known(), b.known()) {
            (Some(k), _) => b.scale(k),
            (_, Some(k)) => a.scale(k),
            _ => None,
        },
        BinaryOp::Shl => match b.known() {
            Some(k) if (0..63).contains(&k) => a.scale(1i64 << k),
            _ => None,
        },
        BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => match (a.known(), b.known()) {
            (Some(k), _) => b.bitwise_low(op, k, bits),
            (_, Some(k)) => a.bitwise_low(op, k, bits),
            _ => None,
        },
        _ => None,
    }
}

/// Forms (see [`forms`]).
impl Evaluator<'_> {
    /// The value of thread-dependent `id` for this thread from its form: `Some(value)` (its
    /// instance, or `None` when unknown in every thread), or `None` when it has no form
    /// (evaluate it per thread).
    pub(super) fn instance(&mut self, id: ExprId) -> Option<Option<Linear>> {
        if !self.forms.computed(id) {
            self.compute_form(id);
        }
        if self.forms.unknown(id) {
            return Some(None);
        }
        let form = self.forms.form(id)?;
        let mut constant = form.constant;
        let mut terms = Terms::new();
        for &(leaf, c) in &form.terms {
            match self.exprs.node(leaf) {
                Node::Tid(d) => {
                    let tid = i64::from(self.thread.tid[usize::from(d.min(2))]);
                    constant = constant.checked_add(c.checked_mul(tid)?)?;
                }
                _ => terms.push((leaf, c)),
            }
        }
        Some(Some(Linear { constant, terms }))
    }

    /// `id` over the threads of this evaluator's block, when one linear form gives it in every
    /// thread: its terms are undecided leaves and the thread id's (`Node::Tid`) leaves; `None`
    /// when it is evaluated per thread or unknown.
    pub fn form(&mut self, id: ExprId) -> Option<Linear> {
        if !self.exprs.is_thread_dependent(id) {
            return self.eval(id);
        }
        if !self.forms.computed(id) {
            self.compute_form(id);
        }
        self.forms.form(id).cloned()
    }

    /// Computes the form of `id` and of what it is built on.
    fn compute_form(&mut self, id: ExprId) {
        if self.forms.memo.is_empty() {
            self.forms.memo = vec![u32::MAX; self.exprs.len()];
        }
        let mut stack = std::mem::take(&mut self.forms.stack);
        stack.clear();
        stack.push((id, false));
        let mut budget = 4_000_000u32;
        while let Some((at, ready)) = stack.pop() {
            let Some(left) = budget.checked_sub(1) else {
                // Too deep to follow: the rest is evaluated per thread.
                while let Some((at, _)) = stack.pop() {
                    if !self.forms.computed(at) {
                        self.forms.record(at, Form::PerThread);
                    }
                }
                break;
            };
            budget = left;
            if self.forms.computed(at) {
                continue;
            }
            if !self.exprs.is_thread_dependent(at) {
                // The same in every thread: its value is its form.
                let form = self.eval(at).map_or(Form::Unknown, Form::Linear);
                self.forms.record(at, form);
                continue;
            }
            if self.forms.is_injected(at) {
                self.forms.record(at, Form::PerThread);
                continue;
            }
            let below = match self.substitute_of(at) {
                Some(s) => smallvec::smallvec![s],
                None => children(self.exprs.node(at)),
            };
            if !ready {
                stack.push((at, true));
                for &c in below.iter().filter(|&&c| !self.forms.computed(c)) {
                    stack.push((c, false));
                }
                continue;
            }
            let form = self.form_step(at);
            self.forms.record(at, form);
        }
        self.forms.stack = stack;
    }

    /// The form of thread-dependent `id` from its operands' forms: what [`Evaluator::step`]
    /// does, on forms, when the result's instances are its results.
    fn form_step(&self, id: ExprId) -> Form {
        let forms = &self.forms;
        // A join that takes one arm or the other: per thread.
        if self.exprs.gate(id).is_some() {
            return Form::PerThread;
        }
        if let Some(s) = self.substitute_of(id) {
            return match forms.form(s) {
                Some(form) => Form::Linear(form.clone()),
                None if forms.unknown(s) => Form::Unknown,
                None => Form::PerThread,
            };
        }
        let node = self.exprs.node(id);
        // `step` gives up on any operand it does not know, but for the operand a selection
        // does not take.
        let operands = children(node);
        let chosen = match node {
            Node::Select(..) => &operands[..1],
            _ => &operands[..],
        };
        if chosen.iter().any(|&c| forms.unknown(c)) {
            // `step` knows these when one known operand decides them ([`graph::absorbed`]).
            let absorbing = matches!(
                node,
                Node::Binary(
                    BinaryOp::And | BinaryOp::Or | BinaryOp::Mul | BinaryOp::LogicalAnd | BinaryOp::LogicalOr,
                    ..
                )
            );
            return if absorbing { Form::PerThread } else { Form::Unknown };
        }
        let form = |id: ExprId| forms.form(id);
        let linear = || -> Option<Linear> {
            match node {
                Node::Tid(_) => Some(Linear {
                    constant: 0,
                    terms: smallvec::smallvec![(id, 1)],
                }),
                Node::Convert(a, bits, signed) => self.wrapped(form(a)?.clone(), bits, signed),
                Node::Unary(UnaryOp::Neg, a, ..) => form(a)?.scale(-1),
                Node::Select(c, a, b) => {
                    let c = form(c)?.known()?;
                    form(if c != 0 { a } else { b }).cloned()
                }
                Node::Binary(op, a, b, bits, signed) => {
                    let (a, b) = (form(a)?, form(b)?);
                    match linear_binary(op, a, b, bits) {
                        Some(linear) => self.wrapped(linear, bits, signed),
                        // Only operations on known values are left (`step` needs both known).
                        None => Some(Linear::constant(binary(op, a.known()?, b.known()?, bits, signed)?)),
                    }
                }
                // Other unary operations need known operands: evaluated per thread.
                _ => None,
            }
        };
        match node {
            // Unknown in every thread, as `step` has it, unless injected (then per thread).
            Node::Varying(_) | Node::Phi { varying: true, .. } => Form::Unknown,
            // `%laneid` is not linear in the thread id; nor is the elected lane (a lane).
            Node::Lane => Form::PerThread,
            Node::Elected(_) if self.elect => Form::PerThread,
            Node::Elected(_) => Form::Unknown,
            _ => linear().map_or(Form::PerThread, Form::Linear),
        }
    }

    /// `form` as the result of an operation `bits` wide: a known value wrapped as `step`
    /// wraps it; a form of the thread id alone only when every thread's instance is within
    /// the width (`step` wraps each known instance); others (with undecided leaves) as they
    /// are, as `step` leaves them.
    fn wrapped(&self, form: Linear, bits: u8, signed: bool) -> Option<Linear> {
        if let Some(k) = form.known() {
            return Some(Linear::constant(wrap(k, bits, signed)));
        }
        let thread_id_alone = form
            .terms
            .iter()
            .all(|&(leaf, _)| matches!(self.exprs.node(leaf), Node::Tid(_)));
        if !thread_id_alone {
            return Some(form);
        }
        let (mut low, mut high) = (i128::from(form.constant), i128::from(form.constant));
        for &(leaf, c) in &form.terms {
            let Node::Tid(d) = self.exprs.node(leaf) else {
                unreachable!("checked above")
            };
            let extent = i128::from(c) * i128::from(self.thread.ntid[usize::from(d.min(2))].saturating_sub(1));
            if extent < 0 {
                low += extent;
            } else {
                high += extent;
            }
        }
        let fits = |v: i128| i64::try_from(v).is_ok_and(|v| wrap(v, bits, signed) == v);
        (fits(low) && fits(high)).then_some(form)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thread(x: u32) -> Thread {
        Thread {
            tid: [x, 0, 0],
            ntid: [64, 1, 1],
        }
    }

    #[test]
    fn addresses_are_linear_in_their_undecided_leaves() {
        let mut e = Exprs::default();
        let tid = e.add(Node::Tid(0));
        let four = e.add(Node::Const(4));
        let base = e.add(Node::Symbol(0));
        let scaled = e.add(Node::Binary(BinaryOp::Mul, tid, four, 32, false));
        let address = e.add(Node::Binary(BinaryOp::Add, base, scaled, 32, false));
        assert!(e.is_thread_dependent(address));
        let at = |x| Evaluator::new(&e, thread(x)).eval(address).unwrap();
        assert_eq!(at(3).constant, 12);
        assert_eq!(at(3).terms.as_slice(), &[(base, 1)]);
        // The same leaves: two threads' addresses differ by a known amount.
        assert_eq!(at(5).constant - at(2).constant, 12);
    }

    #[test]
    fn bit_operations_need_known_values_or_give_opaque_uniform_values() {
        let mut e = Exprs::default();
        let tid = e.add(Node::Tid(0));
        let mask = e.add(Node::Const(31));
        let lane = e.add(Node::Binary(BinaryOp::And, tid, mask, 32, false));
        let five = e.add(Node::Const(5));
        let warp = e.add(Node::Binary(BinaryOp::Shr, tid, five, 32, false));
        assert_eq!(Evaluator::new(&e, thread(37)).eval(lane).unwrap().known(), Some(5));
        assert_eq!(Evaluator::new(&e, thread(37)).eval(warp).unwrap().known(), Some(1));
        // A value every thread shares: an opaque leaf, one for every evaluator and thread.
        let u = e.add(Node::Uniform(7));
        let masked = e.add(Node::Binary(BinaryOp::And, u, mask, 32, false));
        let opaque = Evaluator::new(&e, thread(0)).eval(masked).unwrap();
        assert_eq!(opaque.constant, 0);
        assert!(!e.is_thread_dependent(opaque.terms[0].0));
        assert!(matches!(e.node(opaque.terms[0].0), Node::Uniform(_)));
        assert_eq!(Evaluator::new(&e, thread(9)).eval(masked), Some(opaque.clone()));
        // `(u + 64) & 31` is `u & 31`; `(u + 1) & 31` is another value.
        let k64 = e.add(Node::Const(64));
        let u64_ = e.add(Node::Binary(BinaryOp::Add, u, k64, 32, false));
        let masked64 = e.add(Node::Binary(BinaryOp::And, u64_, mask, 32, false));
        assert_eq!(Evaluator::new(&e, thread(0)).eval(masked64), Some(opaque.clone()));
        let one = e.add(Node::Const(1));
        let u1 = e.add(Node::Binary(BinaryOp::Add, u, one, 32, false));
        let masked1 = e.add(Node::Binary(BinaryOp::And, u1, mask, 32, false));
        assert_ne!(Evaluator::new(&e, thread(0)).eval(masked1), Some(opaque));
        // A double buffer's stage two ways: `~((u - 1) << 12) & 4096` is `(u << 12) & 4096`.
        let (twelve, stage) = (e.add(Node::Const(12)), e.add(Node::Const(4096)));
        let minus_one = e.add(Node::Const(-1));
        let before = e.add(Node::Binary(BinaryOp::Add, u, minus_one, 32, false));
        let shifted_before = e.add(Node::Binary(BinaryOp::Shl, before, twelve, 32, false));
        let flipped = e.add(Node::Unary(UnaryOp::Not, shifted_before, 32, false));
        let other = e.add(Node::Binary(BinaryOp::And, flipped, stage, 32, false));
        let shifted = e.add(Node::Binary(BinaryOp::Shl, u, twelve, 32, false));
        let this = e.add(Node::Binary(BinaryOp::And, shifted, stage, 32, false));
        let eval = |id| Evaluator::new(&e, thread(0)).eval(id);
        assert_eq!(eval(other), eval(this));
        // Masked at 64 bits after a conversion: the same value.
        let wide = e.add(Node::Convert(shifted, 64, false));
        let wide_this = e.add(Node::Binary(BinaryOp::And, wide, stage, 64, false));
        let eval = |id| Evaluator::new(&e, thread(0)).eval(id);
        assert_eq!(eval(wide_this), eval(this));
        // The other stage, `((u - 1) << 12) & 4096`, is another value.
        let previous = e.add(Node::Binary(BinaryOp::And, shifted_before, stage, 32, false));
        let eval = |id| Evaluator::new(&e, thread(0)).eval(id);
        assert_ne!(eval(previous), eval(this));
        // Not on a thread-dependent value, nor a comparison.
        let mixed = e.add(Node::Binary(BinaryOp::Add, u, tid, 32, false));
        let masked_mixed = e.add(Node::Binary(BinaryOp::And, mixed, mask, 32, false));
        assert_eq!(Evaluator::new(&e, thread(0)).eval(masked_mixed), None);
        let below = e.add(Node::Binary(BinaryOp::Lt, u, mask, 32, false));
        assert_eq!(Evaluator::new(&e, thread(0)).eval(below), None);
        let v = e.add(Node::Varying(1));
        let sum = e.add(Node::Binary(BinaryOp::Add, v, tid, 32, false));
        assert!(e.has_varying(sum));
        assert_eq!(Evaluator::new(&e, thread(0)).eval(sum), None);
    }

    #[test]
    fn one_operand_decides_and_or_and_products() {
        use super::graph::absorbed;
        // `or.pred p, q, r` with q true is true whatever r is; `and` with a false one is false.
        assert_eq!(absorbed(BinaryOp::Or, Some(1), None, 1, false), Some(1));
        assert_eq!(absorbed(BinaryOp::Or, None, Some(0), 1, false), None);
        assert_eq!(absorbed(BinaryOp::And, None, Some(0), 32, false), Some(0));
        assert_eq!(absorbed(BinaryOp::Or, Some(0xFFFF), None, 16, false), Some(0xFFFF));
        assert_eq!(absorbed(BinaryOp::Or, Some(0xFF), None, 16, false), None);
        assert_eq!(absorbed(BinaryOp::Mul, Some(0), None, 64, true), Some(0));
        assert_eq!(absorbed(BinaryOp::LogicalOr, None, Some(5), 32, false), Some(1));
        assert_eq!(absorbed(BinaryOp::Add, Some(0), None, 32, false), None);
    }

    #[test]
    fn wrapping_follows_the_width() {
        assert_eq!(wrap(0x1_0000_0005, 32, false), 5);
        assert_eq!(wrap(0xFFFF_FFFF, 32, true), -1);
        assert_eq!(wrap(-1, 16, false), 0xFFFF);
        assert_eq!(binary(BinaryOp::Shr, -8, 1, 32, true), Some(-4));
        assert_eq!(binary(BinaryOp::Shr, -8, 1, 32, false), Some(0x7FFF_FFFC));
        assert_eq!(binary(BinaryOp::Lt, -1, 0, 32, false), Some(0));
        assert_eq!(binary(BinaryOp::Lt, -1, 0, 32, true), Some(1));
    }
}
