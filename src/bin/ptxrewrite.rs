//! `ptxrewrite`: move PTX between ISA versions and targets. See
//! [`ptxkit_rewrite::cli`].

fn main() -> std::process::ExitCode {
    ptxkit_rewrite::cli::main()
}
