//! The `ptxfmt` binary: see [`ptx_fmt::cli`].

fn main() -> std::process::ExitCode {
    ptx_fmt::cli::main()
}
