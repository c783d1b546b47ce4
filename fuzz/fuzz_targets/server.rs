//! Fuzz target: see `ptxkit_fuzz::check_server`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(text) = ptxkit_fuzz::text(data) {
        ptxkit_fuzz::check_server(text);
    }
});
