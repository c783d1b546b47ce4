//! Registers that may be read before any write.
//!
//! The state of a register is one of: written on every path (`DEFINED`), possibly not
//! written on some path (`MAYBE`), or written on every path on which a guard predicate
//! holds (`@%p mov %r1, …` leaves `%r1` written "under `%p`": a read under the same `@%p`
//! is fine, a write under `@!%p` completes it). A new write of the predicate does not
//! revoke that (so a changed predicate can hide a finding, never make one).

use super::Access;
use super::cfg::{BlockId, FunctionFlow, Guard, InsnId, RegId};
use super::solve::{Analysis, Lattice, forward};

const UNREACHED: u32 = u32::MAX;
/// A register's slot in a state when the analysis does not follow it.
const UNTRACKED: u32 = u32::MAX;
const DEFINED: u32 = 0;
const MAYBE: u32 = 1;

fn guarded(guard: Guard) -> u32 {
    2 + guard.reg * 2 + u32::from(guard.negated)
}

/// The per-register state of [`MaybeUndefined`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Definedness(Vec<u32>);

impl Lattice for Definedness {
    fn join(&mut self, other: &Self) -> bool {
        let mut changed = false;
        for (a, &b) in self.0.iter_mut().zip(&other.0) {
            let joined = match (*a, b) {
                (x, y) if x == y => x,
                (UNREACHED, y) => y,
                (x, UNREACHED) => x,
                (MAYBE, _) | (_, MAYBE) => MAYBE,
                (DEFINED, g) | (g, DEFINED) => g,
                _ => MAYBE,
            };
            changed |= joined != *a;
            *a = joined;
        }
        changed
    }
}

/// The analysis: registers in `defined_at_entry` (a `.func`'s `.reg` parameters) start
/// written, every other register unwritten.
pub struct MaybeUndefined {
    /// Registers written before the body starts.
    pub defined_at_entry: Vec<RegId>,
}

/// A read of a register that may not have been written on some path to it.
#[derive(Debug, Clone, Copy)]
pub struct UndefinedRead<'t> {
    /// The reading instruction.
    pub insn: InsnId,
    /// The register as read.
    pub access: Access<'t>,
    /// Whether the function writes the register nowhere at all.
    pub never_written: bool,
}

/// [`MaybeUndefined`] over the registers a read may find unwritten, each in its slot of
/// a state (see [`MaybeUndefined::reads`]).
struct Followed<'a> {
    analysis: &'a MaybeUndefined,
    /// Each register's slot, or [`UNTRACKED`].
    slots: Vec<u32>,
    /// How many registers are followed.
    width: usize,
}

impl Followed<'_> {
    /// The registers some read may find unwritten: those read in a block before any
    /// unguarded write of them in that block. Every other register is written, unguarded,
    /// in each block before it is read there, so its reads are fine whatever reaches the
    /// block; and a register's state moves independently of every other's (a guard is
    /// recorded by its register's id, not by its state), so the others need no following.
    fn new<'a>(analysis: &'a MaybeUndefined, flow: &FunctionFlow<'_>) -> Followed<'a> {
        let registers = flow.registers.len();
        let mut slots = vec![UNTRACKED; registers];
        let mut width = 0u32;
        // The last block that wrote each register unguarded.
        let mut written_in = vec![BlockId::MAX; registers];
        for b in 0..flow.blocks.len() as BlockId {
            for i in flow.range(b) {
                for access in flow.uses(i) {
                    let r = access.reg as usize;
                    if written_in[r] != b && slots[r] == UNTRACKED {
                        slots[r] = width;
                        width += 1;
                    }
                }
                if flow.guards[i as usize].is_none() {
                    for access in flow.defs(i) {
                        written_in[access.reg as usize] = b;
                    }
                }
            }
        }
        Followed {
            analysis,
            slots,
            width: width as usize,
        }
    }

    /// Every register followed (what [`Followed::new`] must agree with).
    #[cfg(test)]
    fn every<'a>(analysis: &'a MaybeUndefined, flow: &FunctionFlow<'_>) -> Followed<'a> {
        Followed {
            analysis,
            slots: (0..flow.registers.len() as u32).collect(),
            width: flow.registers.len(),
        }
    }

    fn step<'t>(&self, flow: &FunctionFlow<'t>, i: InsnId, state: &mut [u32], mut read: impl FnMut(Access<'t>)) {
        let guard = flow.guards[i as usize];
        for access in flow.uses(i) {
            let slot = self.slots[access.reg as usize];
            if slot == UNTRACKED {
                continue;
            }
            match state[slot as usize] {
                DEFINED | UNREACHED => {}
                MAYBE => read(*access),
                g if guard.is_some_and(|guard| guarded(guard) == g) => {}
                _ => read(*access),
            }
        }
        for access in flow.defs(i) {
            let slot = self.slots[access.reg as usize];
            if slot == UNTRACKED {
                continue;
            }
            let slot = &mut state[slot as usize];
            *slot = match guard {
                None => DEFINED,
                Some(guard) => match *slot {
                    DEFINED => DEFINED,
                    g if g
                        == guarded(Guard {
                            negated: !guard.negated,
                            ..guard
                        }) =>
                    {
                        DEFINED
                    }
                    _ => guarded(guard),
                },
            };
        }
    }
}

impl MaybeUndefined {
    /// Every read of a register that may be unwritten on some path to it, in instruction
    /// order, at most one per register (the first).
    pub fn reads<'t>(&self, flow: &FunctionFlow<'t>) -> Vec<UndefinedRead<'t>> {
        Self::reads_following(flow, &Followed::new(self, flow))
    }

    fn reads_following<'t>(flow: &FunctionFlow<'t>, followed: &Followed<'_>) -> Vec<UndefinedRead<'t>> {
        let states = forward(flow, followed);
        let mut written = vec![false; flow.registers.len()];
        for i in 0..flow.insns.len() as InsnId {
            for access in flow.defs(i) {
                written[access.reg as usize] = true;
            }
        }
        let mut first: Vec<Option<(InsnId, Access<'t>)>> = vec![None; flow.registers.len()];
        let mut scratch = followed.bottom(flow);
        for &b in &flow.rpo {
            scratch.0.clone_from(&states[b as usize].0);
            for i in flow.range(b) {
                followed.step(flow, i, &mut scratch.0, |access| {
                    let slot = &mut first[access.reg as usize];
                    if slot.is_none_or(|(at, _)| at > i) {
                        *slot = Some((i, access));
                    }
                });
            }
        }
        let mut out: Vec<UndefinedRead<'t>> = first
            .into_iter()
            .flatten()
            .map(|(insn, access)| UndefinedRead {
                insn,
                access,
                never_written: !written[access.reg as usize],
            })
            .collect();
        out.sort_by_key(|r| (r.insn, r.access.node.start_byte()));
        out
    }
}

impl<'t> Analysis<'t> for Followed<'_> {
    type State = Definedness;

    fn entry(&self, _flow: &FunctionFlow<'t>) -> Definedness {
        let mut state = vec![MAYBE; self.width];
        for &reg in &self.analysis.defined_at_entry {
            if let Some(&slot) = self.slots.get(reg as usize).filter(|&&s| s != UNTRACKED) {
                state[slot as usize] = DEFINED;
            }
        }
        Definedness(state)
    }

    fn bottom(&self, _flow: &FunctionFlow<'t>) -> Definedness {
        Definedness(vec![UNREACHED; self.width])
    }

    fn transfer(&self, flow: &FunctionFlow<'t>, b: BlockId, state: &mut Definedness) {
        for i in flow.range(b) {
            self.step(flow, i, &mut state.0, |_| {});
        }
    }

    const REFINES_EDGES: bool = true;

    /// After `@%p bra L`, the edge to `L` knows `%p` held and the fall-through edge that it
    /// did not: a register written under `@%p` is written on the first, and any register
    /// is "written whenever `@!%p` holds" on the second, so that a later `@!%p` read of it
    /// (or a join with a path that wrote it) is fine, as old nvcc's correlated branches
    /// need.
    fn edge(&self, flow: &FunctionFlow<'t>, from: BlockId, to: BlockId, state: &mut Definedness) {
        let block = flow.blocks[from as usize];
        if block.end == block.start {
            return;
        }
        let last = block.end - 1;
        let Some(guard) = flow.guards[last as usize] else {
            return;
        };
        if flow.insns[last as usize].opcode() != "bra" {
            return;
        }
        let holds = if to == from + 1 {
            Guard {
                negated: !guard.negated,
                ..guard
            }
        } else {
            guard
        };
        let fails = guarded(Guard {
            negated: !holds.negated,
            ..holds
        });
        let holds = guarded(holds);
        for slot in &mut state.0 {
            if *slot == holds {
                *slot = DEFINED;
            } else if *slot == MAYBE {
                *slot = fails;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(body: &str) -> Vec<(String, bool)> {
        let text =
            format!(".version 8.0\n.target sm_90\n.entry k()\n{{\n.reg .b32 %r<9>;\n.reg .pred %p<3>;\n{body}\n}}\n");
        let parsed = ptxkit_syntax::parse(&text);
        let symbols = crate::SymbolTable::build(&parsed);
        let flows = FunctionFlow::all(&parsed, &symbols);
        let analysis = MaybeUndefined {
            defined_at_entry: Vec::new(),
        };
        let named = |found: Vec<UndefinedRead<'_>>| -> Vec<(String, bool)> {
            found
                .iter()
                .map(|r| (flows[0].registers.name(r.access.reg).to_string(), r.never_written))
                .collect()
        };
        let followed = named(analysis.reads(&flows[0]));
        let every = named(MaybeUndefined::reads_following(
            &flows[0],
            &Followed::every(&analysis, &flows[0]),
        ));
        assert_eq!(followed, every, "{body}");
        followed
    }

    #[test]
    fn only_registers_read_before_a_plain_write_in_some_block_are_followed() {
        let text = ".version 8.0\n.target sm_90\n.entry k()\n{\n.reg .b32 %r<9>;\n.reg .pred %p<3>;\nmov.u32 %r1, 0;\nsetp.eq.s32 %p1, %r1, 0;\n@%p1 mov.u32 %r2, 1;\nadd.s32 %r3, %r2, 1;\n@%p1 bra L;\nmov.u32 %r4, 2;\nL:\nadd.s32 %r5, %r4, %r1;\nret;\n}\n";
        let parsed = ptxkit_syntax::parse(text);
        let symbols = crate::SymbolTable::build(&parsed);
        let flows = FunctionFlow::all(&parsed, &symbols);
        let flow = &flows[0];
        let analysis = MaybeUndefined {
            defined_at_entry: Vec::new(),
        };
        let followed = Followed::new(&analysis, flow);
        let mut names: Vec<&str> = (0..flow.registers.len() as RegId)
            .filter(|&r| followed.slots[r as usize] != UNTRACKED)
            .map(|r| flow.registers.name(r))
            .collect();
        names.sort_unstable();
        // %r2 is read after a guarded write only; %r4 and %r1 are read in a block that does
        // not write them; %r1 in the first block and %p1 are written before any read there
        assert_eq!(names, ["%r1", "%r2", "%r4"]);
    }

    #[test]
    fn straight_line_branches_loops_and_guards() {
        assert_eq!(
            reads("add.s32 %r1, %r2, 1;\nmov.u32 %r2, 0;\nret;"),
            [("%r2".into(), false)]
        );
        assert_eq!(reads("add.s32 %r1, %r3, 1;\nret;"), [("%r3".into(), true)]);
        // written on one arm of a diamond only
        assert_eq!(
            reads(
                "mov.u32 %r1, %tid.x;\nsetp.eq.s32 %p1, %r1, 0;\n@%p1 bra A;\nmov.u32 %r2, 1;\nA: add.s32 %r3, %r2, 1;\nret;"
            ),
            [("%r2".into(), false)]
        );
        // written before a loop, read in it: fine
        assert!(
            reads("mov.u32 %r1, 0;\nL: add.s32 %r1, %r1, 1;\nsetp.lt.s32 %p1, %r1, 9;\n@%p1 bra L;\nret;").is_empty()
        );
        // the same guard, and complementary guards
        assert!(reads("setp.eq.s32 %p1, 1, 0;\n@%p1 mov.u32 %r1, 0;\n@%p1 add.s32 %r2, %r1, 1;\nret;").is_empty());
        assert!(
            reads("setp.eq.s32 %p1, 1, 0;\n@%p1 mov.u32 %r1, 0;\n@!%p1 mov.u32 %r1, 1;\nadd.s32 %r2, %r1, 1;\nret;")
                .is_empty()
        );
        assert_eq!(
            reads("setp.eq.s32 %p1, 1, 0;\n@%p1 mov.u32 %r1, 0;\nadd.s32 %r2, %r1, 1;\nret;"),
            [("%r1".into(), false)]
        );
        // vectors, pairs, sinks and call returns write
        assert!(
            reads("ld.global.v2.u32 {%r1, _}, [0];\nsetp.eq.s32 %p1|%p2, %r1, 0;\n@%p2 add.s32 %r2, %r1, 1;\nret;")
                .is_empty()
        );
        // a label inside a nested block is local to it (inline asm's `waitLoop:`)
        assert!(
            reads("mov.u32 %r1, 0;\n{\nW: @%p1 bra W;\n}\nmov.u32 %r2, 0;\n{\nW: @%p1 bra W;\n}\nadd.s32 %r3, %r2, %r1;\nret;")
                .iter()
                .all(|(r, _)| r == "%p1")
        );
        // `bar.red` writes its destination
        assert_eq!(
            reads("bar.red.popc.u32 %r1, 0, %p1;\nadd.s32 %r2, %r1, 1;\nret;"),
            [("%p1".into(), true)]
        );
        // correlated branches on one predicate (old nvcc)
        assert!(
            reads("@!%p1 bra A;\nmov.u32 %r1, 1;\nA: bar.sync 0;\n@!%p1 bra B;\nadd.s32 %r2, %r1, 1;\nB: ret;")
                .iter()
                .all(|(r, _)| r == "%p1")
        );
        assert_eq!(
            reads("@!%p1 bra A;\nmov.u32 %r1, 1;\nA: bar.sync 0;\n@%p1 bra B;\nadd.s32 %r2, %r1, 1;\nB: ret;")
                .iter()
                .filter(|(r, _)| r == "%r1")
                .count(),
            1
        );
        // unreachable code is not checked
        assert!(reads("ret;\nadd.s32 %r1, %r2, 1;").is_empty());
    }

    /// What an instruction writes comes from its form's legend: the state operand of
    /// `mbarrier.arrive.expect_tx` is a destination (compiler output reads it later, or not at
    /// all), as is `bar.red`'s, while `st` and `red` write nothing.
    #[test]
    fn destinations_come_from_the_instruction_model() {
        let mbarrier = ".reg .b64 %rd<4>;\n.shared .b64 bar;\nmov.u32 %r1, 128;\n\
            mbarrier.arrive.expect_tx.shared.b64 %rd1, [bar], %r1;\n\
            mbarrier.arrive.shared.b64 %rd2, [bar];\n\
            mbarrier.test_wait.shared.b64 %p1, [bar], %rd1;\n\
            mbarrier.try_wait.shared.b64 %p2, [bar], %rd2;\nret;";
        assert!(reads(mbarrier).is_empty(), "{:?}", reads(mbarrier));
        assert_eq!(
            reads("st.global.u32 [0], %r1;\nred.global.add.u32 [0], %r2;\nret;"),
            [("%r1".into(), true), ("%r2".into(), true)]
        );
    }

    /// A register that only unpacks read, discarding a lane, never passes on what a pack put
    /// in that lane: nvcc packs an unwritten half (`mov.b64 %rd6, {%r13, %r14}`) and uses the
    /// other (`mov.b64 {%r15, _}, %rd6`).
    #[test]
    fn lanes_that_every_unpack_discards_are_not_read() {
        let body = ".reg .b64 %rd<9>;\nmov.u32 %r1, 1;\nmov.b64 %rd6, {%r1, %r2};\nmov.b64 {%r3, _}, %rd6;\nadd.s32 %r4, %r3, 1;\nret;";
        assert!(reads(body).is_empty(), "{:?}", reads(body));
        // The kept lane is still a read; a second reader that keeps everything makes both reads.
        let kept = ".reg .b64 %rd<9>;\nmov.u32 %r1, 1;\nmov.b64 %rd6, {%r2, %r1};\nmov.b64 {%r3, _}, %rd6;\nret;";
        assert_eq!(reads(kept), [("%r2".into(), true)]);
        let whole = ".reg .b64 %rd<9>;\nmov.u32 %r1, 1;\nmov.b64 %rd6, {%r1, %r2};\nmov.b64 {%r3, _}, %rd6;\nst.global.b64 [0], %rd6;\nret;";
        assert_eq!(reads(whole), [("%r2".into(), true)]);
        // Four lanes.
        let four = ".reg .b64 %rd<9>;\n.reg .b16 %h<9>;\nmov.b16 %h1, 1;\nmov.b64 %rd1, {%h1, %h2, %h3, %h4};\nmov.b64 {%h5, _, _, _}, %rd1;\nret;";
        assert!(reads(four).is_empty(), "{:?}", reads(four));
    }
}
