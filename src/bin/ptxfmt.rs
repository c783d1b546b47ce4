//! `ptxfmt`: format PTX. See [`ptxkit_fmt::cli`].

fn main() -> std::process::ExitCode {
    ptxkit_fmt::cli::main()
}
