//! `ptxrewrite`: move PTX between ISA versions and targets. See
//! [`ptx_rewrite::cli`].

fn main() -> std::process::ExitCode {
    ptx_rewrite::cli::main()
}
