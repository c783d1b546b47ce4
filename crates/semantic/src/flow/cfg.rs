//! The control-flow graph of one function body.

use ptxkit_syntax::NodeKind as _;
// Fx: the keys are names and small integers, hashed at every operand; no iteration
// order is relied on.
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

use ptxkit_syntax::tree_sitter::Node;

use crate::Instruction;
use crate::symbols::SymbolTable;

use ptxkit_isa::signature::semantics::Semantics;
use ptxkit_isa::signature::{ControlFlow, Instance, Packing, Role, analyze, control_flow};
use smallvec::SmallVec;

pub use super::access::RegId;
use super::access::{Access, Registers};
use crate::instruction::identifiers_in;

/// A basic block, an index into [`FunctionFlow::blocks`].
pub type BlockId = u32;
/// An instruction, an index into [`FunctionFlow::insns`].
pub type InsnId = u32;

/// A basic block: instructions `start..end`, entered only at `start`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    /// The first instruction.
    pub start: InsnId,
    /// One past the last instruction.
    pub end: InsnId,
    succs: (u32, u32),
    preds: (u32, u32),
}

/// A guard `@%p` / `@!%p`, when `%p` is a register of the function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guard {
    /// The predicate register.
    pub reg: RegId,
    /// Whether written `@!%p`.
    pub negated: bool,
}

/// One function body: its instructions, blocks, edges, and register accesses.
///
/// ```
/// use ptxkit_semantic::flow::FunctionFlow;
/// let text = ".version 8.0\n.target sm_90\n.entry k()\n{\n.reg .b32 %r<3>;\n.reg .pred %p;\nmov.u32 %r1, 0;\nL: add.s32 %r1, %r1, 1;\nsetp.lt.s32 %p, %r1, 9;\n@%p bra L;\nret;\n}\n";
/// let parsed = ptxkit_syntax::parse(text);
/// let symbols = ptxkit_semantic::SymbolTable::build(&parsed);
/// let flows = FunctionFlow::all(&parsed, &symbols);
/// let flow = &flows[0];
/// assert_eq!(flow.blocks.len(), 3); // mov | add setp bra | ret
/// assert_eq!(flow.succs(1), [1, 2]);
/// assert_eq!(flow.rpo, [0, 1, 2]);
/// let add = 1;
/// assert_eq!(flow.registers.name(flow.defs(add)[0].reg), "%r1");
/// assert_eq!(flow.uses(add).len(), 1);
/// ```
#[derive(Debug)]
pub struct FunctionFlow<'t> {
    /// The function's `block` node.
    pub body: Node<'t>,
    /// The function's name node.
    pub name: Option<Node<'t>>,
    /// Whether it is an `.entry`.
    pub is_entry: bool,
    /// Every instruction, in order (nested `{ }` blocks flattened): shared, so that a
    /// linter that looks at the same instructions need not classify them again.
    pub insns: Vec<Rc<Instruction<'t>>>,
    /// The guard of each instruction.
    pub guards: Vec<Option<Guard>>,
    /// The basic blocks; block 0 is the entry.
    pub blocks: Vec<Block>,
    /// Reachable blocks in reverse post-order from the entry.
    pub rpo: Vec<BlockId>,
    /// The registers the function names.
    pub registers: Registers<'t>,
    edges: Vec<BlockId>,
    defs: Vec<Access<'t>>,
    def_at: Vec<u32>,
    uses: Vec<Access<'t>>,
    use_at: Vec<u32>,
    /// The start byte of each instruction (what [`Self::instruction_at`] searches).
    starts: Vec<usize>,
    /// Each instruction's semantics, computed on first use (see [`Self::semantics`]).
    semantics: std::cell::OnceCell<Vec<Option<Rc<Semantics>>>>,
}

/// What the walk over a body collects before blocks are cut.
struct Walk<'t> {
    insns: Vec<Rc<Instruction<'t>>>,
    /// The start byte of each instruction.
    starts: Vec<usize>,
    /// (nested block, label name) → the instruction it precedes; block 0 is the body.
    labels: HashMap<(u32, &'t str), InsnId>,
    /// The parent of each nested block (index 0, the body, is its own).
    parents: Vec<u32>,
    /// The innermost block of each instruction.
    scope_of: Vec<u32>,
    /// The block being walked.
    scope: u32,
    /// `.branchtargets` label → its targets.
    tables: HashMap<&'t str, Vec<&'t str>>,
    registers: Registers<'t>,
    /// Per instruction, the registers open in nested blocks are resolved as it is read.
    defs: Vec<Access<'t>>,
    def_at: Vec<u32>,
    uses: Vec<Access<'t>>,
    use_at: Vec<u32>,
    guards: Vec<Option<Guard>>,
    /// Packs (`mov.b64 %rd1, {%r1, %r2}`): the destination register and, per source element,
    /// its lane and the index of its use in `uses`.
    packs: Vec<(RegId, Vec<(u8, usize)>)>,
    /// Unpacks (`mov.b64 {%r1, _}, %rd1`): the index of the source's use in `uses` and the
    /// lanes kept (elements that are not `_`).
    unpacks: Vec<(usize, u32)>,
}

impl<'t> FunctionFlow<'t> {
    /// The instruction whose node is `node`, if it is one of the function's.
    pub fn instruction_at(&self, node: Node<'t>) -> Option<&Rc<Instruction<'t>>> {
        let at = self.starts.binary_search(&node.start_byte()).ok()?;
        self.insns.get(at).filter(|insn| insn.node() == node)
    }

    /// The flow of every function definition of `parsed`, in source order.
    pub fn all(parsed: &'t ptxkit_syntax::ParsedSource, symbols: &SymbolTable) -> Vec<FunctionFlow<'t>> {
        let root = parsed.root();
        let mut cursor = root.walk();
        root.named_children(&mut cursor)
            .filter(|n| n.kind_name() == "function_definition")
            .filter_map(|n| FunctionFlow::build(n, parsed.text(), symbols))
            .collect()
    }

    /// The flow of one `function_definition` node.
    pub fn build(function: Node<'t>, source: &'t str, symbols: &SymbolTable) -> Option<FunctionFlow<'t>> {
        let body = function.field("body")?;
        let is_entry = function
            .field("kind")
            .is_some_and(|k| &source[k.byte_range()] == ".entry");
        let mut walk = Walk {
            insns: Vec::new(),
            starts: Vec::new(),
            labels: HashMap::default(),
            parents: vec![0],
            scope_of: Vec::new(),
            scope: 0,
            tables: HashMap::default(),
            registers: Registers::default(),
            defs: Vec::new(),
            def_at: vec![0],
            uses: Vec::new(),
            use_at: vec![0],
            guards: Vec::new(),
            packs: Vec::new(),
            unpacks: Vec::new(),
        };
        walk.body(body, source, symbols);
        walk.drop_discarded_lanes();
        let (blocks, edges) = cut_blocks(&walk, source);
        let rpo = reverse_post_order(&blocks, &edges);
        Some(FunctionFlow {
            body,
            name: function.field("name"),
            is_entry,
            insns: walk.insns,
            guards: walk.guards,
            blocks,
            rpo,
            registers: walk.registers,
            edges,
            defs: walk.defs,
            def_at: walk.def_at,
            uses: walk.uses,
            starts: walk.starts,
            use_at: walk.use_at,
            semantics: std::cell::OnceCell::new(),
        })
    }

    /// The semantics of each instruction, as its signature form gives them (`None` for a
    /// call, a syntax error or an instruction no form matches), computed once per function
    /// and shared by every analysis that asks: the value flow, the warp and race searches and
    /// the linter's alignment check. `symbols` must be the table the function was built with.
    pub fn semantics(&self, symbols: &SymbolTable) -> &[Option<Rc<Semantics>>] {
        self.semantics.get_or_init(|| {
            let names = crate::signature::NameClasses::default();
            // Identical instructions (the same opcode, modifiers and operand classes) share
            // one analysis.
            let mut seen: HashMap<Instance<'_>, Option<Rc<Semantics>>> = HashMap::default();
            self.insns
                .iter()
                .map(|insn| {
                    if insn.call().is_some() || insn.node().has_error() {
                        return None;
                    }
                    let instance = insn.signature_instance_with(symbols, &names);
                    if let Some(found) = seen.get(&instance) {
                        return found.clone();
                    }
                    let semantics = analyze(&instance)
                        .filter(|a| a.is_match())
                        .map(|a| Rc::new(Semantics::of(&a, &instance)));
                    seen.insert(instance, semantics.clone());
                    semantics
                })
                .collect()
        })
    }

    /// The successors of block `b`.
    pub fn succs(&self, b: BlockId) -> &[BlockId] {
        let (start, end) = self.blocks[b as usize].succs;
        &self.edges[start as usize..end as usize]
    }

    /// For a block with two successors, one of them the next block (where a conditional
    /// branch falls through): the other, the branch's target. `None` for other blocks.
    pub fn branch_target(&self, b: BlockId) -> Option<BlockId> {
        let fall = b + 1;
        match *self.succs(b) {
            [s, t] if s == fall && t != fall => Some(t),
            [s, t] if t == fall && s != fall => Some(s),
            _ => None,
        }
    }

    /// The predecessors of block `b`.
    pub fn preds(&self, b: BlockId) -> &[BlockId] {
        let (start, end) = self.blocks[b as usize].preds;
        &self.edges[start as usize..end as usize]
    }

    /// The registers instruction `i` writes.
    pub fn defs(&self, i: InsnId) -> &[Access<'t>] {
        &self.defs[self.def_at[i as usize] as usize..self.def_at[i as usize + 1] as usize]
    }

    /// The registers instruction `i` reads (its guard first, if any).
    pub fn uses(&self, i: InsnId) -> &[Access<'t>] {
        &self.uses[self.use_at[i as usize] as usize..self.use_at[i as usize + 1] as usize]
    }

    /// The instructions of block `b`.
    pub fn range(&self, b: BlockId) -> std::ops::Range<InsnId> {
        let block = self.blocks[b as usize];
        block.start..block.end
    }

    /// The block instruction `i` is in.
    pub fn block_of(&self, i: InsnId) -> BlockId {
        self.blocks
            .partition_point(|b| b.end <= i)
            .min(self.blocks.len().saturating_sub(1)) as BlockId
    }

    /// Whether block `b` ends in a guarded `ret`, `exit` or `trap`: besides falling through,
    /// its threads whose guard holds leave the function there.
    pub fn leaves_when_guarded(&self, b: BlockId) -> bool {
        let block = self.blocks[b as usize];
        block.end > block.start && {
            let last = &self.insns[block.end as usize - 1];
            last.guard().is_some() && leaves(last)
        }
    }
}

/// Whether `insn` ends the thread's run of the function when it executes (`ret`, `exit`,
/// `trap`): what the instruction model says of its opcode.
fn leaves(insn: &Instruction<'_>) -> bool {
    control_flow(insn.opcode()) == Some(ControlFlow::Leaves)
}

impl<'t> Walk<'t> {
    /// Walks a function body and, inside it, every nested `{ }` block, with an explicit
    /// stack rather than recursion: ptxas takes about 1,600 nested blocks, a tree can hold
    /// millions, and the walk must not run out of stack on either.
    fn body(&mut self, body: Node<'t>, source: &'t str, symbols: &SymbolTable) {
        // The statements still to read of each open block, innermost last, and the scope
        // to restore as each open nested block ends.
        let mut open = vec![ptxkit_syntax::children(body).into_iter()];
        let mut outer_scopes: Vec<u32> = Vec::new();
        let mut pending_label: Option<&'t str> = None;
        while let Some(statements) = open.last_mut() {
            let Some(statement) = statements.next() else {
                // The children of the innermost open block are done.
                open.pop();
                let Some(outer) = outer_scopes.pop() else {
                    return;
                };
                self.registers.leave_block();
                self.scope = outer;
                pending_label = None;
                continue;
            };
            let statement = statement.node;
            if !statement.is_named() {
                continue;
            }
            let label = pending_label.take();
            match statement.kind_name() {
                "instruction" | "call_instruction" => {
                    if let Some(insn) = Instruction::cast(statement, source) {
                        self.instruction(insn, source, symbols);
                    }
                }
                "label" => {
                    if let Some(name) = statement.field("name") {
                        let name = &source[name.byte_range()];
                        self.labels.insert((self.scope, name), self.insns.len() as InsnId);
                        pending_label = Some(name);
                    }
                }
                "branchtargets_directive" => {
                    if let Some(label) = label {
                        let mut c = statement.walk();
                        let targets = statement
                            .fields("target", &mut c)
                            .map(|t| &source[t.byte_range()])
                            .collect();
                        self.tables.insert(label, targets);
                    }
                }
                "variable_declaration" if !outer_scopes.is_empty() => self.declare(statement, source),
                "block" => {
                    let outer = self.scope;
                    self.registers.enter_block();
                    self.scope = self.parents.len() as u32;
                    self.parents.push(outer);
                    // A block without children ends at once, when its empty list is read.
                    outer_scopes.push(outer);
                    open.push(ptxkit_syntax::children(statement).into_iter());
                }
                _ => {}
            }
        }
    }

    /// The instruction label `name` precedes, seen from instruction `from`: labels of a
    /// nested block (inline asm's `waitLoop:`) are local to it.
    fn label(&self, from: usize, name: &str) -> Option<InsnId> {
        let mut scope = self.scope_of[from];
        loop {
            if let Some(&at) = self.labels.get(&(scope, name)) {
                return Some(at);
            }
            if scope == 0 {
                return None;
            }
            scope = self.parents[scope as usize];
        }
    }

    /// Records the `.reg` declarators of a nested block.
    fn declare(&mut self, declaration: Node<'t>, source: &'t str) {
        let is_reg = declaration
            .field("state_space")
            .is_some_and(|s| &source[s.byte_range()] == ".reg");
        if !is_reg {
            return;
        }
        let mut c = declaration.walk();
        for declarator in declaration.fields("declarator", &mut c) {
            let Some(name) = declarator.field("name") else {
                continue;
            };
            let count = declarator
                .field("count")
                .and_then(|c| c.field("count"))
                .and_then(|c| source[c.byte_range()].parse().ok());
            self.registers.declare(&source[name.byte_range()], count);
        }
    }

    /// Records instruction `insn` with its guard and its register accesses.
    fn instruction(&mut self, insn: Instruction<'t>, source: &'t str, symbols: &SymbolTable) {
        let at = insn.node().start_byte();
        let registers = &mut self.registers;
        let mut resolve = |node: Node<'t>| {
            registers
                .resolve(symbols, at, &source[node.byte_range()])
                .map(|reg| Access { reg, node })
        };
        let guard = insn.guard().and_then(|g| {
            let predicate = g.field("predicate")?;
            let access = resolve(predicate)?;
            self.uses.push(access);
            Some(Guard {
                reg: access.reg,
                negated: g.field("negated").is_some(),
            })
        });
        let mut accesses = Accesses {
            resolve,
            defs: &mut self.defs,
            uses: &mut self.uses,
        };
        let mut packed = None;
        let mut unpacked = Vec::new();
        if let Some(call) = insn.call() {
            accesses.call(call);
        } else {
            // What each operand's registers are comes from the instruction model (its form's
            // legend); an instruction no form describes writes its first operand, as PTX puts
            // destinations first. An operand's identifiers come from the instruction, which
            // finds them once for this walk and for name resolution.
            let modifiers: SmallVec<[&str; 8]> = insn.modifiers().iter().map(|m| m.text).collect();
            let roles = ptxkit_isa::signature::operand_roles(insn.opcode(), &modifiers, insn.operands().len());
            match packing_of(&insn, &modifiers) {
                Some((Packing::Pack(_), destination, src)) => packed = accesses.pack(destination, src),
                Some((Packing::Unpack(_), destination, src)) => accesses.unpack(destination, src, &mut unpacked),
                None => accesses.operands(&insn, roles.as_deref()),
            }
        }
        if let Some(pack) = packed {
            self.packs.push(pack);
        }
        self.unpacks.extend(unpacked);
        self.finish(insn, guard, at);
    }

    /// Records instruction `insn` (at byte `at`) after its accesses.
    fn finish(&mut self, insn: Instruction<'t>, guard: Option<Guard>, at: usize) {
        self.guards.push(guard);
        self.scope_of.push(self.scope);
        self.def_at.push(self.defs.len() as u32);
        self.use_at.push(self.uses.len() as u32);
        self.insns.push(Rc::new(insn));
        self.starts.push(at);
    }

    /// Drops the reads of pack elements whose lane no reader of the packed register keeps: a
    /// register read only by unpacks that discard lane `i` (`mov.b64 {%r15, _}, %rd6`) never
    /// passes on what a pack put there (`mov.b64 %rd6, {%r13, %r14}`: `%r14` is not read).
    fn drop_discarded_lanes(&mut self) {
        if self.packs.is_empty() {
            return;
        }
        let mut lanes_read = vec![0u32; self.registers.len()];
        let mut unpack_of = vec![None; self.uses.len()];
        for &(index, kept) in &self.unpacks {
            unpack_of[index] = Some(kept);
        }
        for (index, access) in self.uses.iter().enumerate() {
            lanes_read[access.reg as usize] |= unpack_of[index].unwrap_or(u32::MAX);
        }
        let mut dropped = vec![false; self.uses.len()];
        let mut any = false;
        for (dest, lanes) in &self.packs {
            for &(lane, index) in lanes {
                if lanes_read[*dest as usize] & (1 << lane.min(31)) == 0 {
                    dropped[index] = true;
                    any = true;
                }
            }
        }
        if !any {
            return;
        }
        let mut uses = Vec::with_capacity(self.uses.len());
        let mut use_at = Vec::with_capacity(self.use_at.len());
        use_at.push(0);
        for window in self.use_at.windows(2) {
            let range = window[0] as usize..window[1] as usize;
            for (access, &gone) in self.uses[range.clone()].iter().zip(&dropped[range]) {
                if !gone {
                    uses.push(*access);
                }
            }
            use_at.push(uses.len() as u32);
        }
        self.uses = uses;
        self.use_at = use_at;
    }
}

/// A pack or unpack (`mov.b64 %rd1, {%r1, %r2}`, `mov.b64 {%r1, %r2}, %rd1`) with its
/// destination and source operands: each element is a lane of the scalar, for
/// `drop_discarded_lanes`.
fn packing_of<'t>(insn: &Instruction<'t>, modifiers: &[&str]) -> Option<(Packing, Node<'t>, Node<'t>)> {
    let [destination, src] = insn.operands() else {
        return None;
    };
    let braced = |n: &Node<'_>| match n.kind_name() {
        "vector_operand" => crate::instruction::elements(*n).count(),
        _ => 0,
    };
    ptxkit_isa::signature::packing(insn.opcode(), modifiers, braced(destination), braced(src))
        .map(|p| (p, *destination, *src))
}

/// Where the register accesses of the instruction being read go: `resolve` turns an
/// identifier into an access (`None`: not a register), `defs` and `uses` collect the writes
/// and the reads.
struct Accesses<'a, 't, R> {
    resolve: R,
    defs: &'a mut Vec<Access<'t>>,
    uses: &'a mut Vec<Access<'t>>,
}

impl<'t, R: FnMut(Node<'t>) -> Option<Access<'t>>> Accesses<'_, 't, R> {
    /// A call: its return values written, its callee and arguments read.
    fn call(&mut self, call: &crate::Call<'t>) {
        for value in call.return_values() {
            identifiers_in(value, |n| self.defs.extend((self.resolve)(n)));
        }
        for node in [call.callee, call.arguments].into_iter().flatten() {
            identifiers_in(node, |n| self.uses.extend((self.resolve)(n)));
        }
    }

    /// A pack: its source's elements read, each as a lane of the destination, which is
    /// written. The destination register and the lanes (lane, index of the read in `uses`).
    fn pack(&mut self, destination: Node<'t>, src: Node<'t>) -> Option<(RegId, Vec<(u8, usize)>)> {
        let dest = identifiers_of(destination).into_iter().find_map(&mut self.resolve);
        let mut lanes = Vec::new();
        for (lane, element) in crate::instruction::elements(src).enumerate() {
            for n in identifiers_of(element) {
                if let Some(access) = (self.resolve)(n) {
                    lanes.push((lane as u8, self.uses.len()));
                    self.uses.push(access);
                }
            }
        }
        let dest = dest?;
        self.defs.push(dest);
        Some((dest.reg, lanes))
    }

    /// An unpack: its destination's elements written, its source read; each read of the
    /// source goes to `unpacked` with the lanes kept (the elements that are not `_`).
    fn unpack(&mut self, destination: Node<'t>, src: Node<'t>, unpacked: &mut Vec<(usize, u32)>) {
        let mut kept = 0u32;
        for (lane, element) in crate::instruction::elements(destination).enumerate() {
            for n in identifiers_of(element) {
                if let Some(access) = (self.resolve)(n) {
                    kept |= 1 << lane.min(31);
                    self.defs.push(access);
                }
            }
        }
        for n in identifiers_of(src) {
            if let Some(access) = (self.resolve)(n) {
                unpacked.push((self.uses.len(), kept));
                self.uses.push(access);
            }
        }
    }

    /// Each operand's registers, as the operand's role says: from the instruction model's form
    /// (`roles`), else the first operand (not an address) written and the others read.
    fn operands(&mut self, insn: &Instruction<'t>, roles: Option<&[Role]>) {
        for (index, operand) in insn.operands().iter().enumerate() {
            let role = match roles {
                Some(roles) => roles.get(index).copied().unwrap_or(Role::Read),
                None if index == 0 && operand.kind_name() != "address_operand" => Role::Written,
                None => Role::Read,
            };
            for access in insn
                .operand_identifiers(index)
                .iter()
                .filter_map(|&n| (self.resolve)(n))
            {
                match role {
                    Role::Read => self.uses.push(access),
                    Role::Written | Role::WrittenMaybeRead => self.defs.push(access),
                    Role::ReadWritten => {
                        self.uses.push(access);
                        self.defs.push(access);
                    }
                }
            }
        }
    }
}

/// The identifiers of an operand node, in order (as [`Instruction::operand_identifiers`] finds
/// them, for one element of a vector).
fn identifiers_of(node: Node<'_>) -> Vec<Node<'_>> {
    let mut out = Vec::new();
    identifiers_in(node, |n| out.push(n));
    out
}

/// Whether control does not always fall through `insn` (a branch, `brx.idx`, `ret`, `exit`,
/// `trap`: the instruction model says how its opcode changes control flow).
fn ends_block(insn: &Instruction<'_>) -> bool {
    control_flow(insn.opcode()).is_some()
}

/// The basic blocks of a walked body, with their edges in one list (each block's `succs` and
/// `preds` are ranges of it).
fn cut_blocks(walk: &Walk<'_>, source: &str) -> (Vec<Block>, Vec<BlockId>) {
    let count = walk.insns.len();
    let (starts, block_of) = block_starts(walk);
    let ends: Vec<InsnId> = starts
        .iter()
        .skip(1)
        .copied()
        .chain(std::iter::once(count as InsnId))
        .collect();
    let label_block = |from: usize, name: &str| walk.label(from, name).map(|at| block_of[at as usize]);
    let succs: Vec<Vec<BlockId>> = starts
        .iter()
        .zip(&ends)
        .enumerate()
        .map(|(b, (&start, &end))| successors(walk, source, (b, starts.len()), start..end, &label_block))
        .collect();
    link_blocks(&starts, &ends, &succs)
}

/// Which instructions start a block (index `count`, past the last, included): the first, each
/// one a label points at, and each one after an instruction that ends a block.
fn leaders(walk: &Walk<'_>) -> Vec<bool> {
    let count = walk.insns.len();
    let mut leader = vec![false; count + 1];
    leader[0] = true;
    for &at in walk.labels.values() {
        leader[at as usize] = true;
    }
    for (i, insn) in walk.insns.iter().enumerate() {
        if ends_block(insn) {
            leader[i + 1] = true;
        }
    }
    leader
}

/// The first instruction of each block, and the block of each instruction (index `count`
/// included). A block per leader; the one at `count` exists only if a label points there.
fn block_starts(walk: &Walk<'_>) -> (Vec<InsnId>, Vec<BlockId>) {
    let count = walk.insns.len();
    let mut block_of = vec![0 as BlockId; count + 1];
    let mut starts = Vec::new();
    let label_at_end = walk.labels.values().any(|&l| l as usize == count);
    for (i, &is_leader) in leaders(walk).iter().enumerate() {
        if is_leader && (i < count || label_at_end || count == 0) {
            starts.push(i as InsnId);
        }
        block_of[i] = starts.len().saturating_sub(1) as BlockId;
    }
    if starts.is_empty() {
        starts.push(0);
    }
    (starts, block_of)
}

/// The successors of block `b` of `blocks` (instructions `insns`), sorted: the targets its
/// last instruction branches to (`label_block`: the block of a label seen from an
/// instruction), and the next block when control may fall through.
fn successors(
    walk: &Walk<'_>,
    source: &str,
    (b, blocks): (usize, usize),
    insns: std::ops::Range<InsnId>,
    label_block: &impl Fn(usize, &str) -> Option<BlockId>,
) -> Vec<BlockId> {
    let next = (b + 1 < blocks).then_some(b as BlockId + 1);
    let mut out = Vec::new();
    if insns.is_empty() {
        out.extend(next);
        return out;
    }
    let from = insns.end as usize - 1;
    let last = &walk.insns[from];
    let guarded = last.guard().is_some();
    let falls = match control_flow(last.opcode()) {
        Some(ControlFlow::Branch(at)) => {
            if let Some(target) = last
                .operands()
                .get(at)
                .and_then(|t| label_block(from, &source[t.byte_range()]))
            {
                out.push(target);
            }
            guarded
        }
        Some(ControlFlow::BranchTable(at)) => {
            let table = last
                .operands()
                .get(at)
                .and_then(|t| walk.tables.get(&source[t.byte_range()]));
            out.extend(
                table
                    .into_iter()
                    .flatten()
                    .filter_map(|target| label_block(from, target)),
            );
            guarded
        }
        Some(ControlFlow::Leaves) => guarded,
        None => true,
    };
    if falls {
        out.extend(next);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The blocks `starts[b]..ends[b]` with their successors `succs` and the predecessors they
/// imply, the edges laid out in one list: per block, its successors then its predecessors.
fn link_blocks(starts: &[InsnId], ends: &[InsnId], succs: &[Vec<BlockId>]) -> (Vec<Block>, Vec<BlockId>) {
    let mut preds: Vec<Vec<BlockId>> = vec![Vec::new(); starts.len()];
    for (b, list) in succs.iter().enumerate() {
        for &s in list {
            preds[s as usize].push(b as BlockId);
        }
    }
    let mut edges = Vec::new();
    let mut blocks = Vec::with_capacity(starts.len());
    for b in 0..starts.len() {
        let s0 = edges.len() as u32;
        edges.extend_from_slice(&succs[b]);
        let p0 = edges.len() as u32;
        edges.extend_from_slice(&preds[b]);
        blocks.push(Block {
            start: starts[b],
            end: ends[b],
            succs: (s0, p0),
            preds: (p0, edges.len() as u32),
        });
    }
    (blocks, edges)
}

fn reverse_post_order(blocks: &[Block], edges: &[BlockId]) -> Vec<BlockId> {
    let succs = |b: BlockId| {
        let (s, e) = blocks[b as usize].succs;
        &edges[s as usize..e as usize]
    };
    let mut seen = vec![false; blocks.len()];
    let mut post = Vec::with_capacity(blocks.len());
    let mut stack: Vec<(BlockId, usize)> = vec![(0, 0)];
    seen[0] = true;
    while let Some((b, next)) = stack.last_mut() {
        let list = succs(*b);
        if let Some(&s) = list.get(*next) {
            *next += 1;
            if !seen[s as usize] {
                seen[s as usize] = true;
                stack.push((s, 0));
            }
        } else {
            post.push(*b);
            stack.pop();
        }
    }
    post.reverse();
    post
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instruction_at_finds_each_instruction_of_its_function_only() {
        let text = ".version 8.0\n.target sm_90\n.entry a()\n{\n.reg .b32 %r<3>;\nmov.u32 %r1, 0;\n{\nadd.s32 %r2, %r1, 1;\n}\nL: ret;\n}\n.entry b()\n{\nret;\n}\n";
        let parsed = ptxkit_syntax::parse(text);
        let symbols = crate::SymbolTable::build(&parsed);
        let flows = FunctionFlow::all(&parsed, &symbols);
        assert_eq!(flows[0].insns.len(), 3);
        for insn in &flows[0].insns {
            let found = flows[0].instruction_at(insn.node()).expect("its own instruction");
            assert!(Rc::ptr_eq(found, insn));
            assert!(flows[1].instruction_at(insn.node()).is_none());
        }
        // Not an instruction: the body, the declaration.
        assert!(flows[0].instruction_at(flows[0].body).is_none());
        let declaration = flows[0].body.named_child(0).expect("the .reg declaration");
        assert!(flows[0].instruction_at(declaration).is_none());
    }

    #[test]
    fn labels_and_registers_of_nested_blocks_are_their_own() {
        // Instructions: 0 mov | 1 L: mov, 2 bra L (the first block's L) | empty block |
        // 3 L: add, 4 bra L (the innermost L) | 5 L: ret (the body's L) | 6 bra L.
        let text = ".version 8.0\n.target sm_90\n.entry k()\n{\n.reg .b32 %r<3>;\n.reg .pred %p;\n\
            mov.u32 %r1, 0;\n{\n.reg .b32 %t;\nL: mov.u32 %t, 1;\n@%p bra L;\n}\n{}\n\
            {\n{\nL: add.s32 %r1, %r1, 1;\n@%p bra L;\n}\n}\nL: ret;\n@%p bra L;\n}\n";
        let parsed = ptxkit_syntax::parse(text);
        let symbols = crate::SymbolTable::build(&parsed);
        let flow = &FunctionFlow::all(&parsed, &symbols)[0];
        assert_eq!(flow.insns.len(), 7);
        let starts: Vec<_> = flow.blocks.iter().map(|b| b.start).collect();
        assert_eq!(starts, [0, 1, 3, 5, 6]);
        assert_eq!(flow.succs(1), [1, 2]);
        assert_eq!(flow.succs(2), [2, 3]);
        assert_eq!(flow.succs(3), []);
        assert_eq!(flow.succs(4), [3]);
        // %t is the nested block's register, written by instruction 1.
        assert_eq!(flow.registers.name(flow.defs(1)[0].reg), "%t");
    }

    #[test]
    fn a_hundred_thousand_nested_blocks_are_walked_without_recursion() {
        let depth = 100_000;
        let text = format!(
            ".version 8.0\n.target sm_90\n.entry k()\n{{\n.reg .b32 %r1;\n{}mov.u32 %r1, 1;\n{}ret;\n}}\n",
            "{\n".repeat(depth),
            "}\n".repeat(depth)
        );
        let parsed = ptxkit_syntax::parse(&text);
        let symbols = crate::SymbolTable::build(&parsed);
        // On the test harness's 2 MiB thread stack, a recursive walk overflows.
        let flow = &FunctionFlow::all(&parsed, &symbols)[0];
        assert_eq!(flow.insns.len(), 2);
        assert_eq!(flow.registers.name(flow.defs(0)[0].reg), "%r1");
    }
}
