//! `ptxlint`: lint PTX. See [`ptx_lint::cli`].

fn main() -> std::process::ExitCode {
    ptx_lint::cli::main()
}
