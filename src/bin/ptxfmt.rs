//! `ptxfmt`: format PTX. See [`ptx_fmt::cli`].

fn main() -> std::process::ExitCode {
    ptx_fmt::cli::main()
}
