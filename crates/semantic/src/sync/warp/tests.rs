use super::*;

/// The report of the first function of `body` wrapped in a kernel for `target`
/// (declarations: %r<40>, %rd<9>, %p<8>, `.shared s[1024]`, `.shared t[1024]`).
fn analysed(attrs: &str, body: &str) -> (String, WarpReport) {
    let text = format!(
        ".version 6.0\n.target sm_60\n.address_size 64\n.visible .entry k(.param .u64 p, .param .u32 n){attrs}\n{{\n.reg .b32 %r<40>;\n.reg .b64 %rd<9>;\n.reg .pred %p<8>;\n.shared .align 4 .b8 s[1024];\n.shared .align 4 .b8 t[1024];\n{body}\nret;\n}}\n"
    );
    let parsed = ptxkit_syntax::parse(&text);
    let symbols = SymbolTable::build(&parsed);
    let mut all = module(&parsed, &symbols);
    let (flow, report) = all.remove(0);
    let line = |i: InsnId| text[..flow.insns[i as usize].node().start_byte()].matches('\n').count() + 1;
    let mut lines = String::new();
    for e in &report.exchanges {
        lines.push_str(&format!(
            "{} {}->{} {:?} {}\n",
            match e.via {
                Via::Order => "order",
                Via::Sides(_) => "sides",
                Via::Spin(_) => "spin",
            },
            line(e.first),
            line(e.second),
            e.lanes.map(|(a, b)| (a.tid[0], b.tid[0])),
            match e.fix {
                Ok(Point::Before(i)) => format!("before {}", line(i)),
                Ok(Point::After(i)) => format!("after {}", line(i)),
                Err(why) => format!("{why:?}"),
            }
        ));
    }
    for c in &report.collectives {
        lines.push_str(&format!("collective {} {:?}\n", line(c.insn), c.fix.is_ok()));
    }
    (lines, report)
}

const SLOT: &str = "mov.u32 %r1, %tid.x;\nshl.b32 %r2, %r1, 2;\nmov.u32 %r3, s;\nadd.s32 %r4, %r3, %r2;\n";

#[test]
fn each_lane_its_own_slot_is_no_exchange() {
    let (found, warps) = analysed(
        "",
        &format!("{SLOT}st.shared.u32 [%r4], %r1;\nld.shared.u32 %r5, [%r4];"),
    );
    assert!(warps.is_empty(), "{found}");
}

#[test]
fn a_neighbours_slot_is_an_exchange_fixed_before_the_read() {
    let (found, warps) = analysed(
        "",
        &format!("{SLOT}st.shared.u32 [%r4], %r1;\nld.shared.u32 %r5, [%r4+4];"),
    );
    assert_eq!(found, "order 15->16 Some((1, 0)) before 16\n");
    assert!(warps.fixable());
    // A barrier between: nothing.
    let (found, _) = analysed(
        "",
        &format!("{SLOT}st.shared.u32 [%r4], %r1;\nbar.warp.sync -1;\nld.shared.u32 %r5, [%r4+4];"),
    );
    assert_eq!(found, "");
}

#[test]
fn slots_indexed_with_different_strides_meet_in_other_lanes() {
    // s[tid] = ...; x = s[2 * tid]: lane 2 writes the word lane 1 reads (different
    // coefficients: placed lane by lane).
    let (found, _) = analysed(
        "",
        &format!(
            "{SLOT}st.shared.u32 [%r4], %r1;\nshl.b32 %r5, %r1, 3;\nadd.s32 %r6, %r3, %r5;\nld.shared.u32 %r7, [%r6];"
        ),
    );
    assert_eq!(found, "order 15->18 Some((2, 1)) before 18\n");
}

#[test]
fn lanes_of_two_rows_of_one_warp_share_a_slot_indexed_by_x_alone() {
    // A 16 x 2 block: lanes 0 and 16 of the warp have the same x, so the same slot.
    let (found, _) = analysed(
        " .reqntid 16, 2, 1",
        &format!("{SLOT}mov.u32 %r9, %tid.y;\nst.shared.u32 [%r4], %r9;\nld.shared.u32 %r5, [%r4];"),
    );
    assert_eq!(found, "order 16->17 Some((0, 0)) before 17\n");
    // The same slots with a block of one row: each lane its own.
    let (found, _) = analysed(
        " .reqntid 32, 1, 1",
        &format!("{SLOT}mov.u32 %r9, %tid.y;\nst.shared.u32 [%r4], %r9;\nld.shared.u32 %r5, [%r4];"),
    );
    assert_eq!(found, "");
}

#[test]
fn a_kernel_written_for_128_threads_is_not_searched_in_256() {
    // CUB's block radix rank, in small: each thread's 36-byte segment of a table sized for 128
    // threads, then each warp's total in the 4 words after the segments. With 256 threads,
    // thread 128's segment would hold warp 4's total (lane 159 writes what lane 128 reads),
    // but thread 128 would also read past the table: the kernel is written for 128 threads.
    let body = ".shared .align 4 .b8 u[4640];\nmov.u32 %r1, %tid.x;\nmov.u32 %r2, u;\nmad.lo.s32 %r3, %r1, 36, %r2;\nld.shared.u32 %r4, [%r3+16];\nld.shared.u32 %r5, [%r3+32];\nadd.s32 %r6, %r4, %r5;\nshr.u32 %r7, %r1, 5;\nshl.b32 %r8, %r7, 2;\nadd.s32 %r9, %r2, %r8;\nand.b32 %r10, %r1, 31;\nsetp.ne.s32 %p1, %r10, 31;\n@%p1 bra DONE;\nst.shared.u32 [%r9+4608], %r6;\nDONE:";
    let (found, _) = analysed("", body);
    assert_eq!(found, "");
    // Declared for 256 threads, the same code is searched there (and its reads past the table
    // are the evaluation's limit, not a shape to shrink).
    let (found, _) = analysed(" .reqntid 256, 1, 1", body);
    assert_ne!(found, "");
}

#[test]
fn a_scan_reading_the_word_before_its_table_is_still_searched() {
    // if (tid < 16) { x = u[tid] + u[tid - 1]; u[tid] = x; }: thread 0 reads before the table
    // in every block shape (its value discarded), which says nothing of the shape; lane 1
    // reads what lane 0 writes.
    let body = ".shared .align 4 .b8 u[64];\nmov.u32 %r1, %tid.x;\nsetp.ge.u32 %p1, %r1, 16;\n@%p1 bra DONE;\nmov.u32 %r2, u;\nshl.b32 %r3, %r1, 2;\nadd.s32 %r4, %r2, %r3;\nld.volatile.shared.u32 %r5, [%r4];\nld.volatile.shared.u32 %r6, [%r4+-4];\nadd.s32 %r7, %r5, %r6;\nst.volatile.shared.u32 [%r4], %r7;\nDONE:";
    let (found, _) = analysed("", body);
    assert!(
        found.contains("Some((0, 1))") || found.contains("Some((1, 0))"),
        "{found}"
    );
}

#[test]
fn a_kernel_whose_rows_are_8_wide_is_not_searched_in_rows_of_16() {
    // s[8 * ty + tx] = tx; x = s[8 * ty + tx]: each thread its own slot in rows of 8 (the
    // SDK's 8 x 8 DCT). In rows of 16, threads (8, 0) and (0, 1) would store different values
    // into one slot: the kernel is written for rows of 8, where nothing is exchanged.
    let body = "mov.u32 %r1, %tid.x;\nmov.u32 %r2, %tid.y;\nshl.b32 %r3, %r2, 3;\nadd.s32 %r4, %r3, %r1;\nshl.b32 %r5, %r4, 2;\nmov.u32 %r6, s;\nadd.s32 %r7, %r6, %r5;\nst.shared.u32 [%r7], %r1;\nld.shared.u32 %r8, [%r7];";
    let (found, _) = analysed("", body);
    assert_eq!(found, "");
    // Storing one value from every row (a table filled by each row alike) says nothing of the
    // width: searched in rows of 32, the write by (8, 0) and the read by (0, 1) of one slot
    // are an exchange.
    let uniform = body.replace("st.shared.u32 [%r7], %r1;", "st.shared.u32 [%r7], 7;");
    let (found, _) = analysed("", &uniform);
    assert_ne!(found, "");
}

#[test]
fn a_warp_reduction_after_a_whole_warp_branch_is_fixable() {
    // if (tid < 32) { s[tid] += s[tid + 16]; s[tid] += s[tid + 8]; }
    let body = format!(
        "{SLOT}setp.ge.u32 %p1, %r1, 32;\n@%p1 bra DONE;\nld.volatile.shared.u32 %r5, [%r4+64];\nld.volatile.shared.u32 %r6, [%r4];\nadd.s32 %r7, %r5, %r6;\nst.volatile.shared.u32 [%r4], %r7;\nld.volatile.shared.u32 %r8, [%r4+32];\nld.volatile.shared.u32 %r9, [%r4];\nadd.s32 %r10, %r8, %r9;\nst.volatile.shared.u32 [%r4], %r10;\nDONE:"
    );
    let (found, warps) = analysed("", &body);
    assert!(warps.fixable(), "{found}");
    // Lane 0 reads s[16] at line 17, which lane 16 writes at line 20 (and 24); lane 8 writes
    // s[8] at line 20, which lane 0 reads at line 21.
    assert_eq!(
        found,
        "order 17->20 Some((0, 16)) before 20\norder 17->24 Some((0, 16)) before 24\norder 20->21 Some((8, 0)) before 21\norder 21->24 Some((0, 8)) before 24\n"
    );
}

#[test]
fn a_data_dependent_branch_is_not_converged() {
    // if (in[tid] > 0) { s[tid] = 1; x = s[tid + 1]; } __syncthreads();
    let body = format!(
        "{SLOT}ld.param.u64 %rd1, [p];\nmul.wide.u32 %rd2, %r1, 4;\nadd.s64 %rd3, %rd1, %rd2;\nld.global.u32 %r10, [%rd3];\nsetp.eq.s32 %p1, %r10, 0;\n@%p1 bra DONE;\nst.shared.u32 [%r4], %r1;\nld.shared.u32 %r5, [%r4+4];\nDONE:\nbar.sync 0;"
    );
    let (found, warps) = analysed("", &body);
    assert!(!warps.fixable(), "{found}");
    assert!(found.contains("Data"), "{found}");
}

#[test]
fn legacy_collectives_are_converged_or_not() {
    let (found, _) = analysed(
        "",
        "mov.u32 %r1, %tid.x;\nshfl.bfly.b32 %r2, %r1, 1, 31;\nsetp.lt.u32 %p1, %r1, 16;\n@%p1 shfl.bfly.b32 %r3, %r1, 1, 31;\n@%p1 bra DONE;\nshfl.bfly.b32 %r3, %r1, 1, 31;\nDONE:",
    );
    // The last runs in lanes 16 to 31 alone, but lanes 0 to 15 leave the kernel.
    assert_eq!(found, "collective 12 true\ncollective 14 false\ncollective 16 true\n");
}

#[test]
fn lanes_that_leave_the_kernel_do_not_split_the_warp() {
    // if (tid >= n) return; then a shuffle: the lanes left have exited.
    let early = "ld.param.u32 %r9, [n];\nmov.u32 %r1, %tid.x;\nsetp.ge.u32 %p1, %r1, %r9;\n@%p1 bra DONE;\nshfl.bfly.b32 %r2, %r1, 1, 31;\nDONE:";
    let (found, _) = analysed("", early);
    assert_eq!(found, "collective 15 true\n");
    // The same, but the other lanes store something first: they are still running.
    let late = "ld.param.u32 %r9, [n];\nmov.u32 %r1, %tid.x;\nsetp.ge.u32 %p1, %r1, %r9;\n@%p1 bra OTHER;\nshfl.bfly.b32 %r2, %r1, 1, 31;\nbra.uni DONE;\nOTHER:\nst.shared.u32 [s], %r1;\nDONE:";
    let (found, _) = analysed("", late);
    assert_eq!(found, "collective 15 false\n");
}

#[test]
fn weak_global_accesses_count_through_one_pointer_only() {
    let global =
        "ld.param.u64 %rd1, [p];\nmov.u32 %r1, %tid.x;\nmul.wide.u32 %rd2, %r1, 4;\nadd.s64 %rd3, %rd1, %rd2;\n";
    // out[tid] = in[tid] through two parameters: not an exchange.
    let (found, _) = analysed(
        "",
        &format!("{global}ld.global.u32 %r2, [%rd3];\nld.param.u64 %rd4, [p];\nst.global.u32 [%rd3+4096], %r2;"),
    );
    assert_eq!(found, "");
    // a[tid] = a[tid + 1]: one pointer, neighbouring lanes.
    let (found, _) = analysed(
        "",
        &format!("{global}ld.global.u32 %r2, [%rd3+4];\nst.global.u32 [%rd3], %r2;"),
    );
    assert_eq!(found, "order 15->16 Some((0, 1)) before 16\n");
}

#[test]
fn a_spin_on_a_flag_another_lane_sets_is_refused() {
    // lane 0 sets s[0]; every lane waits for it.
    let body = "mov.u32 %r1, %tid.x;\nmov.u32 %r3, s;\nsetp.ne.u32 %p1, %r1, 0;\n@%p1 bra WAIT;\nst.volatile.shared.u32 [%r3], 1;\nWAIT:\nld.volatile.shared.u32 %r5, [%r3];\nsetp.eq.u32 %p2, %r5, 0;\n@%p2 bra WAIT;";
    let (found, warps) = analysed("", body);
    assert!(found.contains("spin 15->17 Some((0, 1)) Spin"), "{found}");
    assert!(!warps.fixable());
}

/// Whether [`analyze_with`] asks for the values of the first function of `text` through
/// shared memory only.
fn asks_for_values(text: &str) -> bool {
    let parsed = ptxkit_syntax::parse(text);
    let symbols = SymbolTable::build(&parsed);
    let flows = FunctionFlow::all(&parsed, &symbols);
    let mut asked = false;
    analyze_with(&flows[0], &symbols, &ModuleFacts::unknown(), Memory::Shared, || {
        asked = true;
        ValueFlow::of(&flows[0], &symbols)
    });
    asked
}

#[test]
fn through_shared_memory_only_functions_that_cannot_reach_it_are_not_followed() {
    let kernel = |decl: &str, body: &str| {
        format!(
            ".version 7.0\n.target sm_80\n.address_size 64\n{decl}\n.visible .entry k(.param .u64 p)\n{{\n.reg .b32 %r<9>;\n.reg .b64 %rd<9>;\nld.param.u64 %rd1, [p];\nmov.u32 %r1, %tid.x;\n{body}\nret;\n}}\n"
        )
    };
    // Global and generic accesses through a pointer parameter: no shared memory anywhere.
    assert!(!asks_for_values(&kernel(
        "",
        "st.global.u32 [%rd1], %r1;\nld.u32 %r2, [%rd1+4];"
    )));
    // A `.shared` access, a module-scope shared variable named in a generic address, the
    // shared window made by `cvta`, a lockstep collective: followed.
    assert!(asks_for_values(&kernel("", "st.shared.u32 [%r1], %r1;")));
    assert!(asks_for_values(&kernel(
        ".shared .align 4 .b8 s[128];",
        "mov.u64 %rd2, s;\nst.u32 [%rd2], %r1;"
    )));
    assert!(asks_for_values(&kernel(
        "",
        "cvta.shared.u64 %rd2, %rd1;\nst.u32 [%rd2], %r1;"
    )));
    assert!(asks_for_values(&kernel("", "shfl.up.b32 %r2, %r1, 1, 0;")));
}

#[test]
fn a_loop_write_read_after_the_loop_is_judged_in_its_last_iteration() {
    // A scan's up-sweep: a barrier at the loop's head, lanes below the stride write their
    // neighbour's slot, the stride halved to zero; lane 0 reads s[2] after the loop. In the
    // last iteration only lane 0 writes (s[1]), so no lane's write meets the read unordered.
    let body = |guard: &str| {
        format!(
            "{SLOT}mov.u32 %r10, 128;\nLOOP:\nbar.sync 0;\nsetp.ge.u32 %p1, %r1, {guard};\n@%p1 bra NEXT;\nst.shared.u32 [%r4+4], %r1;\nNEXT:\nshr.u32 %r10, %r10, 1;\nsetp.ne.s32 %p2, %r10, 0;\n@%p2 bra LOOP;\nsetp.ne.s32 %p3, %r1, 0;\n@%p3 bra DONE;\nld.shared.u32 %r5, [%r3+8];\nDONE:"
        )
    };
    let (found, warps) = analysed("", &body("%r10"));
    assert!(warps.is_empty(), "{found}");
    // Every iteration lets lane 1 write s[2]: the last one too.
    let (found, _) = analysed("", &body("64"));
    assert!(found.starts_with("order 20->27 Some((1, 0))"), "{found}");
}
