//! `ptxrewrite`: move PTX between ISA versions and targets. See
//! [`ptxkit_cli::ptxrewrite`].

fn main() -> std::process::ExitCode {
    ptxkit_cli::ptxrewrite::main()
}
