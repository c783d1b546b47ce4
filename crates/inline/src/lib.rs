//! Inline PTX in CUDA C++: `asm()` statements found with tree-sitter-cpp and
//! turned into PTX that the PTX tools can check, with a map from every byte
//! of that PTX back to the C++ file.
//!
//! - [`extract`] finds `asm`/`__asm__` statements (also in `#define` bodies,
//!   `NV_IF_TARGET` branches and around `#if` lines inside the argument
//!   list), joins and decodes the template's string literals, reads the
//!   operands and clobbers, and what the preprocessor conditions around the
//!   statement say about its target and PTX version ([`guard`]).
//! - [`translate`] substitutes the operands the way nvcc does and wraps the
//!   template into a PTX module ([`Translation`]), whose [`SourceMap`] maps
//!   PTX offsets back into the C++ file.
//! - [`analysis`] reads the translated PTX: where each operand is read and
//!   written, and which instructions have side effects.
//!
//! ```
//! let text = r#"__device__ unsigned lane() {
//!   unsigned r;
//!   asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
//!   return r;
//! }"#;
//! let found = ptxkit_inline::extract(text);
//! let statement = &found.statements[0];
//! let ptx = ptxkit_inline::translate(statement, &ptxkit_inline::Destination::default());
//! assert!(ptx.text.contains("mov.u32 %_asm0, %laneid;"));
//! let at = ptx.text.find("%laneid").unwrap();
//! assert_eq!(&text[ptx.map.to_cpp(at..at + 7)], "%%laneid");
//! ```

pub mod analysis;
pub mod constraint;
pub mod cpp;
pub mod effects;
mod extract;
pub mod guard;
mod lex;
pub mod literal;
mod scopes;
pub mod statement;
pub mod template;
pub mod translate;
pub mod variants;

pub use extract::{Extraction, extract};
pub use lex::split_arguments;
pub use statement::{AsmStatement, Clobber, Context, Operand, SkipReason, Skipped};
pub use translate::{
    Destination, Reference, Resolved, Source, SourceMap, Translation, UnsupportedSequence, looks_like_ptx, placeholder,
    translate,
};
