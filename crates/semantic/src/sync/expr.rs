//! Symbolic values as a hash-consed expression graph, and their evaluation for one thread.
//!
//! A register's value is an expression over the thread's id (`%tid.x/y/z`, `%laneid`), the
//! block's shape (`%ntid`), values all threads share (parameters, `%ctaid`, loads from one
//! address: *uniform* leaves), values that may differ between threads for reasons the analysis
//! does not follow (*varying* leaves), and the addresses of variables. Evaluated for a concrete
//! thread in a concrete block shape, an expression becomes a linear form `k + Σ cᵢ·aᵢ` over the
//! leaves it cannot decide ([`Linear`]); two threads' addresses with the same non-constant part
//! differ by a known number of bytes.

use ptxkit_isa::signature::semantics::{BinaryOp, Space, UnaryOp};
use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;

/// An expression's index in its [`Exprs`].
pub type ExprId = u32;

/// One node of the graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Node {
    /// A constant.
    Const(i64),
    /// `%tid.x`, `%tid.y`, `%tid.z` (0, 1, 2).
    Tid(u8),
    /// `%ntid.x`, `%ntid.y`, `%ntid.z`.
    Ntid(u8),
    /// `%laneid`: the thread's index in its warp.
    Lane,
    /// A value every thread of the CTA shares, the analysis's key for it (a parameter's
    /// address, an instruction and its inputs, a join).
    Uniform(u64),
    /// A value that may differ between threads and that the analysis does not follow.
    Varying(u64),
    /// The address of a variable (its index in the analysis's variable list).
    Symbol(u32),
    /// Where paths with different values of register `reg` meet at the start of `block`:
    /// uniform (an undecided leaf, one value per visit of the block) or varying (unknown).
    Phi {
        /// The block.
        block: u32,
        /// The register.
        reg: u32,
        /// Whether threads may hold different values there.
        varying: bool,
    },
    /// Where a state space's window starts in the generic address space.
    Window(Space),
    /// A binary operation, its result `bits` wide, its operands `signed` or not.
    Binary(BinaryOp, ExprId, ExprId, u8, bool),
    /// A unary operation.
    Unary(UnaryOp, ExprId, u8, bool),
    /// `c ? a : b`.
    Select(ExprId, ExprId, ExprId),
    /// A conversion: truncated to `to` bits, then extended from them (sign-extended when
    /// `signed`).
    Convert(ExprId, u8, bool),
}

/// The graph: every distinct node once, with what it depends on.
#[derive(Debug, Default, Clone)]
pub struct Exprs {
    nodes: Vec<Node>,
    ids: HashMap<Node, ExprId>,
    /// Whether each node depends on the thread (a thread id, the lane, a varying leaf).
    thread_dependent: Vec<bool>,
    /// Whether each node has a varying leaf below it (unknowable per thread).
    has_varying: Vec<bool>,
}

impl Exprs {
    /// The id of `node`, adding it if new (constants folded, repeated conversions merged).
    pub fn add(&mut self, node: Node) -> ExprId {
        let node = self.fold(node);
        if let Some(&id) = self.ids.get(&node) {
            return id;
        }
        let (dependent, varying) = match node {
            Node::Tid(_) | Node::Lane => (true, false),
            Node::Varying(_) | Node::Phi { varying: true, .. } => (true, true),
            Node::Phi { varying: false, .. } => (false, false),
            Node::Const(_) | Node::Ntid(_) | Node::Uniform(_) | Node::Symbol(_) | Node::Window(_) => (false, false),
            Node::Binary(_, a, b, ..) => self.both(a, b),
            Node::Unary(_, a, ..) | Node::Convert(a, ..) => {
                (self.thread_dependent[a as usize], self.has_varying[a as usize])
            }
            Node::Select(c, a, b) => {
                let (d1, v1) = self.both(a, b);
                (
                    d1 || self.thread_dependent[c as usize],
                    v1 || self.has_varying[c as usize],
                )
            }
        };
        let id = self.nodes.len() as ExprId;
        self.nodes.push(node);
        self.ids.insert(node, id);
        self.thread_dependent.push(dependent);
        self.has_varying.push(varying);
        id
    }

    fn fold(&self, node: Node) -> Node {
        let known = |id: ExprId| match self.nodes[id as usize] {
            Node::Const(k) => Some(k),
            _ => None,
        };
        match node {
            Node::Convert(a, bits, signed) => match self.nodes[a as usize] {
                Node::Const(k) => Node::Const(wrap(k, bits, signed)),
                Node::Convert(_, b2, s2) if b2 == bits && s2 == signed => self.nodes[a as usize],
                _ => node,
            },
            Node::Binary(op, a, b, bits, signed) => match (known(a), known(b)) {
                (Some(x), Some(y)) => binary(op, x, y, bits, signed).map_or(node, Node::Const),
                _ => node,
            },
            _ => node,
        }
    }

    fn both(&self, a: ExprId, b: ExprId) -> (bool, bool) {
        (
            self.thread_dependent[a as usize] || self.thread_dependent[b as usize],
            self.has_varying[a as usize] || self.has_varying[b as usize],
        )
    }

    /// The id of `node` if it is in the graph.
    pub fn get(&self, node: Node) -> Option<ExprId> {
        self.ids.get(&node).copied()
    }

    /// The node of `id`.
    pub fn node(&self, id: ExprId) -> Node {
        self.nodes[id as usize]
    }

    /// How many nodes there are.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Whether the value may differ between the threads of a CTA.
    pub fn is_thread_dependent(&self, id: ExprId) -> bool {
        self.thread_dependent[id as usize]
    }

    /// Whether the value has a part the analysis cannot know per thread.
    pub fn has_varying(&self, id: ExprId) -> bool {
        self.has_varying[id as usize]
    }

    /// The leaves of `id`'s graph (the nodes without operands), each once.
    pub fn leaves(&self, id: ExprId) -> Vec<Node> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut out = Vec::new();
        let mut stack = vec![id];
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            let node = self.node(id);
            let below = children(node);
            if below.is_empty() {
                out.push(node);
            }
            stack.extend(below);
        }
        out
    }

    /// Whether a node satisfying `leaf` occurs in `id`'s graph.
    pub fn contains(&self, id: ExprId, leaf: &impl Fn(Node) -> bool) -> bool {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![id];
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            let node = self.node(id);
            if leaf(node) {
                return true;
            }
            match node {
                Node::Binary(_, a, b, ..) => stack.extend([a, b]),
                Node::Unary(_, a, ..) | Node::Convert(a, ..) => stack.push(a),
                Node::Select(c, a, b) => stack.extend([c, a, b]),
                _ => {}
            }
        }
        false
    }
}

/// The undecided part of a [`Linear`]: leaves with their coefficients, sorted by leaf.
pub type Terms = SmallVec<[(ExprId, i64); 2]>;

/// A thread and the shape of its block: what [`Evaluator`] evaluates for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Thread {
    /// Its id in the block.
    pub tid: [u32; 3],
    /// The block's shape.
    pub ntid: [u32; 3],
}

impl Thread {
    /// The thread's linear index in its block (x fastest), which decides its warp and lane.
    pub fn linear(&self) -> u32 {
        self.tid[0] + self.ntid[0] * (self.tid[1] + self.ntid[1] * self.tid[2])
    }
}

/// A value for one thread: `constant + Σ coefficient·leaf` over the leaves it cannot decide
/// (uniform values, variable addresses, windows), or unknown.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Linear {
    /// The known part.
    pub constant: i64,
    /// The undecided leaves with their coefficients, sorted by leaf.
    pub terms: SmallVec<[(ExprId, i64); 2]>,
}

impl Linear {
    fn constant(k: i64) -> Linear {
        Linear {
            constant: k,
            terms: SmallVec::new(),
        }
    }

    /// The value when it is a known number.
    pub fn known(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    fn add(&self, other: &Linear, sign: i64) -> Option<Linear> {
        let mut terms = self.terms.clone();
        for &(leaf, c) in &other.terms {
            match terms.iter_mut().find(|(l, _)| *l == leaf) {
                Some((_, existing)) => *existing = existing.checked_add(c.checked_mul(sign)?)?,
                None => terms.push((leaf, c.checked_mul(sign)?)),
            }
        }
        terms.retain(|(_, c)| *c != 0);
        terms.sort_unstable();
        Some(Linear {
            constant: self.constant.checked_add(other.constant.checked_mul(sign)?)?,
            terms,
        })
    }

    fn scale(&self, k: i64) -> Option<Linear> {
        let mut terms = SmallVec::new();
        for &(leaf, c) in &self.terms {
            let c = c.checked_mul(k)?;
            if c != 0 {
                terms.push((leaf, c));
            }
        }
        Some(Linear {
            constant: self.constant.checked_mul(k)?,
            terms,
        })
    }
}

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
        }
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
        self.substitute = substitute;
    }

    /// Fixes the value of `leaf` for this evaluator (a loop join in a later iteration).
    pub fn inject(&mut self, leaf: ExprId, value: Option<Linear>) {
        self.set(leaf, value);
    }

    fn known(&self, id: ExprId) -> bool {
        self.memo.get(id as usize).is_none_or(|&i| i != u32::MAX)
    }

    fn set(&mut self, id: ExprId, value: Option<Linear>) {
        if let Some(slot) = self.memo.get_mut(id as usize) {
            if self.exprs.thread_dependent[id as usize] {
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
        if !matches!(self.exprs.nodes[id as usize], Node::Phi { .. }) {
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
            let children = match self.substitute_of(at) {
                Some(s) => smallvec::smallvec![s],
                None => children(self.exprs.node(at)),
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
        match self.memo.get(id as usize) {
            Some(&i) if i == u32::MAX => None,
            Some(&i) if i & UNIFORM != 0 => self.uniform[(i & !UNIFORM) as usize].clone(),
            Some(&i) => self.values[i as usize].clone(),
            _ => None,
        }
    }

    fn step(&self, id: ExprId) -> Option<Linear> {
        if let Some(s) = self.substitute_of(id) {
            return self.get(s);
        }
        let t = self.thread;
        Some(match self.exprs.node(id) {
            Node::Const(k) => Linear::constant(k),
            Node::Tid(d) => Linear::constant(i64::from(t.tid[usize::from(d.min(2))])),
            Node::Ntid(d) => Linear::constant(i64::from(t.ntid[usize::from(d.min(2))])),
            Node::Lane => Linear::constant(i64::from(t.linear() % 32)),
            Node::Varying(_) | Node::Phi { varying: true, .. } => return None,
            Node::Uniform(_) | Node::Symbol(_) | Node::Window(_) | Node::Phi { varying: false, .. } => Linear {
                constant: 0,
                terms: smallvec::smallvec![(id, 1)],
            },
            Node::Convert(a, bits, signed) => {
                let a = self.get(a)?;
                match a.known() {
                    Some(k) => Linear::constant(wrap(k, bits, signed)),
                    // Addresses and offsets are taken not to overflow.
                    None => a,
                }
            }
            Node::Unary(op, a, bits, signed) => {
                let a = self.get(a)?;
                match op {
                    UnaryOp::Neg => a.scale(-1)?,
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
            Node::Select(c, a, b) => {
                let c = self.get(c)?.known()?;
                if c != 0 { self.get(a)? } else { self.get(b)? }
            }
            Node::Binary(op, a, b, bits, signed) => {
                let (a, b) = (self.get(a)?, self.get(b)?);
                let linear = match op {
                    BinaryOp::Add => Some(a.add(&b, 1)?),
                    BinaryOp::Sub => Some(a.add(&b, -1)?),
                    BinaryOp::Mul => match (a.known(), b.known()) {
                        (Some(k), _) => Some(b.scale(k)?),
                        (_, Some(k)) => Some(a.scale(k)?),
                        _ => None,
                    },
                    BinaryOp::Shl => match b.known() {
                        Some(k) if (0..63).contains(&k) => Some(a.scale(1i64 << k)?),
                        _ => None,
                    },
                    _ => None,
                };
                if let Some(linear) = linear {
                    return Some(match linear.known() {
                        Some(k) => Linear::constant(wrap(k, bits, signed)),
                        None => linear,
                    });
                }
                let (a, b) = (a.known()?, b.known()?);
                Linear::constant(binary(op, a, b, bits, signed)?)
            }
        })
    }
}

/// The children of a node.
fn children(node: Node) -> SmallVec<[ExprId; 3]> {
    match node {
        Node::Binary(_, a, b, ..) => smallvec::smallvec![a, b],
        Node::Unary(_, a, ..) | Node::Convert(a, ..) => smallvec::smallvec![a],
        Node::Select(c, a, b) => smallvec::smallvec![c, a, b],
        _ => SmallVec::new(),
    }
}

/// `k` truncated to `bits` and extended back (sign-extended when `signed`); 64 and more: as is.
pub fn wrap(k: i64, bits: u8, signed: bool) -> i64 {
    if bits == 0 || bits >= 64 {
        return k;
    }
    let mask = (1u64 << bits) - 1;
    let v = (k as u64) & mask;
    if signed && v & (1 << (bits - 1)) != 0 {
        (v | !mask) as i64
    } else {
        v as i64
    }
}

/// A binary operation on known values.
fn binary(op: BinaryOp, a: i64, b: i64, bits: u8, signed: bool) -> Option<i64> {
    let unsigned = |v: i64| {
        if bits == 0 || bits >= 64 {
            v as u64
        } else {
            (v as u64) & ((1u64 << bits) - 1)
        }
    };
    let value = match op {
        BinaryOp::Add => a.wrapping_add(b),
        BinaryOp::Sub => a.wrapping_sub(b),
        BinaryOp::Mul => a.wrapping_mul(b),
        BinaryOp::Div if b != 0 => {
            if signed {
                a.checked_div(b)?
            } else {
                (unsigned(a) / unsigned(b)) as i64
            }
        }
        BinaryOp::Rem if b != 0 => {
            if signed {
                a.checked_rem(b)?
            } else {
                (unsigned(a) % unsigned(b)) as i64
            }
        }
        BinaryOp::Div | BinaryOp::Rem => return None,
        BinaryOp::Shl => {
            if (0..64).contains(&b) {
                a.wrapping_shl(b as u32)
            } else {
                0
            }
        }
        BinaryOp::Shr => {
            let shift = b.clamp(0, 63) as u32;
            if signed {
                a >> shift
            } else {
                (unsigned(a) >> shift) as i64
            }
        }
        BinaryOp::And => a & b,
        BinaryOp::Or => a | b,
        BinaryOp::Xor => a ^ b,
        BinaryOp::LogicalAnd => i64::from(a != 0 && b != 0),
        BinaryOp::LogicalOr => i64::from(a != 0 || b != 0),
        BinaryOp::Eq => return Some(i64::from(a == b)),
        BinaryOp::Ne => return Some(i64::from(a != b)),
        BinaryOp::Lt if signed => return Some(i64::from(a < b)),
        BinaryOp::Le if signed => return Some(i64::from(a <= b)),
        BinaryOp::Gt if signed => return Some(i64::from(a > b)),
        BinaryOp::Ge if signed => return Some(i64::from(a >= b)),
        BinaryOp::Lt | BinaryOp::LtU => return Some(i64::from(unsigned(a) < unsigned(b))),
        BinaryOp::Le | BinaryOp::LeU => return Some(i64::from(unsigned(a) <= unsigned(b))),
        BinaryOp::Gt | BinaryOp::GtU => return Some(i64::from(unsigned(a) > unsigned(b))),
        BinaryOp::Ge | BinaryOp::GeU => return Some(i64::from(unsigned(a) >= unsigned(b))),
        BinaryOp::Min => {
            if signed {
                a.min(b)
            } else {
                unsigned(a).min(unsigned(b)) as i64
            }
        }
        BinaryOp::Max => {
            if signed {
                a.max(b)
            } else {
                unsigned(a).max(unsigned(b)) as i64
            }
        }
    };
    Some(wrap(value, bits, signed))
}

/// Whether `op` compares its operands (its value is 1 or 0).
pub fn is_comparison(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Lt
            | BinaryOp::Le
            | BinaryOp::Gt
            | BinaryOp::Ge
            | BinaryOp::LtU
            | BinaryOp::LeU
            | BinaryOp::GtU
            | BinaryOp::GeU
            | BinaryOp::Eq
            | BinaryOp::Ne
    )
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
    fn bit_operations_need_known_values() {
        let mut e = Exprs::default();
        let tid = e.add(Node::Tid(0));
        let mask = e.add(Node::Const(31));
        let lane = e.add(Node::Binary(BinaryOp::And, tid, mask, 32, false));
        let five = e.add(Node::Const(5));
        let warp = e.add(Node::Binary(BinaryOp::Shr, tid, five, 32, false));
        assert_eq!(Evaluator::new(&e, thread(37)).eval(lane).unwrap().known(), Some(5));
        assert_eq!(Evaluator::new(&e, thread(37)).eval(warp).unwrap().known(), Some(1));
        let u = e.add(Node::Uniform(7));
        let masked = e.add(Node::Binary(BinaryOp::And, u, mask, 32, false));
        assert_eq!(Evaluator::new(&e, thread(0)).eval(masked), None);
        let v = e.add(Node::Varying(1));
        let sum = e.add(Node::Binary(BinaryOp::Add, v, tid, 32, false));
        assert!(e.has_varying(sum));
        assert_eq!(Evaluator::new(&e, thread(0)).eval(sum), None);
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
