//! Control flow and dataflow inside one function body.
//!
//! - [`cfg`]: the [`FunctionFlow`] of a body: its instructions in order, basic blocks
//!   (cut at labels and after `bra`, `brx.idx`, `ret`, `exit`, `trap`), successor and
//!   predecessor edges (`brx.idx` through its `.branchtargets` list; a guarded branch or
//!   return also falls through), the reverse post-order, and the registers every
//!   instruction writes and reads ([`access`]).
//! - [`solve`]: a small forward dataflow framework: a [`Lattice`] with a join, an
//!   [`Analysis`] with a transfer function per block, and [`solve::forward`], a worklist
//!   in reverse post-order that returns the in-state of every block.
//! - [`alignment`]: known alignment as a congruence relative to a base (a symbol, a kernel
//!   parameter, or the value an unknown instruction produced).
//! - [`undefined`]: registers that may be read before any write.
//!
//! Everything is built once per function; the analyses allocate their per-block states
//! up front and nothing per instruction.

pub mod access;
pub mod alignment;
pub mod cfg;
pub mod solve;
pub mod undefined;

pub use access::{Access, Registers};
pub use cfg::{Block, BlockId, FunctionFlow, InsnId, RegId};
pub use solve::{Analysis, Lattice};
