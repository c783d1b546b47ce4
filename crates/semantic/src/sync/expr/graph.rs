//! The expression graph: symbolic values over the thread id, hash-consed, and the linear
//! forms ([`Linear`]) evaluating them gives.

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
    /// The lane `elect.sync` picks among the lanes of this constant mask in the thread's warp:
    /// one of them, not said which, the same for the same mask (§9.7.13.14). Unknown to an
    /// evaluator unless it is told to take one ([`crate::sync::expr::Evaluator::electing`]).
    Elected(u32),
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
    /// The opaque values evaluators met ([`Exprs::opaque`]), by what they compute.
    opaque: std::cell::RefCell<HashMap<OpaqueKey, ExprId>>,
    /// Joins after a two-way branch whose arms are known ([`Exprs::gate`]).
    gates: HashMap<ExprId, (ExprId, ExprId, ExprId)>,
}

/// The most nodes [`Exprs::in_lane`] rebuilds.
const MAX_IN_LANE: usize = 256;

/// Where the ids of opaque values start: above every node's.
const OPAQUE: ExprId = 1 << 30;

/// What an opaque value computes: an operation, its width and signedness, and its operands.
type OpaqueKey = (BinaryOp, u8, bool, Linear, Linear);

impl Exprs {
    /// The id of `node`, adding it if new (constants folded, repeated conversions merged).
    pub fn add(&mut self, node: Node) -> ExprId {
        let node = self.fold(node);
        if let Some(&id) = self.ids.get(&node) {
            return id;
        }
        let (dependent, varying) = match node {
            Node::Tid(_) | Node::Lane => (true, false),
            Node::Varying(_) | Node::Phi { varying: true, .. } | Node::Elected(_) => (true, true),
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
            // A negated constant (`-9223371899415822336` in an operand).
            Node::Unary(UnaryOp::Neg, a, bits, signed) => match known(a) {
                Some(k) => k.checked_neg().map_or(node, |n| Node::Const(wrap(n, bits, signed))),
                None => node,
            },
            // A known condition picks its operand (`bfe`'s mask for a constant length).
            Node::Select(c, a, b) => match known(c) {
                Some(k) => self.nodes[if k != 0 { a } else { b } as usize],
                None => node,
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

    /// The node of `id` (an opaque value's is a uniform leaf: [`Exprs::opaque`]).
    pub fn node(&self, id: ExprId) -> Node {
        match self.nodes.get(id as usize) {
            Some(&node) => node,
            None => Node::Uniform(u64::MAX - u64::from(id)),
        }
    }

    /// The id of the value of `op` on `a` and `b` (`bits` wide, `signed` or not), a value
    /// every thread shares that is not linear in the undecided leaves it is built on: a leaf
    /// of its own, the same for every evaluator that computes it from the same operands.
    /// An `&` with a known mask below 2^k depends on the low k bits of the other operand
    /// only: its constant and coefficients are taken modulo 2^k, so that `(i + 2) & 1` and
    /// `i & 1` are one value. When the coefficients are multiples of 2^j, the constant's bits
    /// below the mask's lowest bit j carry nothing into the mask's bits: they are dropped, so
    /// that `(4096 * i + 4095) & 4096` and `(4096 * i) & 4096` are one value. Its width does
    /// not matter either (32 bits or more).
    pub fn opaque(&self, op: BinaryOp, mut bits: u8, mut signed: bool, a: &Linear, b: &Linear) -> ExprId {
        let (mut a, mut b) = (a.clone(), b.clone());
        if op == BinaryOp::And {
            if a.known().is_some() {
                std::mem::swap(&mut a, &mut b);
            }
            if let Some(mask) = b.known().filter(|&m| (1..1 << 32).contains(&m)) {
                let modulus = 1i64 << (64 - mask.leading_zeros());
                a.terms = a
                    .terms
                    .iter()
                    .map(|&(leaf, c)| (leaf, c.rem_euclid(modulus)))
                    .filter(|&(_, c)| c != 0)
                    .collect();
                let low = 1i64 << mask.trailing_zeros();
                let mut constant = a.constant.rem_euclid(modulus);
                if a.terms.iter().all(|&(_, c)| c % low == 0) {
                    constant -= constant % low;
                }
                a.constant = constant;
                // Below 2^31, the result is the same whatever the width (of 32 bits or more)
                // and sign: one value for `(x & m)` and `((u64) x & m)`.
                if bits >= 32 && mask < 1 << 31 {
                    (bits, signed) = (0, false);
                }
            }
        }
        let mut opaque = self.opaque.borrow_mut();
        let next = OPAQUE + opaque.len() as ExprId;
        *opaque.entry((op, bits, signed, a, b)).or_insert(next)
    }

    /// How many nodes there are.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Whether the value may differ between the threads of a CTA (an opaque value's does
    /// not).
    pub fn is_thread_dependent(&self, id: ExprId) -> bool {
        self.thread_dependent.get(id as usize).copied().unwrap_or(false)
    }

    /// Whether the value has a part the analysis cannot know per thread.
    pub fn has_varying(&self, id: ExprId) -> bool {
        self.has_varying.get(id as usize).copied().unwrap_or(false)
    }

    /// For a join (a [`Node::Phi`]) right after a two-way branch whose arms reach it directly
    /// or through one block each: the branch's condition, the value the taken arm brings and
    /// the value the other arm brings. An evaluator that knows the condition takes that arm's
    /// value; otherwise the join stays a leaf.
    pub fn gate(&self, id: ExprId) -> Option<(ExprId, ExprId, ExprId)> {
        // Asked of every node an evaluation visits: most functions have no gates, and only
        // joins have one.
        if self.gates.is_empty() || !matches!(self.node(id), Node::Phi { .. }) {
            return None;
        }
        self.gates.get(&id).copied()
    }

    /// Records the arms of join `phi` ([`Exprs::gate`]).
    pub(crate) fn set_gate(&mut self, phi: ExprId, condition: ExprId, taken: ExprId, other: ExprId) {
        self.gates.insert(phi, (condition, taken, other));
    }

    /// The operands of `id` (none for a leaf).
    pub fn operands(&self, id: ExprId) -> SmallVec<[ExprId; 3]> {
        children(self.node(id))
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

    /// The value `value` has in lane `lane` of the executing thread's warp (`shfl`): `value`
    /// with the thread id and the lane replaced by those of that lane's thread (the thread
    /// `lane` places after the warp's first in the block's linear order). `None` when `value`
    /// holds something the analysis does not know per thread (a varying leaf, a varying
    /// join) or is too large to rebuild.
    pub fn in_lane(&mut self, value: ExprId, lane: ExprId) -> Option<ExprId> {
        if !self.is_thread_dependent(value) {
            return Some(value);
        }
        if self.has_varying(value) {
            return None;
        }
        // The other thread's linear index and its id: tid = (x, y, z) of
        // linear - %laneid + lane in the block's shape.
        let u32_op = |e: &mut Exprs, op, a, b| e.add(Node::Binary(op, a, b, 32, false));
        let (x, y, z) = (self.add(Node::Tid(0)), self.add(Node::Tid(1)), self.add(Node::Tid(2)));
        let (nx, ny) = (self.add(Node::Ntid(0)), self.add(Node::Ntid(1)));
        let plane = u32_op(self, BinaryOp::Mul, ny, z);
        let row = u32_op(self, BinaryOp::Add, y, plane);
        let rows = u32_op(self, BinaryOp::Mul, nx, row);
        let linear = u32_op(self, BinaryOp::Add, x, rows);
        let own = self.add(Node::Lane);
        let first = u32_op(self, BinaryOp::Sub, linear, own);
        let other = u32_op(self, BinaryOp::Add, first, lane);
        let tid_x = u32_op(self, BinaryOp::Rem, other, nx);
        let above = u32_op(self, BinaryOp::Div, other, nx);
        let tid_y = u32_op(self, BinaryOp::Rem, above, ny);
        let tid_z = u32_op(self, BinaryOp::Div, above, ny);
        let lane_of = {
            let warp = self.add(Node::Const(32));
            u32_op(self, BinaryOp::Rem, other, warp)
        };
        let replace = |node: Node| match node {
            Node::Tid(0) => Some(tid_x),
            Node::Tid(1) => Some(tid_y),
            Node::Tid(2) => Some(tid_z),
            Node::Lane => Some(lane_of),
            _ => None,
        };
        let mut rebuilt: HashMap<ExprId, ExprId> = HashMap::default();
        let mut stack = vec![(value, false)];
        while let Some((id, ready)) = stack.pop() {
            if rebuilt.contains_key(&id) {
                continue;
            }
            if rebuilt.len() > MAX_IN_LANE {
                return None;
            }
            let node = self.node(id);
            if !self.is_thread_dependent(id) {
                rebuilt.insert(id, id);
                continue;
            }
            if let Some(r) = replace(node) {
                rebuilt.insert(id, r);
                continue;
            }
            let below = children(node);
            if below.is_empty() {
                // A thread-dependent leaf other than the thread id and the lane.
                return None;
            }
            if !ready {
                stack.push((id, true));
                stack.extend(below.iter().map(|&c| (c, false)));
                continue;
            }
            let r = |c: ExprId| rebuilt[&c];
            let new = match node {
                Node::Binary(op, a, b, bits, signed) => Node::Binary(op, r(a), r(b), bits, signed),
                Node::Unary(op, a, bits, signed) => Node::Unary(op, r(a), bits, signed),
                Node::Convert(a, bits, signed) => Node::Convert(r(a), bits, signed),
                Node::Select(c, a, b) => Node::Select(r(c), r(a), r(b)),
                _ => return None,
            };
            let id2 = self.add(new);
            rebuilt.insert(id, id2);
        }
        rebuilt.get(&value).copied()
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
    /// How the thread is written in messages, by its block's shape: `thread 3`,
    /// `thread (3, 1)`.
    pub fn describe(&self) -> String {
        match self.ntid {
            [_, 1, 1] => format!("thread {}", self.tid[0]),
            [_, _, 1] => format!("thread ({}, {})", self.tid[0], self.tid[1]),
            _ => format!("thread ({}, {}, {})", self.tid[0], self.tid[1], self.tid[2]),
        }
    }

    /// The thread's linear index in its block (x fastest), which decides its warp and lane.
    pub fn linear(&self) -> u32 {
        self.tid[0] + self.ntid[0] * (self.tid[1] + self.ntid[1] * self.tid[2])
    }

    /// The lowest lane of `mask` that the thread's warp has (the block's last warp may be
    /// partial); `None` when it has none.
    pub fn lowest_lane_of(&self, mask: u32) -> Option<u32> {
        let threads: u32 = self.ntid.iter().product();
        let first = self.linear() / 32 * 32;
        let lanes = threads.saturating_sub(first).min(32);
        let present = if lanes >= 32 { u32::MAX } else { (1u32 << lanes) - 1 };
        let candidates = mask & present;
        (candidates != 0).then(|| candidates.trailing_zeros())
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
    pub(in crate::sync) fn constant(k: i64) -> Linear {
        Linear {
            constant: k,
            terms: SmallVec::new(),
        }
    }

    /// The value when it is a known number.
    pub fn known(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    pub(super) fn add(&self, other: &Linear, sign: i64) -> Option<Linear> {
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

    /// `self op k` for a bitwise `op` (`and`, `or`, `xor`) of `bits` bits whose known operand
    /// `k` changes only bits below every term's lowest set coefficient bit (or, for `and`,
    /// keeps every bit above them): the terms keep the high bits, the constant gives the low
    /// ones (`or.b32 r, stage * 20992, lane` is `stage * 20992 + lane` for `lane < 512`).
    pub(super) fn bitwise_low(&self, op: BinaryOp, k: i64, bits: u8) -> Option<Linear> {
        let m = self.terms.iter().map(|&(_, c)| c.trailing_zeros()).min()?.min(62);
        let unit = 1i64 << m;
        let low = self.constant.rem_euclid(unit);
        let width = if bits >= 63 { -1 } else { (1i64 << bits) - 1 };
        let high = width & !(unit - 1);
        let low_bits = match op {
            BinaryOp::Or if (0..unit).contains(&k) => low | k,
            BinaryOp::Xor if (0..unit).contains(&k) => low ^ k,
            BinaryOp::And if (0..unit).contains(&k) => return Some(Linear::constant(low & k)),
            BinaryOp::And if k & high == high => low & k,
            _ => return None,
        };
        Some(Linear {
            constant: self.constant.checked_sub(low)?.checked_add(low_bits)?,
            terms: self.terms.clone(),
        })
    }

    pub(super) fn scale(&self, k: i64) -> Option<Linear> {
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

/// The children of a node.
pub(super) fn children(node: Node) -> SmallVec<[ExprId; 3]> {
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

/// The value of `op` when one known operand decides it whatever the other is (`x & 0`,
/// `x * 0`, `x | ~0`, the logical forms): `None` when neither does.
pub(super) fn absorbed(op: BinaryOp, a: Option<i64>, b: Option<i64>, bits: u8, signed: bool) -> Option<i64> {
    let all_ones = wrap(-1, bits, signed);
    let either = |f: &dyn Fn(i64) -> bool| a.is_some_and(f) || b.is_some_and(f);
    match op {
        BinaryOp::And | BinaryOp::Mul | BinaryOp::LogicalAnd if either(&|k| wrap(k, bits, signed) == 0) => Some(0),
        BinaryOp::Or if either(&|k| wrap(k, bits, signed) == all_ones) => Some(all_ones),
        BinaryOp::LogicalOr if either(&|k| k != 0) => Some(1),
        _ => None,
    }
}

/// A binary operation on known values.
pub(super) fn binary(op: BinaryOp, a: i64, b: i64, bits: u8, signed: bool) -> Option<i64> {
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
        // The high half of the whole product: `bits` wide (a 64-bit one when the width is
        // not given).
        BinaryOp::MulHi => {
            let width = if bits == 0 || bits >= 64 { 64 } else { u32::from(bits) };
            let whole = if signed {
                i128::from(wrap(a, bits, true)) * i128::from(wrap(b, bits, true))
            } else {
                i128::from(unsigned(a)) * i128::from(unsigned(b))
            };
            // (The low 64 bits; the width's wrap follows.)
            (whole >> width) as i64
        }
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
