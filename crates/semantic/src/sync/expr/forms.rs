//! Thread-dependent values as linear forms over the thread id, evaluated once for every
//! thread of a block.
//!
//! Evaluating an address for each of a block's threads walks the same graph once per thread,
//! although most addresses are `base + c·%tid.x + …`. `Evaluator::instance` evaluates a
//! thread-dependent expression once as a `Linear` whose terms may include the `Tid` leaves
//! (its *form*), and gives each thread the form's instance. A form is kept only when its
//! instance is, for every thread of the block, exactly what evaluating for that thread gives:
//! every operation on it is one `Evaluator::step` does the same way on the instances (sums,
//! products and shifts by known amounts, conversions, selections by a known condition), and a
//! form of the thread id alone, which `step` would wrap to the operation's width in each
//! thread, stays within that width over the whole block (so the wrap changes nothing). Lanes
//! (`%laneid`), values injected per thread and everything else are evaluated per thread as
//! before.

use super::graph::{ExprId, Linear};

/// Marks an expression that has no form (it is evaluated per thread).
const NO_FORM: u32 = u32::MAX - 1;
/// Marks an expression whose value is unknown in every thread.
const UNKNOWN: u32 = u32::MAX - 2;

/// What a thread-dependent expression is over the threads of a block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Form {
    /// A linear form over the thread id and the undecided leaves: each thread's value is its
    /// instance.
    Linear(Linear),
    /// Unknown in every thread (built on a varying value).
    Unknown,
    /// To be evaluated per thread.
    PerThread,
}

/// The forms an `Evaluator` has computed, for one block shape and one set of substitutes
/// and injected values.
#[derive(Default)]
pub(super) struct Forms {
    /// Whether the evaluator uses forms: once it evaluates for a second thread (one thread
    /// alone gains nothing from them).
    pub(super) enabled: bool,
    /// Per expression: `u32::MAX` not computed, [`NO_FORM`], [`UNKNOWN`], else an index into
    /// `forms`.
    /// Empty until first used.
    pub(super) memo: Vec<u32>,
    forms: Vec<Linear>,
    /// The expressions with a memo entry (what [`Forms::clear`] forgets).
    ids: Vec<ExprId>,
    /// The evaluation stack, kept between calls.
    pub(super) stack: Vec<(ExprId, bool)>,
    /// Per expression, whether it is a thread-dependent leaf injected with a value of its
    /// own in each thread (no form). Empty until first used.
    injected: Vec<bool>,
    /// The injected leaves (what [`Forms::forget_injected`] forgets).
    injected_ids: Vec<ExprId>,
}

impl Forms {
    /// Forgets every form.
    pub(super) fn clear(&mut self) {
        for &id in &self.ids {
            self.memo[id as usize] = u32::MAX;
        }
        self.ids.clear();
        self.forms.clear();
    }

    /// Notes that thread-dependent `leaf` is injected (of `len` expressions); whether that
    /// is new (the forms computed so far may have used its substitute).
    pub(super) fn inject(&mut self, leaf: ExprId, len: usize) -> bool {
        if self.injected.is_empty() {
            self.injected = vec![false; len];
        }
        !std::mem::replace(&mut self.injected[leaf as usize], true) && {
            self.injected_ids.push(leaf);
            true
        }
    }

    /// Forgets the injected leaves.
    pub(super) fn forget_injected(&mut self) {
        for &id in &self.injected_ids {
            self.injected[id as usize] = false;
        }
        self.injected_ids.clear();
    }

    pub(super) fn is_injected(&self, id: ExprId) -> bool {
        self.injected.get(id as usize).is_some_and(|&i| i)
    }

    /// Whether no form is computed.
    pub(super) fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    pub(super) fn computed(&self, id: ExprId) -> bool {
        self.memo.get(id as usize).is_some_and(|&m| m != u32::MAX)
    }

    pub(super) fn form(&self, id: ExprId) -> Option<&Linear> {
        match self.memo.get(id as usize) {
            Some(&m) if m < UNKNOWN => Some(&self.forms[m as usize]),
            _ => None,
        }
    }

    pub(super) fn unknown(&self, id: ExprId) -> bool {
        self.memo.get(id as usize) == Some(&UNKNOWN)
    }

    pub(super) fn record(&mut self, id: ExprId, form: Form) {
        self.memo[id as usize] = match form {
            Form::Linear(form) => {
                self.forms.push(form);
                (self.forms.len() - 1) as u32
            }
            Form::Unknown => UNKNOWN,
            Form::PerThread => NO_FORM,
        };
        self.ids.push(id);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{BinaryOp, Evaluator, ExprId, Exprs, Linear, Node, Thread, UnaryOp};

    fn threads(ntid: [u32; 3]) -> Vec<Thread> {
        let mut out = Vec::new();
        for z in 0..ntid[2] {
            for y in 0..ntid[1] {
                for x in 0..ntid[0] {
                    out.push(Thread { tid: [x, y, z], ntid });
                }
            }
        }
        out
    }

    /// Every expression of `e`, for every thread of `ntid`: one evaluator reset from thread
    /// to thread (forms) against a fresh evaluator per thread (no forms).
    fn assert_forms_agree(e: &Exprs, ntid: [u32; 3]) -> usize {
        let threads = threads(ntid);
        let mut shared = Evaluator::new(e, threads[0]);
        let mut with_forms = 0;
        for &t in &threads {
            shared.reset(t);
            for id in 0..e.len() as ExprId {
                let fresh = Evaluator::new(e, t).eval(id);
                assert_eq!(shared.eval(id), fresh, "{:?} in thread {:?}", e.node(id), t.tid);
                with_forms += usize::from(shared.forms.form(id).is_some() && e.is_thread_dependent(id));
            }
        }
        with_forms
    }

    #[test]
    fn forms_give_what_each_thread_evaluates() {
        let mut e = Exprs::default();
        let tx = e.add(Node::Tid(0));
        let ty = e.add(Node::Tid(1));
        let base = e.add(Node::Symbol(0));
        let u = e.add(Node::Uniform(3));
        let v = e.add(Node::Varying(4));
        let lane = e.add(Node::Lane);
        let c = |e: &mut Exprs, k| e.add(Node::Const(k));
        let (four, minus_one, all_ones, five, zero) = (
            c(&mut e, 4),
            c(&mut e, -1),
            c(&mut e, 0xFFFF_FFFF),
            c(&mut e, 5),
            c(&mut e, 0),
        );
        let b = |e: &mut Exprs, op, x, y, bits, signed| e.add(Node::Binary(op, x, y, bits, signed));
        let scaled = b(&mut e, BinaryOp::Mul, tx, four, 32, false);
        let row = b(&mut e, BinaryOp::Shl, ty, five, 32, false);
        let index = b(&mut e, BinaryOp::Add, scaled, row, 32, false);
        let address = b(&mut e, BinaryOp::Add, base, index, 64, false);
        // tid - 1 as a signed and as an unsigned 32-bit value; tid + 0xFFFFFFFF (wraps).
        b(&mut e, BinaryOp::Add, tx, minus_one, 32, true);
        let below = b(&mut e, BinaryOp::Add, tx, minus_one, 32, false);
        e.add(Node::Convert(below, 64, false));
        b(&mut e, BinaryOp::Add, tx, all_ones, 32, false);
        e.add(Node::Convert(index, 8, false));
        e.add(Node::Unary(UnaryOp::Neg, index, 32, true));
        let odd = b(&mut e, BinaryOp::And, tx, four, 32, false);
        e.add(Node::Select(odd, address, index));
        let first = b(&mut e, BinaryOp::Eq, tx, zero, 32, false);
        e.add(Node::Select(first, v, index));
        b(&mut e, BinaryOp::Add, v, index, 32, false);
        b(&mut e, BinaryOp::Mul, tx, ty, 32, false);
        b(&mut e, BinaryOp::Mul, u, tx, 64, false);
        b(&mut e, BinaryOp::Add, lane, address, 64, false);
        b(&mut e, BinaryOp::Sub, index, scaled, 32, false);
        let with_forms = assert_forms_agree(&e, [64, 4, 1]);
        assert!(with_forms > 0, "no thread-dependent expression had a form");
    }

    #[test]
    fn a_form_that_would_wrap_in_some_thread_is_evaluated_per_thread() {
        let mut e = Exprs::default();
        let tx = e.add(Node::Tid(0));
        let all_ones = e.add(Node::Const(0xFFFF_FFFF));
        let wrapped = e.add(Node::Binary(BinaryOp::Add, tx, all_ones, 32, false));
        let mut eval = Evaluator::new(&e, threads([8, 1, 1])[0]);
        eval.reset(threads([8, 1, 1])[1]);
        assert_eq!(eval.eval(wrapped).and_then(|l| l.known()), Some(0));
        assert!(eval.forms.form(wrapped).is_none());
        assert_forms_agree(&e, [8, 1, 1]);
    }

    #[test]
    fn a_join_injected_per_thread_has_no_form() {
        let mut e = Exprs::default();
        let tx = e.add(Node::Tid(0));
        let join = e.add(Node::Phi {
            block: 1,
            reg: 2,
            varying: true,
        });
        let sum = e.add(Node::Binary(BinaryOp::Add, join, tx, 32, false));
        let all = threads([4, 1, 1]);
        let mut eval = Evaluator::new(&e, all[0]);
        for &t in &all {
            eval.reset(t);
            let own = i64::from(t.tid[0]) * 100;
            eval.inject(join, Some(Linear::constant(own)));
            assert_eq!(eval.eval(sum).and_then(|l| l.known()), Some(own + i64::from(t.tid[0])));
        }
    }
}
