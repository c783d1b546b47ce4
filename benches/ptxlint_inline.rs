//! `cargo bench --bench ptxlint_inline`: ptxlint on a large generated CUDA
//! header in the style of CCCL's `cuda::ptx` headers (one function per
//! instruction variant, each an `asm` statement under `#if __cccl_ptx_isa`
//! and `NV_IF_ELSE_TARGET`), and on any C++ files given as arguments.
//! Prints statements per second; asserts nothing about time.

use std::fmt::Write as _;
use std::time::Instant;

use ptxkit_lint::Settings;
use ptxkit_lint::inline::lint_cpp_source;

/// A header with `count` asm statements, varied across instruction kinds
/// (barriers, mbarrier waits with loops, bulk copies, loads and stores,
/// arithmetic), operand lists and guards.
fn generated_header(count: usize) -> String {
    let mut out = String::from("// generated for the benchmark\n#ifndef BENCH_H_\n#define BENCH_H_\n");
    let spaces = ["shared::cta", "shared::cluster"];
    let sems = ["acquire", "relaxed"];
    let scopes = ["cta", "cluster"];
    for i in 0..count {
        let isa = 860;
        let sm = [90, 100][i % 2];
        let body = match i % 6 {
            0 => "asm volatile(\"barrier.cluster.arrive.release;\" : : : \"memory\");".to_string(),
            1 => format!(
                "_CUDA_VSTD::uint32_t __waitComplete;\n     asm(\"{{\\n\\t .reg .pred P_OUT; \\n\\t\"\n         \"mbarrier.try_wait.{}.{}.shared::cta.b64 P_OUT, [%1], %2; \\n\\t\"\n         \"selp.b32 %0, 1, 0, P_OUT; \\n\"\n         \"}}\"\n         : \"=r\"(__waitComplete)\n         : \"r\"(__as_ptr_smem(__addr)), \"l\"(__state)\n         : \"memory\");",
                sems[i % 2], scopes[(i / 2) % 2]
            ),
            2 => format!(
                "asm(\"cp.async.bulk.{}.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\"\n        :\n        : \"r\"(__as_ptr_smem(__dstMem)), \"l\"(__as_ptr_gmem(__srcMem)), \"r\"(__size), \"r\"(__as_ptr_smem(__smem_bar))\n        : \"memory\");",
                spaces[i % 2]
            ),
            3 => "asm volatile(\"st.global.relaxed.gpu.b32 [%0], %1;\" : : \"l\"(__as_ptr_gmem(__addr)), \"r\"(__val) : \"memory\");".to_string(),
            4 => "_CUDA_VSTD::uint32_t __dest;\n     asm volatile(\"ld.global.acquire.gpu.b32 %0, [%1];\" : \"=r\"(__dest) : \"l\"(__as_ptr_gmem(__addr)) : \"memory\");".to_string(),
            _ => "_CUDA_VSTD::uint32_t __d;\n     asm(\"prmt.b32 %0, %1, %2, %3;\" : \"=r\"(__d) : \"r\"(__a), \"r\"(__b), \"r\"(__c));".to_string(),
        };
        let _ = write!(
            out,
            "\n/*\n// variant {i}\n*/\n#if __cccl_ptx_isa >= {isa}\ntemplate <typename = void>\n_CCCL_DEVICE static inline void op_{i}()\n{{\n  NV_IF_ELSE_TARGET(\n    NV_PROVIDES_SM_{sm},\n    ({body}),\n    (__cuda_ptx_op_{i}_is_not_supported__();));\n}}\n#endif // __cccl_ptx_isa >= {isa}\n"
        );
    }
    out.push_str("#endif\n");
    out
}

fn measure(name: &str, text: &str) {
    let settings = Settings::default();
    // Warm up (query compilation), then the best of three.
    let result = lint_cpp_source(text, &settings);
    let best = (0..3)
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(lint_cpp_source(text, &settings));
            started.elapsed()
        })
        .min()
        .expect("three runs");
    let statements = result.stats.analysed;
    println!(
        "{name}: {} kB, {statements} asm statements ({} skipped), {} findings: {:.3} s ({:.0} statements/s)",
        text.len() / 1024,
        result.stats.skipped,
        result.diagnostics.len(),
        best.as_secs_f64(),
        statements as f64 / best.as_secs_f64()
    );
}

fn main() {
    for count in [1_000, 5_000] {
        let header = generated_header(count);
        measure(&format!("generated CCCL-style header, {count} statements"), &header);
    }
    for path in std::env::args().skip(1).filter(|a| !a.starts_with('-')) {
        match std::fs::read_to_string(&path) {
            Ok(text) => measure(&path, &text),
            Err(err) => eprintln!("{path}: {err}"),
        }
    }
}
