//! `ptxfmt`: format PTX. See [`ptxkit_cli::ptxfmt`].

fn main() -> std::process::ExitCode {
    ptxkit_cli::ptxfmt::main()
}
