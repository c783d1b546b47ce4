//! What an instruction does, as the signature files say it: the memory each form touches
//! (`memory` lines) and the synchronisation it performs (`sync` lines), in the terms of the
//! PTX ISA manual's memory consistency model (chapter 8) and instruction pages (chapter 9).
//!
//! A [`Form`] carries these facts in terms of its own parts and operand positions
//! ([`MemoryEffect`], [`SyncEffect`]); [`Semantics::of`] resolves them for one instruction
//! (the state space its modifiers name, the semantics and scope it writes or the manual's
//! default, the constants it gives), which is what the dataflow, the synchronisation analysis,
//! inline-asm effects and the rewriter ask.
//!
//! ```
//! use ptxkit_isa::signature::{Found, Instance, analyze};
//! use ptxkit_isa::signature::semantics::{Access, Order, Semantics, Space};
//! let reg = |ty| Found::Register { ty: Some(ty), vector: 0 };
//! let st = Instance {
//!     opcode: "st",
//!     modifiers: vec![".shared", ".v2", ".u32"],
//!     operands: vec![Found::Address(vec![reg(".b32")]), Found::Vector(vec![reg(".b32"), reg(".b32")])],
//! };
//! let analysis = analyze(&st).unwrap();
//! let semantics = Semantics::of(&analysis, &st);
//! let access = &semantics.memory[0];
//! assert_eq!((access.access, access.space, access.bytes), (Access::Write, Space::SharedCta, Some(8)));
//! assert_eq!(access.order, Order::Weak);
//! ```

use std::fmt::Write as _;

use super::found::{Found, Instance};
use super::matcher::Analysis;
use super::model::{CountSpec, Form, Operand, Shape, TypeSpec};
use super::typecheck::scale_type;

/// How a memory access touches memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Access {
    /// Reads.
    Read,
    /// Writes.
    Write,
    /// Reads and writes in one operation (atomics, reductions, mbarrier objects).
    Modify,
}

impl Access {
    /// The notation's word.
    pub fn word(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::Write => "write",
            Access::Modify => "modify",
        }
    }

    /// Whether the access writes memory.
    pub fn writes(self) -> bool {
        !matches!(self, Access::Read)
    }
}

/// A state space (§5.1), as far as the analyses tell them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Space {
    /// A generic address: any of the windows below, decided at run time.
    Generic,
    /// `.global`.
    Global,
    /// `.shared` / `.shared::cta`: the executing CTA's shared memory.
    SharedCta,
    /// `.shared::cluster`: shared memory of any CTA of the cluster.
    SharedCluster,
    /// `.local`.
    Local,
    /// `.const` (and the banked `.const[N]`).
    Const,
    /// `.param` (kernel or function parameters).
    Param,
    /// Tensor Memory (`tcgen05`).
    Tensor,
    /// Textures and surfaces (opaque handles).
    Texture,
}

impl Space {
    /// The space a state-space modifier names (`.shared` → [`Space::SharedCta`], §5.1.4: "If
    /// no sub-qualifier is specified with .shared state space, then ::cta is assumed").
    pub fn of_modifier(modifier: &str) -> Option<Space> {
        Some(match modifier {
            ".global" => Space::Global,
            ".shared" | ".shared::cta" => Space::SharedCta,
            ".shared::cluster" => Space::SharedCluster,
            ".local" => Space::Local,
            ".param" | ".param::entry" | ".param::func" => Space::Param,
            ".tex" => Space::Texture,
            m if m == ".const" || m.starts_with(".const[") => Space::Const,
            _ => return None,
        })
    }

    /// The notation's spelling (`.shared::cta`, `generic`).
    pub fn word(self) -> &'static str {
        match self {
            Space::Generic => "generic",
            Space::Global => ".global",
            Space::SharedCta => ".shared::cta",
            Space::SharedCluster => ".shared::cluster",
            Space::Local => ".local",
            Space::Const => ".const",
            Space::Param => ".param",
            Space::Tensor => "tensor",
            Space::Texture => "texture",
        }
    }

    /// Whether an address in this space may point into the executing CTA's shared memory.
    pub fn may_be_shared(self) -> bool {
        matches!(self, Space::Generic | Space::SharedCta | Space::SharedCluster)
    }
}

/// The memory-ordering semantics of an operation (§8.4, "Operation types").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Order {
    /// A plain access (`.weak`, the default of `ld` and `st`).
    Weak,
    /// `.volatile`: treated as `.relaxed.sys` with extra constraints (§8.4.1).
    Volatile,
    /// `.relaxed`.
    Relaxed,
    /// `.acquire`.
    Acquire,
    /// `.release`.
    Release,
    /// `.acq_rel`.
    AcqRel,
    /// `.sc` (fences; `membar`).
    Sc,
    /// `.mmio`: memory-mapped I/O, relaxed at system scope.
    Mmio,
}

impl Order {
    /// The order a semantics modifier names.
    pub fn of_modifier(modifier: &str) -> Option<Order> {
        Some(match modifier {
            ".weak" => Order::Weak,
            ".volatile" => Order::Volatile,
            ".relaxed" => Order::Relaxed,
            ".acquire" => Order::Acquire,
            ".release" => Order::Release,
            ".acq_rel" => Order::AcqRel,
            ".sc" => Order::Sc,
            ".mmio" => Order::Mmio,
            _ => return None,
        })
    }

    /// The notation's word (`weak`, `acq_rel`).
    pub fn word(self) -> &'static str {
        match self {
            Order::Weak => "weak",
            Order::Volatile => "volatile",
            Order::Relaxed => "relaxed",
            Order::Acquire => "acquire",
            Order::Release => "release",
            Order::AcqRel => "acq_rel",
            Order::Sc => "sc",
            Order::Mmio => "mmio",
        }
    }

    /// The order the notation's word names.
    pub fn of_word(word: &str) -> Option<Order> {
        Order::of_modifier(&format!(".{word}"))
    }

    /// Whether the operation is strong (§8.4.4, "morally strong" needs it): every order but
    /// `.weak`.
    pub fn is_strong(self) -> bool {
        !matches!(self, Order::Weak)
    }

    /// Whether it has acquire semantics.
    pub fn acquires(self) -> bool {
        matches!(self, Order::Acquire | Order::AcqRel | Order::Sc)
    }

    /// Whether it has release semantics.
    pub fn releases(self) -> bool {
        matches!(self, Order::Release | Order::AcqRel | Order::Sc)
    }
}

/// The scope of a strong operation (§8.5): the threads that observe it directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// `.cta`.
    Cta,
    /// `.cluster`.
    Cluster,
    /// `.gpu`.
    Gpu,
    /// `.sys`.
    Sys,
}

impl Scope {
    /// The scope a scope modifier names (`membar`'s levels: `.gl` is `.gpu`).
    pub fn of_modifier(modifier: &str) -> Option<Scope> {
        Some(match modifier {
            ".cta" => Scope::Cta,
            ".cluster" => Scope::Cluster,
            ".gpu" | ".gl" => Scope::Gpu,
            ".sys" => Scope::Sys,
            _ => return None,
        })
    }

    /// The notation's word.
    pub fn word(self) -> &'static str {
        match self {
            Scope::Cta => "cta",
            Scope::Cluster => "cluster",
            Scope::Gpu => "gpu",
            Scope::Sys => "sys",
        }
    }

    /// The scope the notation's word names.
    pub fn of_word(word: &str) -> Option<Scope> {
        Scope::of_modifier(&format!(".{word}"))
    }
}

/// The proxy an access goes through (§8.6): accesses through different proxies to the same
/// memory need a proxy fence between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Proxy {
    /// The generic proxy: ordinary loads, stores and atomics.
    Generic,
    /// The async proxy: bulk copies and TMA, `wgmma`'s shared-memory operands, `tcgen05`.
    Async,
    /// The tensor-map proxy (tensor maps read by TMA).
    Tensormap,
    /// The alias proxy (virtual aliases of the same memory).
    Alias,
    /// The texture and surface proxies.
    Texture,
    /// The constant proxy.
    Constant,
}

impl Proxy {
    /// The notation's word.
    pub fn word(self) -> &'static str {
        match self {
            Proxy::Generic => "generic",
            Proxy::Async => "async",
            Proxy::Tensormap => "tensormap",
            Proxy::Alias => "alias",
            Proxy::Texture => "texture",
            Proxy::Constant => "constant",
        }
    }

    /// The proxy the notation's word names.
    pub fn of_word(word: &str) -> Option<Proxy> {
        Some(match word {
            "generic" => Proxy::Generic,
            "async" => Proxy::Async,
            "tensormap" => Proxy::Tensormap,
            "alias" => Proxy::Alias,
            "texture" => Proxy::Texture,
            "constant" => Proxy::Constant,
            _ => return None,
        })
    }
}

/// A kind of asynchronous operation whose completion the thread waits for in groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Group {
    /// `cp.async` (§9.7.9.25.3): `cp.async.commit_group`, `cp.async.wait_group N`,
    /// `cp.async.wait_all`.
    CpAsync,
    /// Bulk async-groups (§9.7.9.25.4, §9.7.9.27): `cp.async.bulk.commit_group`,
    /// `cp.async.bulk.wait_group{.read} N`.
    Bulk,
    /// `wgmma` groups (§9.7.15.5.3): `wgmma.commit_group`, `wgmma.wait_group N`.
    Wgmma,
    /// `tcgen05` asynchronous operations tracked by `tcgen05.commit` into an mbarrier
    /// (§9.7.16.9).
    Tcgen05,
    /// `tcgen05.ld` (completed by `tcgen05.wait::ld`).
    Tcgen05Ld,
    /// `tcgen05.st` (completed by `tcgen05.wait::st`).
    Tcgen05St,
}

impl Group {
    /// The notation's word.
    pub fn word(self) -> &'static str {
        match self {
            Group::CpAsync => "cp.async",
            Group::Bulk => "bulk",
            Group::Wgmma => "wgmma",
            Group::Tcgen05 => "tcgen05",
            Group::Tcgen05Ld => "tcgen05.ld",
            Group::Tcgen05St => "tcgen05.st",
        }
    }

    /// The group the notation's word names.
    pub fn of_word(word: &str) -> Option<Group> {
        Some(match word {
            "cp.async" => Group::CpAsync,
            "bulk" => Group::Bulk,
            "wgmma" => Group::Wgmma,
            "tcgen05" => Group::Tcgen05,
            "tcgen05.ld" => Group::Tcgen05Ld,
            "tcgen05.st" => Group::Tcgen05St,
            _ => return None,
        })
    }
}

/// When an access is complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Completion {
    /// When the instruction is (in program order).
    Immediate,
    /// Asynchronously; the thread waits for it with its group's wait instruction.
    Group(Group),
    /// Asynchronously; the mbarrier object at the address in this form position receives a
    /// complete-tx of the bytes when it is done.
    Mbarrier(u8),
    /// Asynchronously, and nothing the thread does observes it (complete by the end of the
    /// CTA).
    Unobserved,
}

/// Which state space an address is in, in terms of a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpaceSpec {
    /// Always this space.
    Fixed(Space),
    /// The space the value of this part names; generic when the part is absent.
    Part(u8),
}

/// How many bytes an access touches, in terms of a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeSpec {
    /// The width of the value in this position: its type times its vector count.
    Width(u8),
    /// The value of the constant in this position (`cp.async`'s cp-size, a bulk size).
    Value(u8),
    /// A fixed number of bytes.
    Bytes(u32),
    /// Not known exactly from the instruction, but at least this many bytes from the address
    /// on (a tensor copy's bounding box: a multiple of 16 bytes, §5.5.3.1).
    AtLeast(u32),
    /// Not known from the instruction (tensor maps, matrix fragments).
    Unknown,
}

/// What alignment an access's address needs, in terms of a form (a memory line's `align`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// The line says none.
    Unstated,
    /// A multiple of this many bytes.
    Bytes(u32),
    /// A multiple of the access's bytes (natural alignment, §5.4.5).
    Full,
}

/// How many matrix rows each register of a `row-lanes` vector stands for: the lanes that give
/// row addresses are eight per register (§9.7.14.5.15, §9.7.14.5.16: `.x1` lanes 0–7, `.x2`
/// 0–15, `.x4` all 32; the two-register matrices of `.m16n16` have 16 rows).
pub const ROWS_PER_REGISTER: u32 = 8;

/// What a memory line's `what mbarrier-object` says, for messages.
pub const MBARRIER_OBJECT: &str = "mbarrier object";

/// The alignment of an mbarrier object, in bytes, as the memory lines on one
/// (`what mbarrier-object`) say (§9.7.13.15.1: 8): what an access that signals one
/// ([`Completion::Mbarrier`]) requires of that operand. The lines agree (a test checks it).
///
/// ```
/// assert_eq!(ptxkit_isa::signature::semantics::mbarrier_object_alignment(), Some(8));
/// ```
pub fn mbarrier_object_alignment() -> Option<u32> {
    static ALIGN: std::sync::OnceLock<Option<u32>> = std::sync::OnceLock::new();
    *ALIGN.get_or_init(|| {
        super::all_forms()
            .iter()
            .flat_map(|form| form.memory)
            .filter(|effect| effect.what == Some(MBARRIER_OBJECT))
            .find_map(|effect| match effect.align {
                Align::Bytes(n) => Some(n),
                _ => None,
            })
    })
}

/// How a form changes control flow (a `control` line of its signature file).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ControlEffect {
    /// Leaves the function (returns to the caller; in a kernel, ends the thread).
    Return,
    /// Continues at the label in this form position.
    Branch(u8),
    /// Continues at one of the labels of the `.branchtargets` list in this form position.
    BranchTable(u8),
}

/// The layout of a matrix descriptor an instruction reads shared memory through (the
/// descriptor's bits say where the matrix starts and how its rows are swizzled).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DescriptorFormat {
    /// `wgmma.mma_async`'s matrix descriptor (§9.7.15.5.1.2.2): start address in bits 0-13,
    /// base offset in bits 49-51, swizzling mode in bits 62-63.
    Wgmma,
    /// `tcgen05`'s shared memory descriptor (§9.7.16.4.1): start address in bits 0-13, base
    /// offset in bits 49-51, swizzling mode in bits 61-63.
    Tcgen05,
}

/// How a matrix's rows are swizzled (§9.7.15.5.1, §9.7.16.4.1): bits 4 to 4+`bits` of each
/// address are XORed with bits 7 to 7+`bits` (0: none; 1, 2, 3: the 32, 64 and 128-byte modes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Swizzle {
    /// How many address bits are XORed.
    pub bits: u8,
}

impl Swizzle {
    /// The address the swizzle moves `address` to, when the repeating pattern starts at an
    /// address aligned to it (a base offset of 0).
    pub fn apply(self, address: i64) -> i64 {
        let mask = (1i64 << self.bits) - 1;
        address ^ (((address >> 7) & mask) << 4)
    }
}

impl DescriptorFormat {
    /// The notation's word.
    pub fn word(self) -> &'static str {
        match self {
            DescriptorFormat::Wgmma => "wgmma",
            DescriptorFormat::Tcgen05 => "tcgen05",
        }
    }

    /// The format a notation word names.
    pub fn of_word(word: &str) -> Option<DescriptorFormat> {
        match word {
            "wgmma" => Some(DescriptorFormat::Wgmma),
            "tcgen05" => Some(DescriptorFormat::Tcgen05),
            _ => None,
        }
    }

    /// The swizzle of the rows a descriptor with these bits names, when its base offset is 0
    /// (`None`: a mode the analyses do not model, a non-zero base offset, or not a valid mode).
    pub fn swizzle(self, descriptor: u64) -> Option<Swizzle> {
        if (descriptor >> 49) & 0x7 != 0 {
            return None;
        }
        let bits = match self {
            DescriptorFormat::Wgmma => match descriptor >> 62 {
                0 => 0,
                1 => 3,
                2 => 2,
                _ => 1,
            },
            // 1 is 128 bytes with 32-byte atoms: not modelled; 3, 5 and 7 are invalid.
            DescriptorFormat::Tcgen05 => match descriptor >> 61 {
                0 => 0,
                2 => 3,
                4 => 2,
                6 => 1,
                _ => return None,
            },
        };
        Some(Swizzle { bits })
    }

    /// The bits of a descriptor that hold the matrix's start address (`(address & 0x3FFFF)
    /// >> 4`, in both formats).
    pub const START_BITS: u64 = 0x3FFF;
}

/// One memory access of a form (a `memory` line of its signature file).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryEffect {
    /// How it touches memory.
    pub access: Access,
    /// The form position of the address operand.
    pub position: u8,
    /// Its state space.
    pub space: SpaceSpec,
    /// How many bytes.
    pub size: SizeSpec,
    /// The semantics when no semantics modifier is written (the manual's default).
    pub order: Order,
    /// The scope when no scope modifier is written (the manual's default), if any.
    pub scope: Option<Scope>,
    /// The proxy.
    pub proxy: Proxy,
    /// When it completes.
    pub completion: Completion,
    /// Whether it is atomic (§8.4.4: atomic operations are morally strong with each other).
    pub atomic: bool,
    /// The format of the matrix descriptor the operand holds, when it holds one (`wgmma`'s and
    /// `tcgen05.mma`'s `a-desc`, `b-desc`) rather than an address.
    pub descriptor: Option<DescriptorFormat>,
    /// The access happens only when this part is written.
    pub when: Option<u8>,
    /// For a collective access of matrix rows (`ldmatrix`, `stmatrix`), the form position of
    /// the register vector whose size says which lanes give the rows' addresses: eight per
    /// register, lane 0 first; the other lanes' addresses are not used (§9.7.14.5.15).
    pub row_lanes: Option<u8>,
    /// The alignment its address needs.
    pub align: Align,
    /// What the address points at, for messages (`"bulk copy"`); `None`: an access.
    pub what: Option<&'static str>,
    /// Where the manual says it (`§9.7.9.8 L66`).
    pub source: &'static str,
}

/// Whether a modifier that has a flag meaning is written, in terms of a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    /// Never.
    No,
    /// Always.
    Yes,
    /// When this part is written.
    Part(u8),
}

/// What waits at a barrier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BarrierMode {
    /// Arrives and waits (`bar.sync`, `barrier.cluster.wait`).
    Wait,
    /// Arrives without waiting (`bar.arrive`, `barrier.cluster.arrive`).
    Arrive,
    /// Arrives, waits and reduces a predicate across the threads (`bar.red`).
    Reduce,
}

/// Which threads a barrier gathers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BarrierScope {
    /// The threads of the CTA (or the given count of them).
    Cta,
    /// The threads of the cluster.
    Cluster,
}

/// An operation on an mbarrier object (§9.7.13.15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MbarrierOp {
    /// `mbarrier.init`.
    Init,
    /// `mbarrier.inval`.
    Inval,
    /// `mbarrier.arrive` / `arrive_drop` (maybe with expect-tx).
    Arrive,
    /// `mbarrier.expect_tx`.
    ExpectTx,
    /// `mbarrier.complete_tx`.
    CompleteTx,
    /// `mbarrier.test_wait`: tests the phase once.
    TestWait,
    /// `mbarrier.try_wait`: waits for the phase a while.
    TryWait,
    /// `mbarrier.pending_count`.
    PendingCount,
    /// `cp.async.mbarrier.arrive`: an arrive-on that fires when the thread's prior `cp.async`
    /// operations complete.
    TrackCpAsync,
}

impl MbarrierOp {
    /// Whether it waits for (or tests) the completion of a phase: the only mbarrier
    /// operations that can order a thread after other threads' arrivals (§9.7.13.15.16).
    pub fn waits_for_phase(self) -> bool {
        matches!(self, MbarrierOp::TestWait | MbarrierOp::TryWait)
    }
}

/// The synchronisation a form performs (a `sync` line of its signature file). Positions are
/// the form's operand positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyncEffect {
    /// A CTA or cluster barrier.
    Barrier {
        /// Which threads.
        scope: BarrierScope,
        /// Wait, arrive or reduce.
        mode: BarrierMode,
        /// The barrier number's position (CTA barriers; barrier 0 when absent).
        id: Option<u8>,
        /// The thread count's position (all threads when absent).
        threads: Option<u8>,
        /// `.aligned`: every thread executes the same barrier instruction.
        aligned: Flag,
        /// Memory semantics when none is written.
        order: Order,
    },
    /// `bar.warp.sync`: the lanes of the member mask wait for each other.
    WarpBarrier {
        /// The member mask's position.
        mask: u8,
    },
    /// A memory fence.
    Fence {
        /// Its semantics when none is written.
        order: Order,
        /// Its scope when none is written (`None`: the form names it).
        scope: Option<Scope>,
        /// A proxy fence: the proxies it orders against the generic proxy (`None`: an
        /// ordinary fence).
        proxy: Option<Proxy>,
        /// For a proxy fence restricted to a state space, the part naming it.
        space: Option<u8>,
    },
    /// Commits the thread's uncommitted asynchronous operations of a kind into a new group.
    Commit {
        /// Which kind.
        group: Group,
        /// For `tcgen05.commit`: the mbarrier that tracks the group.
        mbarrier: Option<u8>,
    },
    /// Waits until at most `pending` groups of a kind are pending.
    Wait {
        /// Which kind.
        group: Group,
        /// The count's position; `None`: every group (`wait_all`, `wait::ld`).
        pending: Option<u8>,
        /// `.read`: waits only until the sources have been read.
        read: Flag,
    },
    /// An operation on an mbarrier object.
    Mbarrier {
        /// Which.
        op: MbarrierOp,
        /// The object's address position.
        object: u8,
        /// The arrival or expected count's position.
        count: Option<u8>,
        /// The transaction count's position.
        tx: Option<u8>,
        /// The phase parity's position (`.parity` waits).
        parity: Option<u8>,
        /// The state's position (what an arrive returns, what a wait tests).
        state: Option<u8>,
        /// Drops the thread from later phases (`arrive_drop`).
        drop: Flag,
        /// The arrive also expects transactions (`.expect_tx`).
        expect_tx: Flag,
    },
    /// `wgmma.fence`: orders prior register and shared-memory accesses before later
    /// asynchronous operations of the group kind.
    OperandFence {
        /// Which kind.
        group: Group,
    },
    /// A warp collective (its lanes exchange values): the lanes of the mask (the whole warp
    /// when there is none) must execute it together.
    Collective {
        /// The member mask's position; `None`: the whole warp.
        mask: Option<u8>,
        /// `.aligned`: every lane of the mask executes the same instruction.
        aligned: Flag,
        /// A legacy form without `.sync` (`shfl`, `vote`): it takes the active lanes, relying
        /// on warps that run in lockstep (below sm_70).
        legacy: bool,
    },
    /// `elect.sync`: one lane of the mask is elected.
    Elect {
        /// The member mask's position.
        mask: u8,
    },
    /// `activemask`: the mask of the lanes executing it.
    ActiveMask,
    /// `tcgen05.dealloc`: frees Tensor Memory columns, which no warp may access after it
    /// (§9.7.16.7).
    TensorFree,
    /// The thread ends (`exit`; `ret` of a kernel is an exit too, as the CFG knows).
    Exit,
    /// The kernel aborts (`trap`).
    Trap,
}

/// A binary operator of a `value` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*` (the low bits, as wide as the destination).
    Mul,
    /// `mulhi(a, b)`: the high half of the whole product (the operation's width doubled).
    MulHi,
    /// `/`.
    Div,
    /// `%`.
    Rem,
    /// `<<`.
    Shl,
    /// `>>` (arithmetic for a signed operand, logical otherwise).
    Shr,
    /// `&`.
    And,
    /// `|`.
    Or,
    /// `^`.
    Xor,
    /// `&&`.
    LogicalAnd,
    /// `||`.
    LogicalOr,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<` (signed when the operands are).
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// Unsigned `<` (`.lo`).
    LtU,
    /// Unsigned `<=` (`.ls`).
    LeU,
    /// Unsigned `>` (`.hi`).
    GtU,
    /// Unsigned `>=` (`.hs`).
    GeU,
    /// `min(a, b)`.
    Min,
    /// `max(a, b)`.
    Max,
}

impl BinaryOp {
    /// The operator a notation token names (`+`, `<u`, `min`).
    pub fn of_token(token: &str) -> Option<BinaryOp> {
        Some(match token {
            "+" => BinaryOp::Add,
            "-" => BinaryOp::Sub,
            "*" => BinaryOp::Mul,
            "/" => BinaryOp::Div,
            "%" => BinaryOp::Rem,
            "<<" => BinaryOp::Shl,
            ">>" => BinaryOp::Shr,
            "&" => BinaryOp::And,
            "|" => BinaryOp::Or,
            "^" => BinaryOp::Xor,
            "&&" => BinaryOp::LogicalAnd,
            "||" => BinaryOp::LogicalOr,
            "==" => BinaryOp::Eq,
            "!=" => BinaryOp::Ne,
            "<" => BinaryOp::Lt,
            "<=" => BinaryOp::Le,
            ">" => BinaryOp::Gt,
            ">=" => BinaryOp::Ge,
            "<u" => BinaryOp::LtU,
            "<=u" => BinaryOp::LeU,
            ">u" => BinaryOp::GtU,
            ">=u" => BinaryOp::GeU,
            "min" => BinaryOp::Min,
            "max" => BinaryOp::Max,
            "mulhi" => BinaryOp::MulHi,
            _ => return None,
        })
    }

    /// The operator a modifier names in a `value` line's part operator (`.lt`, `.and`).
    pub fn of_modifier(modifier: &str) -> Option<BinaryOp> {
        let token = super::notation::PART_OPERATORS
            .iter()
            .find(|(m, _)| *m == modifier)
            .map(|(_, t)| *t)?;
        BinaryOp::of_token(token)
    }
}

/// A unary operator of a `value` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x`.
    Neg,
    /// `~x`.
    Not,
    /// `!x`.
    LogicalNot,
    /// `abs(x)`.
    Abs,
}

/// One step of a `value` line's expression (postfix), in terms of a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueOp {
    /// The value of the operand in this form position.
    Operand(u8),
    /// A constant.
    Const(i64),
    /// The generic address where a state space's window starts (`cvta`).
    Window(SpaceSpec),
    /// A binary operator.
    Binary(BinaryOp),
    /// The binary operator the value of this part names (`setp`'s `.CmpOp`).
    BinaryPart(u8),
    /// A unary operator.
    Unary(UnaryOp),
    /// `c ? a : b` (pops b, a, c).
    Select,
    /// The executing thread's lane in its warp.
    Lane,
    /// The value `a` has in lane `j` of the warp (pops j, a).
    InLane,
    /// Element `k` of the vector operand in this form position.
    Element(u8, u8),
    /// The lane `elect.sync` picks among the lanes of a mask in the executing thread's warp:
    /// one of them, not said which, the same for the same mask (pops the mask).
    Elected,
}

/// What a form computes into one operand (a `value` line), for the analyses that follow
/// values (addresses, thread ids).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValueEffect {
    /// The position of the operand it computes.
    pub dest: u8,
    /// Whether it computes the predicate of a `d|p` pair at that position (else the value,
    /// or the whole operand).
    pub predicate: bool,
    /// The expression, postfix.
    pub program: &'static [ValueOp],
    /// Only when this modifier is written.
    pub when: Option<&'static str>,
    /// Only when this modifier is not written.
    pub unless: Option<&'static str>,
    /// The line as written (`d = a + b unless .sat`).
    pub text: &'static str,
    /// The manual line.
    pub source: &'static str,
}

/// One step of a resolved value: [`ValueOp`] with operand indices and decided operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The value of the instruction's operand with this index.
    Operand(usize),
    /// A constant.
    Const(i64),
    /// Where this state space's window starts in the generic space.
    Window(Space),
    /// A binary operator.
    Binary(BinaryOp),
    /// A unary operator.
    Unary(UnaryOp),
    /// `c ? a : b`.
    Select,
    /// The executing thread's lane in its warp.
    Lane,
    /// The value `a` has in lane `j` of the warp (pops j, a).
    InLane,
    /// Element `k` of the vector operand with this index.
    Element(usize, u8),
    /// The lane `elect.sync` picks among the lanes of a mask (pops the mask).
    Elected,
}

/// What an instruction computes into one operand, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Computed {
    /// The operand's index.
    pub dest: usize,
    /// Whether it is the predicate of a `d|p` pair there (else its value, or the whole
    /// operand).
    pub predicate: bool,
    /// The expression, postfix.
    pub steps: Vec<Step>,
}

/// The form position of each of a matched instruction's operands, and the reverse.
fn operand_at(analysis: &Analysis, position: u8) -> Option<usize> {
    analysis
        .operands
        .get(usize::from(position))
        .copied()
        .flatten()
        .map(usize::from)
}

/// An instruction's memory access, resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryAccess {
    /// How it touches memory.
    pub access: Access,
    /// The index of the address operand among the instruction's operands.
    pub operand: usize,
    /// The state space of the address.
    pub space: Space,
    /// How many bytes, when known.
    pub bytes: Option<u32>,
    /// How many bytes from the address on it certainly touches: `bytes` when known, else at
    /// least what its signature says (1 when it says nothing).
    pub certain_bytes: u32,
    /// Its semantics.
    pub order: Order,
    /// Its scope, if it has one.
    pub scope: Option<Scope>,
    /// The proxy.
    pub proxy: Proxy,
    /// When it completes (an mbarrier as the index of its operand).
    pub completion: Completion,
    /// Whether it is atomic.
    pub atomic: bool,
    /// The alignment its address needs, in bytes (`Full` resolved: `None` when the bytes are
    /// not known).
    pub align: Option<u32>,
    /// Whether that is the access's own size (natural alignment).
    pub natural: bool,
    /// What the address points at, for messages; `None`: an access.
    pub what: Option<&'static str>,
    /// The format of the matrix descriptor the operand holds (`None`: the operand is the
    /// address).
    pub descriptor: Option<DescriptorFormat>,
    /// How many lanes of the warp, from lane 0, give an address it uses (`ldmatrix.x1`: 8);
    /// `None`: every thread's.
    pub lanes: Option<u32>,
    /// The manual line.
    pub source: &'static str,
}

impl MemoryAccess {
    /// Whether the thread in lane `lane` of its warp makes this access (its address is used).
    pub fn made_by_lane(&self, lane: u32) -> bool {
        self.lanes.is_none_or(|n| lane < n)
    }
}

/// An instruction's synchronisation, resolved: [`SyncEffect`] with operand indices of the
/// instruction instead of form positions, and flags decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sync {
    /// A CTA or cluster barrier.
    Barrier {
        /// Which threads.
        scope: BarrierScope,
        /// Wait, arrive or reduce.
        mode: BarrierMode,
        /// The barrier number's operand (barrier 0 when absent).
        id: Option<usize>,
        /// The thread count's operand (all threads when absent).
        threads: Option<usize>,
        /// Whether `.aligned`.
        aligned: bool,
        /// Its memory semantics.
        order: Order,
    },
    /// `bar.warp.sync`.
    WarpBarrier {
        /// The member mask's operand.
        mask: usize,
    },
    /// A fence.
    Fence {
        /// Its semantics.
        order: Order,
        /// Its scope.
        scope: Option<Scope>,
        /// A proxy fence's proxy.
        proxy: Option<Proxy>,
        /// A proxy fence's state space (`None`: every space).
        space: Option<Space>,
    },
    /// Commits a group.
    Commit {
        /// Which kind.
        group: Group,
        /// `tcgen05.commit`'s mbarrier operand.
        mbarrier: Option<usize>,
    },
    /// Waits for groups.
    Wait {
        /// Which kind.
        group: Group,
        /// At most this many groups stay pending (`Some(0)` for `wait_all`); `None` when
        /// the count is not a constant.
        pending: Option<u64>,
        /// `.read`.
        read: bool,
    },
    /// An mbarrier operation.
    Mbarrier {
        /// Which.
        op: MbarrierOp,
        /// The object's operand.
        object: usize,
        /// The count's operand.
        count: Option<usize>,
        /// The transaction count's operand.
        tx: Option<usize>,
        /// The phase parity's operand.
        parity: Option<usize>,
        /// The state's operand.
        state: Option<usize>,
        /// `arrive_drop`.
        drop: bool,
        /// `.expect_tx`.
        expect_tx: bool,
    },
    /// `wgmma.fence`.
    OperandFence {
        /// Which kind.
        group: Group,
    },
    /// A warp collective.
    Collective {
        /// The member mask's operand; `None`: the whole warp.
        mask: Option<usize>,
        /// Whether `.aligned`.
        aligned: bool,
        /// A legacy form without `.sync`.
        legacy: bool,
    },
    /// `elect.sync`.
    Elect {
        /// The member mask's operand.
        mask: usize,
    },
    /// `activemask`.
    ActiveMask,
    /// `tcgen05.dealloc`.
    TensorFree,
    /// `exit`.
    Exit,
    /// `trap`.
    Trap,
}

/// A register operand written (or read) asynchronously: its value is complete only when the
/// group's wait says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AsyncOperand {
    /// The operand's index.
    pub operand: usize,
    /// The group that completes it.
    pub group: Group,
    /// Whether the operation writes it (else it reads it asynchronously).
    pub written: bool,
}

/// What one matched instruction does to memory and to other threads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Semantics {
    /// Its memory accesses.
    pub memory: Vec<MemoryAccess>,
    /// Its memory accesses through matrix descriptors (`operand` is the descriptor's): where
    /// they fall is not placed, only that they happen.
    pub descriptor_memory: Vec<MemoryAccess>,
    /// Its synchronisation.
    pub sync: Vec<Sync>,
    /// Its register operands completed asynchronously.
    pub async_operands: Vec<AsyncOperand>,
    /// What it computes (its `value` lines that apply).
    pub values: Vec<Computed>,
    /// The type of each operand with these modifiers (`None`: unchecked or unknown).
    pub operand_types: Vec<Option<&'static str>>,
}

impl Semantics {
    /// The semantics of `instance` under `analysis` (its form, the modifiers bound to each
    /// part and the operand each position took). Positions an instance leaves out drop the
    /// facts that need them.
    pub fn of(analysis: &Analysis, instance: &Instance<'_>) -> Semantics {
        let bound = Bound {
            analysis,
            instance,
            order: instance.modifiers.iter().find_map(|m| Order::of_modifier(m)),
            scope: instance.modifiers.iter().find_map(|m| Scope::of_modifier(m)),
        };
        let form = analysis.form;
        let mut values: Vec<Computed> = Vec::new();
        for effect in form.values {
            if let Some(computed) = bound.computed(effect, &values) {
                values.push(computed);
            }
        }
        let (descriptor_memory, memory) = form
            .memory
            .iter()
            .filter_map(|effect| bound.memory(effect).map(|m| (effect.descriptor.is_some(), m)))
            .partition::<Vec<_>, _>(|(descriptor, _)| *descriptor);
        Semantics {
            memory: memory.into_iter().map(|(_, m)| m).collect(),
            descriptor_memory: descriptor_memory.into_iter().map(|(_, m)| m).collect(),
            sync: form.sync.iter().filter_map(|effect| bound.sync(effect)).collect(),
            async_operands: bound.async_operands(),
            values,
            operand_types: bound.operand_types(),
        }
    }
}

/// A matched instruction as [`Semantics::of`] resolves its form's facts: its analysis (the
/// form, the modifiers bound to each part, the operand each position took), the instance, and
/// the semantics and scope modifiers it writes.
struct Bound<'a, 'i> {
    analysis: &'a Analysis,
    instance: &'a Instance<'i>,
    order: Option<Order>,
    scope: Option<Scope>,
}

impl<'i> Bound<'_, 'i> {
    /// The modifier written for `part`, if any.
    fn written(&self, part: u8) -> Option<&'i str> {
        self.analysis.value(usize::from(part), &self.instance.modifiers)
    }

    /// Whether `flag` is set for this instance.
    fn flag(&self, flag: Flag) -> bool {
        match flag {
            Flag::No => false,
            Flag::Yes => true,
            Flag::Part(p) => self.written(p).is_some(),
        }
    }

    /// The index of the operand written at form position `position`, if any.
    fn at(&self, position: u8) -> Option<usize> {
        operand_at(self.analysis, position)
    }

    /// The state space `spec` names for this instance (a part left out: generic).
    fn space(&self, spec: SpaceSpec) -> Space {
        match spec {
            SpaceSpec::Fixed(space) => space,
            SpaceSpec::Part(part) => self
                .written(part)
                .and_then(Space::of_modifier)
                .unwrap_or(Space::Generic),
        }
    }

    /// A memory line resolved (`None`: its part or its address operand is left out).
    fn memory(&self, effect: &MemoryEffect) -> Option<MemoryAccess> {
        if effect.when.is_some_and(|p| self.written(p).is_none()) {
            return None;
        }
        let operand = self.at(effect.position)?;
        let completion = match effect.completion {
            // Without its mbarrier operand (ptxas's `st.async [a], b`), nothing in the
            // thread observes the completion.
            Completion::Mbarrier(position) => match self.at(position) {
                Some(index) => Completion::Mbarrier(index as u8),
                None => Completion::Unobserved,
            },
            other => other,
        };
        let bytes = size(self.analysis.form, self.analysis, self.instance, effect.size);
        let certain_bytes = bytes
            .unwrap_or(match effect.size {
                SizeSpec::AtLeast(n) => n,
                _ => 1,
            })
            .max(1);
        Some(MemoryAccess {
            access: effect.access,
            operand,
            space: self.space(effect.space),
            bytes,
            certain_bytes,
            order: self.order.unwrap_or(effect.order),
            scope: self.scope.or(effect.scope),
            proxy: effect.proxy,
            completion,
            atomic: effect.atomic,
            align: match effect.align {
                Align::Unstated => None,
                Align::Bytes(n) => Some(n),
                Align::Full => bytes,
            },
            natural: effect.align == Align::Full,
            what: effect.what,
            descriptor: effect.descriptor,
            lanes: effect.row_lanes.and_then(|position| self.row_lanes(position)),
            source: effect.source,
        })
    }

    /// The lanes that give row addresses, for the register vector at form `position`
    /// ([`MemoryEffect::row_lanes`]); `None` when its size is not known.
    fn row_lanes(&self, position: u8) -> Option<u32> {
        let form = self.analysis.form;
        let operand = single_operand(form, position)?;
        Some(ROWS_PER_REGISTER * operand_count(form, self.analysis, self.instance, operand)?)
    }

    /// A sync line resolved (`None`: an operand it cannot do without is left out).
    fn sync(&self, effect: &SyncEffect) -> Option<Sync> {
        let at = |position: u8| self.at(position);
        Some(match *effect {
            SyncEffect::Barrier {
                scope,
                mode,
                id,
                threads,
                aligned,
                order,
            } => Sync::Barrier {
                scope,
                mode,
                id: id.and_then(at),
                threads: threads.and_then(at),
                aligned: self.flag(aligned),
                order: self.order.unwrap_or(order),
            },
            SyncEffect::WarpBarrier { mask } => Sync::WarpBarrier { mask: at(mask)? },
            SyncEffect::Fence {
                order,
                scope,
                proxy,
                space,
            } => Sync::Fence {
                order: self.order.unwrap_or(order),
                scope: self.scope.or(scope),
                proxy,
                space: space.and_then(|p| self.written(p)).and_then(Space::of_modifier),
            },
            SyncEffect::Commit { group, mbarrier } => Sync::Commit {
                group,
                mbarrier: mbarrier.and_then(at),
            },
            SyncEffect::Wait { group, pending, read } => Sync::Wait {
                group,
                pending: self.pending(pending),
                read: self.flag(read),
            },
            SyncEffect::Mbarrier {
                op,
                object,
                count,
                tx,
                parity,
                state,
                drop,
                expect_tx,
            } => Sync::Mbarrier {
                op,
                object: at(object)?,
                count: count.and_then(at),
                tx: tx.and_then(at),
                parity: parity.and_then(at),
                state: state.and_then(at),
                drop: self.flag(drop),
                expect_tx: self.flag(expect_tx),
            },
            SyncEffect::OperandFence { group } => Sync::OperandFence { group },
            SyncEffect::Collective { mask, aligned, legacy } => Sync::Collective {
                mask: mask.and_then(at),
                aligned: self.flag(aligned),
                legacy,
            },
            SyncEffect::Elect { mask } => Sync::Elect { mask: at(mask)? },
            SyncEffect::ActiveMask => Sync::ActiveMask,
            SyncEffect::TensorFree => Sync::TensorFree,
            SyncEffect::Exit => Sync::Exit,
            SyncEffect::Trap => Sync::Trap,
        })
    }

    /// How many groups a wait leaves pending: none when the line names no operand, else the
    /// constant written there (`None`: not a constant, or left out).
    fn pending(&self, pending: Option<u8>) -> Option<u64> {
        match pending {
            None => Some(0),
            Some(position) => self.at(position).and_then(|i| match self.instance.operands.get(i) {
                Some(Found::Immediate { value: Some(v), .. }) => u64::try_from(*v).ok(),
                _ => None,
            }),
        }
    }

    /// A value line resolved, when it applies: its modifiers allow it, no earlier line of
    /// `known` gives its operand, and every operand, space and operator it names is written.
    fn computed(&self, effect: &ValueEffect, known: &[Computed]) -> Option<Computed> {
        let modifiers = &self.instance.modifiers;
        if effect.when.is_some_and(|m| !modifiers.contains(&m)) || effect.unless.is_some_and(|m| modifiers.contains(&m))
        {
            return None;
        }
        // The first line that applies gives an operand's value.
        let dest = self
            .at(effect.dest)
            .filter(|d| !known.iter().any(|v| v.dest == *d && v.predicate == effect.predicate))?;
        let steps = effect
            .program
            .iter()
            .map(|op| self.step(*op))
            .collect::<Option<Vec<Step>>>()?;
        Some(Computed {
            dest,
            predicate: effect.predicate,
            steps,
        })
    }

    /// One step of a value line's program resolved (`None`: what it names is not written).
    fn step(&self, op: ValueOp) -> Option<Step> {
        Some(match op {
            ValueOp::Operand(p) => Step::Operand(self.at(p)?),
            ValueOp::Const(n) => Step::Const(n),
            ValueOp::Window(SpaceSpec::Fixed(space)) => Step::Window(space),
            ValueOp::Window(SpaceSpec::Part(part)) => Step::Window(self.written(part).and_then(Space::of_modifier)?),
            ValueOp::Binary(op) => Step::Binary(op),
            ValueOp::BinaryPart(part) => Step::Binary(self.written(part).and_then(BinaryOp::of_modifier)?),
            ValueOp::Unary(op) => Step::Unary(op),
            ValueOp::Select => Step::Select,
            ValueOp::Lane => Step::Lane,
            ValueOp::InLane => Step::InLane,
            ValueOp::Elected => Step::Elected,
            ValueOp::Element(p, k) => Step::Element(self.at(p)?, k),
        })
    }

    /// The type of each of the instance's operands with its modifiers (`None`: unchecked,
    /// unknown, or not a single operand).
    fn operand_types(&self) -> Vec<Option<&'static str>> {
        let form = self.analysis.form;
        let mut types = vec![None; self.instance.operands.len()];
        for (position, p) in form.positions.iter().enumerate() {
            if let (
                Some(index),
                Shape::Single(operand) | Shape::Negatable(operand) | Shape::Pair { first: operand, .. },
            ) = (self.at(position as u8), &p.shape)
            {
                types[index] = operand_type(form, self.analysis, self.instance, operand);
            }
        }
        types
    }

    /// The instance's register operands completed asynchronously (their legends' `async`).
    fn async_operands(&self) -> Vec<AsyncOperand> {
        let mut out = Vec::new();
        for (position, p) in self.analysis.form.positions.iter().enumerate() {
            for operand in p.operands() {
                if let Some(group) = operand.asynchronous
                    && let Some(index) = self.at(position as u8)
                {
                    out.push(AsyncOperand {
                        operand: index,
                        group,
                        written: operand.direction != super::model::Direction::In,
                    });
                }
            }
        }
        out
    }
}

/// The bytes `spec` says, for this instance.
fn size(form: &Form, analysis: &Analysis, instance: &Instance<'_>, spec: SizeSpec) -> Option<u32> {
    match spec {
        SizeSpec::Bytes(n) => Some(n),
        SizeSpec::AtLeast(_) | SizeSpec::Unknown => None,
        SizeSpec::Value(position) => match instance.operands.get(operand_at(analysis, position)?)? {
            Found::Immediate { value: Some(v), .. } => u32::try_from(*v).ok(),
            _ => None,
        },
        SizeSpec::Width(position) => {
            let operand = single_operand(form, position)?;
            let bits = operand_bits(form, analysis, instance, operand)?;
            let count = operand_count(form, analysis, instance, operand)?;
            Some(bits.div_ceil(8) * count)
        }
    }
}

fn single_operand(form: &Form, position: u8) -> Option<&'static Operand> {
    match &form.positions.get(usize::from(position))?.shape {
        Shape::Single(operand) | Shape::Negatable(operand) => Some(operand),
        _ => None,
    }
}

/// The type of `operand` with the instance's modifiers.
fn operand_type(form: &Form, analysis: &Analysis, instance: &Instance<'_>, operand: &Operand) -> Option<&'static str> {
    let value = |part: u8| {
        analysis.value(usize::from(part), &instance.modifiers).or_else(|| {
            let part = form.parts.get(usize::from(part))?;
            (part.values.len() == 1).then(|| part.values[0])
        })
    };
    let ty = match operand.ty {
        TypeSpec::Fixed(t) => t,
        TypeSpec::Part { part, num, den } => scale_type(value(part)?, num, den)?,
        TypeSpec::Map { part, entries } => {
            let v = value(part)?;
            entries.iter().find(|(k, _)| *k == v)?.1
        }
        TypeSpec::Unchecked => return None,
    };
    crate::types::type_info(ty).map(|t| t.name)
}

/// The width in bits of one element of `operand`.
fn operand_bits(form: &Form, analysis: &Analysis, instance: &Instance<'_>, operand: &Operand) -> Option<u32> {
    let ty = operand_type(form, analysis, instance, operand)?;
    crate::types::type_info(ty).map(|t| u32::from(t.bits))
}

/// How many elements `operand` has.
fn operand_count(form: &Form, analysis: &Analysis, instance: &Instance<'_>, operand: &Operand) -> Option<u32> {
    let value = |part: u8| analysis.value(usize::from(part), &instance.modifiers);
    Some(match operand.count {
        CountSpec::Scalar => 1,
        CountSpec::Fixed(n) => u32::from(n),
        CountSpec::PartNumber(part) => match value(part) {
            None => 1,
            Some(v) => v.trim_start_matches(".v").trim_start_matches(".x").parse().ok()?,
        },
        CountSpec::Map { part, entries } => {
            let v = value(part)?;
            u32::from(entries.iter().find(|(k, _)| *k == v)?.1)
        }
        CountSpec::Dim { .. } => {
            let _ = form;
            return None;
        }
    })
}

/// What `form`'s memory and sync lines say, with the parts given `values` (`None`: left out),
/// one line each, for `--explain-instruction` and hovers.
pub fn describe(form: &Form, values: &[Option<&str>]) -> Vec<String> {
    let described = Described {
        form,
        values,
        order: values.iter().flatten().find_map(|m| Order::of_modifier(m)),
        scope: values.iter().flatten().find_map(|m| Scope::of_modifier(m)),
    };
    let mut out: Vec<String> = form.memory.iter().map(|effect| described.memory(effect)).collect();
    out.extend(
        form.sync
            .iter()
            .map(|effect| format!("sync:     {}", described.sync(effect))),
    );
    for value in form.values {
        out.push(format!("value:    {}   [{}]", value.text, value.source));
    }
    for position in form.positions {
        for operand in position.operands() {
            if let Some(group) = operand.asynchronous {
                out.push(format!(
                    "async:    {} is {} asynchronously, complete at the {} wait",
                    operand.name,
                    if operand.direction == super::model::Direction::In {
                        "read"
                    } else {
                        "written"
                    },
                    group.word()
                ));
            }
        }
    }
    out
}

/// A form as [`describe`] says it: the values given its parts (`None`: left out) and the
/// semantics and scope modifiers among them.
struct Described<'a> {
    form: &'a Form,
    values: &'a [Option<&'a str>],
    order: Option<Order>,
    scope: Option<Scope>,
}

impl Described<'_> {
    /// The value given `part`, if any.
    fn written(&self, part: u8) -> Option<&str> {
        self.values.get(usize::from(part)).copied().flatten()
    }

    /// The label of form position `position`.
    fn operand(&self, position: u8) -> String {
        self.form
            .positions
            .get(usize::from(position))
            .map_or_else(|| "?".to_string(), |p| p.label())
    }

    /// Whether `flag` is set with these values.
    fn flag(&self, flag: Flag) -> bool {
        match flag {
            Flag::No => false,
            Flag::Yes => true,
            Flag::Part(p) => self.written(p).is_some(),
        }
    }

    /// One memory line said: the access, its space, size, semantics, scope, proxy and
    /// completion, and where the manual says it.
    fn memory(&self, effect: &MemoryEffect) -> String {
        let through = if effect.descriptor.is_some() {
            "through the descriptor "
        } else {
            ""
        };
        let mut text = format!(
            "memory:   {} {through}{}",
            effect.access.word(),
            self.operand(effect.position)
        );
        let space = match effect.space {
            SpaceSpec::Fixed(space) => space.word().to_string(),
            SpaceSpec::Part(p) => self
                .written(p)
                .and_then(Space::of_modifier)
                .map_or("generic address".to_string(), |s| s.word().to_string()),
        };
        let _ = write!(text, " ({space})");
        match effect.size {
            SizeSpec::Bytes(n) => {
                let _ = write!(text, ", {n} bytes");
            }
            SizeSpec::Value(p) => {
                let _ = write!(text, ", {} bytes", self.operand(p));
            }
            SizeSpec::Width(p) => {
                let _ = write!(text, ", the width of {}", self.operand(p));
            }
            SizeSpec::AtLeast(n) => {
                let _ = write!(text, ", at least {n} bytes");
            }
            SizeSpec::Unknown => {}
        }
        let _ = write!(text, ", {}", self.order.unwrap_or(effect.order).word());
        if let Some(scope) = self.scope.or(effect.scope) {
            let _ = write!(text, ".{}", scope.word());
        }
        if effect.atomic {
            text.push_str(", atomic");
        }
        let _ = write!(text, ", {} proxy", effect.proxy.word());
        match effect.completion {
            Completion::Immediate => {}
            Completion::Group(group) => {
                let _ = write!(text, ", asynchronous ({} group)", group.word());
            }
            Completion::Mbarrier(p) => {
                let _ = write!(text, ", asynchronous (complete-tx on {})", self.operand(p));
            }
            Completion::Unobserved => text.push_str(", asynchronous"),
        }
        if let Some(p) = effect.row_lanes {
            let _ = write!(
                text,
                ", row addresses from the first 8 lanes per register of {}",
                self.operand(p)
            );
        }
        if let Some(p) = effect.when {
            let _ = write!(
                text,
                " (with {})",
                self.form.parts.get(usize::from(p)).map_or("?", |p| p.name)
            );
        }
        let _ = write!(text, "   [{}]", effect.source);
        text
    }

    /// One sync line said.
    fn sync(&self, effect: &SyncEffect) -> String {
        match *effect {
            SyncEffect::Barrier {
                scope,
                mode,
                id,
                threads,
                aligned,
                order,
            } => self.barrier(scope, mode, id, threads, aligned, order),
            SyncEffect::WarpBarrier { mask } => format!("warp barrier of the lanes of {}", self.operand(mask)),
            SyncEffect::Fence {
                order,
                scope,
                proxy,
                space,
            } => self.fence(order, scope, proxy, space),
            SyncEffect::Commit { group, mbarrier } => match mbarrier {
                Some(m) => format!(
                    "commits the {} operations, tracked by the mbarrier at {}",
                    group.word(),
                    self.operand(m)
                ),
                None => format!("commits the pending {} operations into a group", group.word()),
            },
            SyncEffect::Wait { group, pending, read } => {
                let mut t = match pending {
                    Some(n) => format!(
                        "waits until at most {} {} groups are pending",
                        self.operand(n),
                        group.word()
                    ),
                    None => format!("waits for every {} operation", group.word()),
                };
                if self.flag(read) {
                    t.push_str(" (their reads)");
                }
                t
            }
            SyncEffect::Mbarrier {
                op,
                object,
                drop,
                expect_tx,
                ..
            } => self.mbarrier(op, object, drop, expect_tx),
            SyncEffect::OperandFence { group } => {
                format!("orders prior accesses before later {} operations", group.word())
            }
            SyncEffect::Collective { mask, aligned, legacy } => self.collective(mask, aligned, legacy),
            SyncEffect::Elect { mask } => format!("elects one lane of {}", self.operand(mask)),
            SyncEffect::ActiveMask => "reads the mask of the active lanes".to_string(),
            SyncEffect::TensorFree => "frees Tensor Memory columns".to_string(),
            SyncEffect::Exit => "ends the thread".to_string(),
            SyncEffect::Trap => "aborts the kernel".to_string(),
        }
    }

    /// A fence line said: an ordinary fence with its semantics, or a proxy fence; its scope
    /// and the state space it is restricted to.
    fn fence(&self, order: Order, scope: Option<Scope>, proxy: Option<Proxy>, space: Option<u8>) -> String {
        let mut t = match proxy {
            Some(proxy) => format!("proxy fence (generic and {})", proxy.word()),
            None => format!("fence, {}", self.order.unwrap_or(order).word()),
        };
        if let Some(scope) = self.scope.or(scope) {
            let _ = write!(t, ".{}", scope.word());
        }
        if let Some(space) = space.and_then(|p| self.written(p)) {
            let _ = write!(t, ", {space} only");
        }
        t
    }

    /// A warp collective line said: the lanes it gathers, and whether aligned.
    fn collective(&self, mask: Option<u8>, aligned: Flag, legacy: bool) -> String {
        let mut t = match mask {
            Some(m) => format!("warp collective over the lanes of {}", self.operand(m)),
            None if legacy => "warp collective over the active lanes (lockstep warps)".to_string(),
            None => "warp collective over the whole warp".to_string(),
        };
        if self.flag(aligned) {
            t.push_str(", aligned");
        }
        t
    }

    /// A barrier line said: which threads, what they do, the barrier and thread count, and a
    /// cluster barrier's semantics.
    fn barrier(
        &self,
        scope: BarrierScope,
        mode: BarrierMode,
        id: Option<u8>,
        threads: Option<u8>,
        aligned: Flag,
        order: Order,
    ) -> String {
        let mut t = format!(
            "{} barrier, {}",
            if scope == BarrierScope::Cta { "CTA" } else { "cluster" },
            match mode {
                BarrierMode::Wait => "arrive and wait",
                BarrierMode::Arrive => "arrive",
                BarrierMode::Reduce => "arrive, wait and reduce",
            }
        );
        if let Some(id) = id {
            let _ = write!(t, ", barrier {}", self.operand(id));
        }
        if let Some(threads) = threads {
            let _ = write!(t, ", {} threads", self.operand(threads));
        }
        if self.flag(aligned) {
            t.push_str(", aligned");
        }
        if scope == BarrierScope::Cluster {
            let _ = write!(t, ", {}", self.order.unwrap_or(order).word());
        }
        t
    }

    /// An mbarrier line said: the operation, its object, and its expect-tx and drop.
    fn mbarrier(&self, op: MbarrierOp, object: u8, drop: Flag, expect_tx: Flag) -> String {
        let what = match op {
            MbarrierOp::Init => "init",
            MbarrierOp::Inval => "inval",
            MbarrierOp::Arrive => "arrive-on",
            MbarrierOp::ExpectTx => "expect-tx",
            MbarrierOp::CompleteTx => "complete-tx",
            MbarrierOp::TestWait => "test-wait",
            MbarrierOp::TryWait => "try-wait",
            MbarrierOp::PendingCount => "pending-count",
            MbarrierOp::TrackCpAsync => "arrive-on when the prior cp.async operations complete",
        };
        let mut t = format!("mbarrier {what} on {}", self.operand(object));
        if self.flag(expect_tx) {
            t.push_str(", after an expect-tx");
        }
        if self.flag(drop) {
            t.push_str(", dropping the thread from later phases");
        }
        t
    }
}
