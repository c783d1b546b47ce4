//! What the warp analysis ([`ptxkit_semantic::sync::warp`]) finds, in words and edits: the
//! messages that name an exchange's two accesses and why its warp cannot be shown converged
//! (ptxrewrite's `independent-thread-scheduling` and ptxlint's `lockstep-exchange`), and the
//! `bar.warp.sync` insertions and `.sync` conversions that make lockstep code hold without
//! lockstep.

use ptxkit_semantic::flow::FunctionFlow;
use ptxkit_semantic::flow::cfg::InsnId;
use ptxkit_semantic::sync::warp::{Cause, Exchange, LegacyCollective, NotConverged, Point, Via, describe};
use ptxkit_syntax::{Span, TextEdit};

use crate::sync_words::{access_verb, line_of, only_when_compared};

/// The instruction that orders the lanes of a warp, with the full mask.
pub const WARP_BARRIER: &str = "bar.warp.sync 0xffffffff;";

/// An exchange in words: what each access does, at which line.
pub struct Described {
    /// The later access (a spin loop's read).
    pub span: Span,
    /// What happens, naming both lines.
    pub message: String,
    /// Under the later access.
    pub label: String,
    /// The earlier access and what it does there.
    pub secondary: Option<(Span, String)>,
    /// Which lane makes its access only when values it loaded from shared memory compare one
    /// way (a compare-and-swap's store), when one does.
    pub data_note: Option<String>,
}

/// `note` (why the warp cannot be shown converged, when there is one) followed by an
/// exchange's [`Described::data_note`].
pub fn note_and_data(note: Option<String>, data: Option<String>) -> Option<String> {
    match (note, data) {
        (Some(note), Some(data)) => Some(format!("{note}; {data}")),
        (note, data) => note.or(data),
    }
}

/// `exchange` of `flow`, in words.
pub fn describe_exchange(flow: &FunctionFlow<'_>, exchange: &Exchange) -> Described {
    let (a, b) = (
        flow.insns[exchange.first as usize].node(),
        flow.insns[exchange.second as usize].node(),
    );
    let (la, lb) = (line_of(a), line_of(b));
    let (va, vb) = (access_verb(exchange.first_access), access_verb(exchange.second_access));
    let what = exchange
        .address
        .as_deref()
        .map_or_else(|| "memory".to_string(), |address| format!("`{address}`"));
    let (who_a, who_b) = match exchange.lanes {
        Some((t1, t2)) => (describe(t1), format!("{} of the same warp", describe(t2))),
        None => ("a lane".to_string(), "another lane of its warp".to_string()),
    };
    let it = if exchange.lanes.is_some() {
        "it"
    } else {
        "the same bytes"
    };
    let message = match exchange.via {
        Via::Order => format!(
            "{who_a} {va} {what} at line {la} and {who_b} {vb} {it} at line {lb}, with no barrier between: only lockstep warps order them"
        ),
        Via::Sides(branch) => format!(
            "{who_a} {va} {what} at line {la} and {who_b} {vb} {it} at line {lb}, on the other side of the branch at line {}: lockstep warps run one side after the other",
            line_of(flow.insns[branch as usize].node())
        ),
        Via::Spin(branch) => format!(
            "{who_b} waits in a loop (its exit at line {}) on {what} it {vb} at line {lb}, which {who_a} {va} at line {la}: a lane spinning on another lane of its warp",
            line_of(flow.insns[branch as usize].node()),
            who_b = match exchange.lanes {
                Some((_, t2)) => describe(t2),
                None => "a lane".to_string(),
            },
            who_a = match exchange.lanes {
                Some((t1, _)) => format!("{} of the same warp", describe(t1)),
                None => "another lane of its warp".to_string(),
            },
        ),
    };
    let data_note = exchange.lanes.and_then(|(t1, t2)| {
        let guarded: Vec<String> = [(t1, va, la), (t2, vb, lb)]
            .into_iter()
            .zip(exchange.data_guarded)
            .filter(|&(_, guarded)| guarded)
            .map(|((t, verb, line), _)| only_when_compared(&describe(t), verb, line))
            .collect();
        (!guarded.is_empty()).then(|| guarded.join("; "))
    });
    Described {
        span: Span::of(b),
        message,
        label: format!("{vb} here"),
        secondary: Some((Span::of(a), format!("{va} here"))),
        data_note,
    }
}

/// Why no point between an exchange's accesses (or at a collective) is known to be reached by
/// whole warps, in words.
pub fn why_not_converged(flow: &FunctionFlow<'_>, why: NotConverged) -> String {
    match why {
        NotConverged::Branch { branch, lanes, cause } => {
            let line = line_of(flow.insns[branch as usize].node());
            let lanes = lanes.map(|(x, y)| format!("{} and {}", describe(x), describe(y)));
            match (cause, lanes) {
                (Cause::Thread, Some(lanes)) => {
                    format!("the warp cannot be shown converged: at line {line}, {lanes} of one warp go different ways")
                }
                (Cause::Inputs, Some(lanes)) => format!(
                    "the warp cannot be shown converged: at line {line}, {lanes} of one warp go different ways for some values of the kernel's inputs"
                ),
                (Cause::Data, _) => format!(
                    "the warp cannot be shown converged: the branch at line {line} depends on values loaded from memory or computed by other lanes"
                ),
                (_, None) => format!(
                    "the warp cannot be shown converged: lanes of one warp may go different ways at line {line}"
                ),
            }
        }
        NotConverged::Sides => {
            "the two accesses are on different sides of a branch: no point between them is reached by the whole warp"
                .to_string()
        }
        NotConverged::Spin => "a spin loop cannot wait at a warp barrier for the lane it waits on".to_string(),
        NotConverged::Function => {
            "it is in a function other than a kernel: its callers decide which lanes run it".to_string()
        }
    }
}

/// The edits that insert `bar.warp.sync 0xffffffff;` at each of `points` (each once), on a
/// line of its own with the indentation of the instruction it goes next to.
pub fn barrier_edits(text: &str, flow: &FunctionFlow<'_>, points: &[Point]) -> Vec<TextEdit> {
    // `after i` and `before i + 1` in one block are the same place.
    let mut at: Vec<Point> = points
        .iter()
        .map(|&p| match p {
            Point::After(i) if same_block(flow, i, i + 1) => Point::Before(i + 1),
            other => other,
        })
        .collect();
    at.sort_unstable();
    at.dedup();
    at.into_iter()
        .map(|point| match point {
            Point::Before(i) => {
                let node = flow.insns[i as usize].node();
                let start = node.start_byte();
                let line_start = text[..start].rfind('\n').map_or(0, |n| n + 1);
                let before = &text[line_start..start];
                if before.trim().is_empty() {
                    TextEdit::insert(start, format!("{WARP_BARRIER}\n{before}"))
                } else {
                    TextEdit::insert(start, format!("{WARP_BARRIER} "))
                }
            }
            Point::After(i) => {
                let node = flow.insns[i as usize].node();
                let end = node.end_byte();
                let line_start = text[..node.start_byte()].rfind('\n').map_or(0, |n| n + 1);
                let indent: String = text[line_start..]
                    .chars()
                    .take_while(|c| *c == ' ' || *c == '\t')
                    .collect();
                let line_end = text[end..].find('\n').map_or(text.len(), |n| end + n);
                let rest = text[end..line_end].trim();
                if rest.is_empty() || rest.starts_with("//") {
                    TextEdit::insert(line_end, format!("\n{indent}{WARP_BARRIER}"))
                } else {
                    TextEdit::insert(end, format!(" {WARP_BARRIER}"))
                }
            }
        })
        .collect()
}

fn same_block(flow: &FunctionFlow<'_>, a: InsnId, b: InsnId) -> bool {
    (b as usize) < flow.insns.len() && flow.blocks.iter().any(|blk| blk.start <= a && b < blk.end)
}

/// The edits that make a legacy collective its `.sync` form with the full mask.
pub fn sync_form_edits(flow: &FunctionFlow<'_>, collective: &LegacyCollective) -> Vec<TextEdit> {
    let insn = &flow.insns[collective.insn as usize];
    match (insn.opcode_node(), insn.operands().last()) {
        (Some(opcode), Some(last)) => crate::rules::shfl_vote_without_sync::full_mask_sync_form(opcode, *last),
        _ => Vec::new(),
    }
}

/// What a move from lockstep warps to independently scheduled ones takes, over a module's
/// functions: the edits that make it exact, or the exchanges no edit can fix.
pub struct MovePlan {
    /// Why the move is exact, when it is (`no intra-warp communication`, or what was added).
    pub exact: Option<String>,
    /// The `bar.warp.sync` insertions and `.sync` conversions that make it exact.
    pub edits: Vec<TextEdit>,
    /// Every legacy collective as its `.sync` form with the full mask, whether the warp is
    /// converged or not (what an approximate move does).
    pub approximate_edits: Vec<TextEdit>,
    /// The findings no edit fixes: each in words, with why.
    pub unsafe_findings: Vec<(Described, String)>,
}

/// The plan for `functions` (every function of the module of `text`, with its report).
pub fn move_plan(text: &str, functions: &[(FunctionFlow<'_>, ptxkit_semantic::sync::warp::WarpReport)]) -> MovePlan {
    let mut plan = MovePlan {
        exact: None,
        edits: Vec::new(),
        approximate_edits: Vec::new(),
        unsafe_findings: Vec::new(),
    };
    let (mut barriers, mut converted) = (0, 0);
    for (flow, report) in functions {
        if let Some(why) = report.unanalysed {
            let name = flow.name.map_or("the function", |n| &text[n.byte_range()]);
            let span = Span::of(flow.name.unwrap_or(flow.body));
            plan.unsafe_findings.push((
                Described {
                    span,
                    message: format!("`{name}` may exchange data between lanes of a warp: {why}"),
                    label: "not analysed".to_string(),
                    secondary: None,
                    data_note: None,
                },
                "nothing is known of how its lanes communicate".to_string(),
            ));
            continue;
        }
        let mut points = Vec::new();
        for exchange in &report.exchanges {
            match exchange.fix {
                Ok(point) => points.push(point),
                Err(why) => plan
                    .unsafe_findings
                    .push((describe_exchange(flow, exchange), why_not_converged(flow, why))),
            }
        }
        let edits = barrier_edits(text, flow, &points);
        barriers += edits.len();
        plan.edits.extend(edits);
        for collective in &report.collectives {
            let edits = sync_form_edits(flow, collective);
            plan.approximate_edits.extend(edits.iter().cloned());
            match collective.fix {
                Ok(()) => {
                    converted += 1;
                    plan.edits.extend(edits);
                }
                Err(why) => {
                    let node = flow.insns[collective.insn as usize].node();
                    let opcode = flow.insns[collective.insn as usize].opcode();
                    plan.unsafe_findings.push((
                        Described {
                            span: Span::of(node),
                            message: format!(
                                "`{opcode}` without `.sync` at line {} acts on the lanes that happen to be active",
                                line_of(node)
                            ),
                            label: "a collective of lockstep warps".to_string(),
                            secondary: None,
                            data_note: None,
                        },
                        why_not_converged(flow, why),
                    ));
                }
            }
        }
    }
    if plan.unsafe_findings.is_empty() {
        plan.exact = Some(match (barriers, converted) {
            (0, 0) => "no intra-warp communication".to_string(),
            (b, c) => {
                let mut parts = Vec::new();
                if b > 0 {
                    parts.push(format!(
                        "{b} `bar.warp.sync 0xffffffff` added where lanes of a converged warp exchange data"
                    ));
                }
                if c > 0 {
                    parts.push(format!(
                        "{c} `shfl`/`vote` of converged warps made `.sync` with the full mask"
                    ));
                }
                parts.join(", ")
            }
        });
    }
    plan
}
