//! `ptxlint`: lint PTX. See [`ptxkit_cli::ptxlint`].

fn main() -> std::process::ExitCode {
    ptxkit_cli::ptxlint::main()
}

/// mimalloc, for Rust and (through its `override` feature) for tree-sitter's C code: on the
/// corpus it takes 10-15% less CPU time than glibc's malloc for the same work (a parse
/// allocates a node per token and a run frees every tree). `ptxls`, a long-running process,
/// keeps the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
