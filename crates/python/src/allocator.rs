//! mimalloc for the module, as the cargo-built binaries have it (`src/bin/ptxlint.rs`): for
//! Rust's allocations (the global allocator) and for tree-sitter's C code (its allocator
//! hooks, set once when the module is imported, before this module's first parse). The
//! binaries reach the C code through mimalloc's `override` feature instead; a library loaded
//! into Python must not replace the interpreter's `malloc`, so the module sets tree-sitter's
//! own hooks. On the corpus, glibc's malloc made the in-process commands 14-17% slower than
//! the binaries (docs/src/python.md, "Performance").

use std::ffi::c_void;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

unsafe extern "C" fn malloc(size: usize) -> *mut c_void {
    // SAFETY: mi_malloc takes any size.
    unsafe { libmimalloc_sys::mi_malloc(size) }
}

unsafe extern "C" fn calloc(count: usize, size: usize) -> *mut c_void {
    match count.checked_mul(size) {
        // SAFETY: mi_zalloc takes any size and zeroes it, as calloc does.
        Some(bytes) => unsafe { libmimalloc_sys::mi_zalloc(bytes) },
        None => std::ptr::null_mut(),
    }
}

unsafe extern "C" fn realloc(pointer: *mut c_void, size: usize) -> *mut c_void {
    // SAFETY: tree-sitter passes null or a pointer these functions returned.
    unsafe { libmimalloc_sys::mi_realloc(pointer, size) }
}

unsafe extern "C" fn free(pointer: *mut c_void) {
    // SAFETY: as for realloc.
    unsafe { libmimalloc_sys::mi_free(pointer) }
}

/// Makes tree-sitter allocate with mimalloc. Called once, from the module's initialisation,
/// before any tree-sitter object exists in this module (its copy of tree-sitter is its own:
/// the C symbols are not exported from the extension).
pub fn install() {
    // SAFETY: one allocator family, non-null for non-zero sizes (mimalloc aborts on out of
    // memory only when asked; tree-sitter checks for null and aborts), malloc's alignment;
    // called before this module's first tree-sitter call, on the importing thread (Python
    // imports a module once, holding the import lock).
    unsafe {
        ptxkit_syntax::tree_sitter::set_allocator(Some(ptxkit_syntax::tree_sitter::Allocator {
            malloc,
            calloc,
            realloc,
            free,
        }));
    }
}
