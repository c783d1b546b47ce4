//! `ptxlint`: lint PTX. See [`ptxkit_lint::cli`].

fn main() -> std::process::ExitCode {
    ptxkit_lint::cli::main()
}
