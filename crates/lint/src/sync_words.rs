//! What the synchronisation rules share: how an access and a line read in messages.

use ptxkit_isa::signature::semantics::Access;
use ptxkit_syntax::tree_sitter::Node;

/// `writes`, `reads`, `updates`.
pub(crate) fn access_verb(access: Access) -> &'static str {
    match access {
        Access::Read => "reads",
        Access::Write => "writes",
        Access::Modify => "updates",
    }
}

/// The 1-based line of a node.
pub(crate) fn line_of(node: Node<'_>) -> usize {
    node.start_position().row + 1
}

/// For an operation issued in an earlier iteration: the label at the first instruction of the
/// loop the path went round since (`loop_head`), unless that is the finding's own instruction
/// `at`, saying the wait for `what` belongs between there and the `access`.
pub(crate) fn round_the_loop<'a>(
    flow: &ptxkit_semantic::flow::FunctionFlow<'a>,
    loop_head: Option<u32>,
    at: u32,
    what: &str,
    access: &str,
) -> Option<(Node<'a>, String)> {
    let head = loop_head.filter(|&h| h != at)?;
    Some((
        flow.insns[head as usize].node(),
        format!("the path comes round the loop here: wait for the {what} between here and the {access}"),
    ))
}

/// That `who` makes its access (`verb`) at `line` only when values it loaded from shared
/// memory compare one way: a compare-and-swap's store, which some contents of shared memory
/// make run.
pub(crate) fn only_when_compared(who: &str, verb: &str, line: usize) -> String {
    format!(
        "{who} {verb} at line {line} only when values it loaded from shared memory compare that way, as some contents of shared memory make them"
    )
}

/// Why no `cp.async` group wait covered a copy on the path, for a message: only "no wait
/// covers it" names both waits; the others name the one seen.
pub(crate) fn uncovered_copy_reason(
    flow: &ptxkit_semantic::flow::FunctionFlow<'_>,
    uncovered: ptxkit_semantic::sync::protocols::Uncovered,
) -> String {
    let wait = match uncovered.uncommitted_at.or(uncovered.left_pending_by) {
        Some(_) => "cp.async.wait_group",
        None => "cp.async.wait_group` or `wait_all",
    };
    uncovered_reason(flow, uncovered, wait)
}

/// Why no wait covered an asynchronous operation on the path, for a message: `wait` names
/// the wait instruction (`cp.async.wait_group`).
pub(crate) fn uncovered_reason(
    flow: &ptxkit_semantic::flow::FunctionFlow<'_>,
    uncovered: ptxkit_semantic::sync::protocols::Uncovered,
    wait: &str,
) -> String {
    let line = |i: u32| line_of(flow.insns[i as usize].node());
    match (uncovered.uncommitted_at, uncovered.left_pending_by) {
        (Some(w), _) => format!(
            "it was not committed before the `{wait}` at line {}, which waits only for committed groups",
            line(w)
        ),
        (None, Some(w)) => format!(
            "the `{wait}` at line {} lets its group stay pending (it waits only for the older ones)",
            line(w)
        ),
        (None, None) => match uncovered.committed_at {
            Some(c) => format!(
                "no `{wait}` after its commit at line {} covers it on this path",
                line(c)
            ),
            None => format!("no `{wait}` covers it on this path"),
        },
    }
}

/// The diagnostic of a divergent barrier or collective (`what`: "barrier", "collective").
/// Reports, each with `help`, the divergences of `kind` in `function` whose skipping threads
/// leave the kernel (`exits`) or go on without it (`!exits`); `what` names the instruction
/// ("barrier", "collective"). The three divergence rules are this call with their filter.
pub(crate) fn report_divergences<'a>(
    checker: &mut crate::checker::Checker<'a>,
    function: Node<'a>,
    kind: ptxkit_semantic::sync::divergence::Collective,
    exits: bool,
    what: &str,
    help: &str,
) {
    let report = checker.sync_of(function);
    let flow = checker.flow_of(function);
    let Some(flow) = flow.as_ref() else {
        return;
    };
    for d in report.divergences.iter().filter(|d| d.kind == kind && d.exits == exits) {
        let diagnostic = divergence_diagnostic(checker, flow, &d.shape, d, what).with_help(help);
        checker.report(diagnostic);
    }
}

fn divergence_diagnostic(
    checker: &crate::checker::Checker<'_>,
    flow: &ptxkit_semantic::flow::FunctionFlow<'_>,
    shape: &ptxkit_semantic::sync::kernel::Shape,
    d: &ptxkit_semantic::sync::divergence::Divergence,
    what: &str,
) -> ptxkit_syntax::Diagnostic {
    use ptxkit_semantic::sync::divergence::Parting;
    use ptxkit_syntax::Span;
    let node = flow.insns[d.insn as usize].node();
    let branch = flow.insns[d.branch as usize].node();
    let (line, branch_line) = (line_of(node), line_of(branch));
    // A guarded `exit`/`ret` parts the threads by itself.
    let leaves_here = d.exits && d.branch != d.insn && flow.leaves_when_guarded(flow.block_of(d.branch));
    let goes = if d.exits {
        "leaves the kernel".to_string()
    } else if let Some(race) = &d.unordered {
        let ((w, t1), (r, t2)) = (&race.first, &race.second);
        format!(
            "goes on without it: {} {} `{}` at line {}, which {} {} at line {} before the barrier, and nothing orders the two",
            r.doer(shape, *t2),
            access_verb(r.access),
            race.address,
            line_of(flow.insns[r.insn as usize].node()),
            w.doer(shape, *t1),
            access_verb(w.access),
            line_of(flow.insns[w.insn as usize].node()),
        )
    } else {
        match d.elsewhere {
            // A guard the thread fails every time keeps it from the barrier for good.
            Some(other) if other == d.insn && d.branch == d.insn => "goes on without it".to_string(),
            Some(other) if other == d.insn => format!("reaches it again only later (line {line})"),
            Some(other) => format!("goes on to line {}", line_of(flow.insns[other as usize].node())),
            None => "goes on without it".to_string(),
        }
    };
    let when = match d.when {
        Parting::Always => "",
        Parting::ForSomeInputs => " for some values of the kernel's inputs",
        Parting::InLaterIteration => " in a later iteration of the loop",
    };
    let separated = if d.branch == d.insn {
        format!("its guard is false in {}", shape.describe(d.skipping))
    } else if leaves_here {
        format!("{} leaves the kernel at line {branch_line}", shape.describe(d.skipping))
    } else {
        format!(
            "the branch at line {branch_line} takes {} away",
            shape.describe(d.skipping)
        )
    };
    let message = if leaves_here {
        format!(
            "{} reaches this {what} at line {line} but {separated}{when}",
            shape.describe(d.reaching)
        )
    } else {
        format!(
            "{} reaches this {what} at line {line} but {separated}{when}; it {goes}",
            shape.describe(d.reaching)
        )
    };
    let mut diagnostic = checker
        .diagnostic(Span::of(node), message)
        .with_label(format!("{} reaches this {what}", shape.describe(d.reaching)))
        .with_note(if d.unordered.is_some() {
            format!(
                "in a block of {} threads; ptxas accepts this, and which value the access sees depends on timing",
                shape.threads()
            )
        } else {
            format!(
                "in a block of {} threads; ptxas accepts this, and the {what} hangs or lets threads through early",
                shape.threads()
            )
        });
    if d.branch != d.insn {
        diagnostic = diagnostic.with_secondary(Span::of(branch), "the threads part here");
    }
    if let Some(race) = &d.unordered {
        let ((w, t1), (r, t2)) = (&race.first, &race.second);
        diagnostic = diagnostic
            .with_secondary(
                Span::of(flow.insns[w.insn as usize].node()),
                format!(
                    "{} {} `{}` here",
                    w.doer(shape, *t1),
                    access_verb(w.access),
                    race.address
                ),
            )
            .with_secondary(
                Span::of(flow.insns[r.insn as usize].node()),
                format!(
                    "{} {} it here, without waiting",
                    r.doer(shape, *t2),
                    access_verb(r.access)
                ),
            );
    }
    if let Some(other) = d.elsewhere.filter(|&o| o != d.insn) {
        diagnostic = diagnostic.with_secondary(
            Span::of(flow.insns[other as usize].node()),
            format!("{} reaches this instead", shape.describe(d.skipping)),
        );
    }
    diagnostic
}

/// Reports the protocol findings of `function` that `pick` accepts, each with the message,
/// label and secondary `describe` gives: (message, label, secondary span node, secondary label),
/// and the help `help` gives for its kind.
pub(crate) fn report_protocols<'a, S: IntoIterator<Item = (ptxkit_syntax::tree_sitter::Node<'a>, String)>>(
    checker: &mut crate::checker::Checker<'a>,
    function: ptxkit_syntax::tree_sitter::Node<'a>,
    describe: impl Fn(
        &ptxkit_semantic::flow::FunctionFlow<'a>,
        &ptxkit_semantic::sync::protocols::ProtocolFinding,
    ) -> Option<(String, String, S)>,
    help: impl Fn(&ptxkit_semantic::sync::protocols::ProtocolKind) -> &'static str,
) {
    use ptxkit_syntax::Span;
    let report = checker.sync_of(function);
    let flow = checker.flow_of(function);
    let Some(flow) = flow.as_ref() else { return };
    for finding in &report.protocols {
        let Some((message, label, secondary)) = describe(flow, finding) else {
            continue;
        };
        let node = flow.insns[finding.insn as usize].node();
        let mut diagnostic = checker
            .diagnostic(Span::of(node), message)
            .with_label(label)
            .with_note("ptxas accepts this; on the GPU the result depends on timing")
            .with_help(help(&finding.kind).to_string());
        let mut labelled = Vec::new();
        for (other, text) in secondary {
            labelled.push(Span::of(other));
            diagnostic = diagnostic.with_secondary(Span::of(other), text);
        }
        // Where the missing commit goes, unless that is the operation already labelled.
        if let Some(u) = finding.kind.uncovered()
            && let (Some(last), Some(wait)) = (u.last_uncommitted, u.uncommitted_at)
            && !labelled.contains(&Span::of(flow.insns[last as usize].node()))
        {
            diagnostic = diagnostic.with_secondary(
                Span::of(flow.insns[last as usize].node()),
                format!(
                    "the group's last operation before the wait at line {}: commit the group after it",
                    line_of(flow.insns[wait as usize].node())
                ),
            );
        }
        if let Some(commit) = finding.kind.uncovered().and_then(|u| u.committed_at) {
            diagnostic = diagnostic.with_secondary(
                Span::of(flow.insns[commit as usize].node()),
                "its group is committed here; wait for it after this line",
            );
        }
        checker.report(diagnostic);
    }
}

/// The name of register `reg` of `flow`.
pub(crate) fn register_name(flow: &ptxkit_semantic::flow::FunctionFlow<'_>, reg: u32) -> String {
    flow.registers.name(reg).to_string()
}
