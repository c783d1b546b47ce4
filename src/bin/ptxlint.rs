//! `ptxlint`: lint PTX. See [`ptxkit_cli::ptxlint`].

fn main() -> std::process::ExitCode {
    ptxkit_cli::ptxlint::main()
}
