//! The control-flow graph of one function body.

use ptxkit_syntax::NodeKind as _;
// Fx: the keys are names and small integers, hashed at every operand; no iteration
// order is relied on.
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

use ptxkit_syntax::tree_sitter::Node;

use crate::Instruction;
use crate::symbols::SymbolTable;

use super::access::{Access, Registers, writes_first_operand};
use crate::instruction::identifiers_in;

/// A register of one function, numbered by [`Registers`].
pub type RegId = u32;
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
        };
        walk.body(body, source, symbols);
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
        })
    }

    /// The successors of block `b`.
    pub fn succs(&self, b: BlockId) -> &[BlockId] {
        let (start, end) = self.blocks[b as usize].succs;
        &self.edges[start as usize..end as usize]
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
        let (defs, uses) = (&mut self.defs, &mut self.uses);
        if let Some(call) = insn.call() {
            for value in call.return_values() {
                identifiers_in(value, |n| defs.extend(resolve(n)));
            }
            for node in [call.callee, call.arguments].into_iter().flatten() {
                identifiers_in(node, |n| uses.extend(resolve(n)));
            }
        } else {
            // An operand's identifiers come from the instruction, which finds them once for
            // this walk and for name resolution.
            let writes = writes_first_operand(&insn);
            for (index, operand) in insn.operands().iter().enumerate() {
                let found = insn.operand_identifiers(index).iter().filter_map(|&n| resolve(n));
                if index == 0 && writes && operand.kind_name() != "address_operand" {
                    defs.extend(found);
                } else {
                    uses.extend(found);
                }
            }
        }
        self.guards.push(guard);
        self.scope_of.push(self.scope);
        self.def_at.push(self.defs.len() as u32);
        self.use_at.push(self.uses.len() as u32);
        self.insns.push(Rc::new(insn));
        self.starts.push(at);
    }
}

/// Whether control never falls through `insn` when it executes: an unguarded `bra`,
/// `brx.idx`, `ret`, `exit` or `trap`.
fn ends_block(insn: &Instruction<'_>) -> bool {
    matches!(insn.opcode(), "bra" | "brx" | "ret" | "exit" | "trap")
}

fn cut_blocks(walk: &Walk<'_>, source: &str) -> (Vec<Block>, Vec<BlockId>) {
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
    // A block per leader; the one at `count` exists only if a label points there.
    let mut block_of = vec![0 as BlockId; count + 1];
    let mut starts = Vec::new();
    let label_at_end = walk.labels.values().any(|&l| l as usize == count);
    for (i, &is_leader) in leader.iter().enumerate() {
        if is_leader && (i < count || label_at_end || count == 0) {
            starts.push(i as InsnId);
        }
        block_of[i] = starts.len().saturating_sub(1) as BlockId;
    }
    if starts.is_empty() {
        starts.push(0);
    }
    let ends: Vec<InsnId> = starts
        .iter()
        .skip(1)
        .copied()
        .chain(std::iter::once(count as InsnId))
        .collect();
    let label_block = |from: usize, name: &str| walk.label(from, name).map(|at| block_of[at as usize]);

    let mut succs: Vec<Vec<BlockId>> = vec![Vec::new(); starts.len()];
    for (b, (&start, &end)) in starts.iter().zip(&ends).enumerate() {
        let fall = |s: &mut Vec<BlockId>| {
            if b + 1 < starts.len() {
                s.push(b as BlockId + 1);
            }
        };
        if start == end {
            fall(&mut succs[b]);
            continue;
        }
        let last = &walk.insns[end as usize - 1];
        let guarded = last.guard().is_some();
        match last.opcode() {
            "bra" => {
                if let Some(target) = last
                    .operands()
                    .first()
                    .and_then(|t| label_block(end as usize - 1, &source[t.byte_range()]))
                {
                    succs[b].push(target);
                }
                if guarded {
                    fall(&mut succs[b]);
                }
            }
            "brx" => {
                let table = last
                    .operands()
                    .get(1)
                    .and_then(|t| walk.tables.get(&source[t.byte_range()]));
                for target in table.into_iter().flatten() {
                    if let Some(target) = label_block(end as usize - 1, target) {
                        succs[b].push(target);
                    }
                }
                if guarded {
                    fall(&mut succs[b]);
                }
            }
            "ret" | "exit" | "trap" => {
                if guarded {
                    fall(&mut succs[b]);
                }
            }
            _ => fall(&mut succs[b]),
        }
        succs[b].sort_unstable();
        succs[b].dedup();
    }
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
