#!/usr/bin/env bash
# Runs the PTX toolkit's fuzz targets with cargo-fuzz (libFuzzer) on the
# stable toolchain, seeded from the real-PTX corpus, and prints each run's
# figures. Not part of CI.
#
#   fuzz/run.sh TARGET SECONDS [LIBFUZZER_ARG...]   one target
#   fuzz/run.sh all SECONDS [LIBFUZZER_ARG...]      every target, one after another
#   fuzz/run.sh list                                the targets
#
# Needs `cargo install cargo-fuzz`. The corpus is read from PTX_CORPUS_DIR
# (default ../shared/corpus beside the repository); files up to 64 KiB are
# copied into fuzz/seeds/ptx (git-ignored: corpus files are never committed),
# and a dictionary of PTX tokens (directives, opcodes, modifiers, registers,
# punctuation) is built from them into fuzz/seeds/ptx.dict. What the fuzzer
# finds interesting goes to fuzz/corpus/TARGET, crashes to
# fuzz/artifacts/TARGET, the log to fuzz/logs/TARGET.log (all git-ignored).
#
# Environment: SANITIZER (default none; `address` instruments the Rust code
# only, the C parser is built without it), JOBS (default 1: the machine is
# shared), MAX_LEN (default 65536).
set -euo pipefail
FUZZ=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$FUZZ")
TARGETS=(parse format lint rewrite_down rewrite_up)

usage() {
  echo "usage: fuzz/run.sh TARGET|all SECONDS [LIBFUZZER_ARG...]   (targets: ${TARGETS[*]})" >&2
  exit 2
}

[ $# -ge 1 ] || usage
if [ "$1" = list ]; then printf '%s\n' "${TARGETS[@]}"; exit 0; fi
[ $# -ge 2 ] || usage
TARGET=$1
SECONDS_EACH=$2
shift 2
[[ "$SECONDS_EACH" =~ ^[0-9]+$ ]] || { echo "error: SECONDS must be a whole number, not '$SECONDS_EACH'" >&2; exit 2; }
if [ "$TARGET" != all ] && [[ ! " ${TARGETS[*]} " =~ " $TARGET " ]]; then
  echo "error: unknown target '$TARGET' (targets: ${TARGETS[*]})" >&2
  exit 2
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "error: cargo-fuzz is not installed: run 'cargo install cargo-fuzz'" >&2
  exit 2
fi

SEEDS=$FUZZ/seeds/ptx
DICT=$FUZZ/seeds/ptx.dict
CORPUS_DIR=${PTX_CORPUS_DIR:-$ROOT/../shared/corpus}
MAX_LEN=${MAX_LEN:-65536}

# Seeds: corpus files up to 64 KiB, flattened to one directory.
if [ ! -d "$SEEDS" ]; then
  if [ ! -d "$CORPUS_DIR" ]; then
    echo "warning: PTX corpus not found at $CORPUS_DIR (set PTX_CORPUS_DIR); fuzzing without seeds" >&2
    mkdir -p "$SEEDS"
  else
    mkdir -p "$SEEDS.tmp"
    (cd "$CORPUS_DIR" && find . -name '*.ptx' -size -65537c -print0) |
      while IFS= read -r -d '' file; do
        name=${file#./}
        cp "$CORPUS_DIR/$name" "$SEEDS.tmp/${name//\//__}"
      done
    mv "$SEEDS.tmp" "$SEEDS"
    echo "seeds: $(find "$SEEDS" -type f | wc -l) corpus files up to 64 KiB in $SEEDS"
  fi
fi

# Dictionary: punctuation and literal prefixes, then the most frequent
# directives/modifiers (`.foo`), opcodes (first word of a statement) and
# register stems (`%foo`) in the seeds.
if [ ! -f "$DICT" ]; then
  {
    for token in '{' '}' '(' ')' '[' ']' ';' ',' ':' '::' '<' '>' '+' '-' '*' '/' '=' '@' '@!' '!' '|' '&' '^' '~' \
      '//' '/*' '*/' '0x' '0f' '0F' '0d' '0D' '$L__BB0_' '__' '"' '\n' '\t' '\r\n' '#' '.entry' '.func' '.version' \
      '.target' '.address_size' '.reg' '.param' '.global' '.shared' '.const' '.local' '.tex' '.loc' '.file' \
      '.section' '.pragma' '.align' '.visible' '.extern' '.weak' '.common' '.callprototype' '.maxntid' '.reqntid' \
      '{ }' 'call' 'ret;' 'bra' 'ptxlint: allow(' 'ptxfmt: off' 'ptxfmt: on' 'ptxfmt: skip' 'ptxlint: allow-file('; do
      printf '"%s"\n' "$(printf '%s' "$token" | sed 's/\\/\\\\/g; s/"/\\"/g')"
    done
    # shellcheck disable=SC2016
    cat "$SEEDS"/* 2>/dev/null | grep -ohE '\.[A-Za-z_][A-Za-z0-9_:]*|%[A-Za-z_]+|^[[:space:]]*(@!?%[A-Za-z0-9_]+[[:space:]]+)?[a-z][a-z0-9_]*' |
      sed -E 's/^[[:space:]]*(@!?%[A-Za-z0-9_]+[[:space:]]+)?//' |
      sort | uniq -c | sort -rn | head -1500 | awk '{print $2}' | grep -v '"' | sed 's/.*/"&"/'
  } | awk '!seen[$0]++' >"$DICT"
  echo "dictionary: $(wc -l <"$DICT") tokens in $DICT"
fi

run_one() {
  local target=$1
  shift
  local log=$FUZZ/logs/$target.log
  mkdir -p "$FUZZ/corpus/$target" "$FUZZ/artifacts/$target" "$FUZZ/logs"
  echo "==> $target for ${SECONDS_EACH}s (log: $log)"
  local status=0
  # cargo-fuzz passes nightly-only flags (-Z); RUSTC_BOOTSTRAP=1 lets the
  # stable compiler accept them.
  (cd "$FUZZ" && RUSTC_BOOTSTRAP=1 cargo fuzz run --release --debug-assertions \
    --sanitizer "${SANITIZER:-none}" --jobs "${JOBS:-1}" "$target" \
    "$FUZZ/corpus/$target" "$SEEDS" -- \
    -max_total_time="$SECONDS_EACH" -dict="$DICT" -max_len="$MAX_LEN" -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$FUZZ/artifacts/$target/" "$@") >"$log" 2>&1 || status=$?
  local execs cov ft corp
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$' || true)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || true)
  ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || true)
  corp=$(grep -oE 'corp: [0-9]+/[0-9]+[a-zA-Z]*' "$log" | tail -1 | sed 's/corp: //' || true)
  local crashes
  crashes=$(find "$FUZZ/artifacts/$target" -type f | wc -l)
  echo "$target: ${execs:-?} executions in ${SECONDS_EACH}s, coverage ${cov:-?} edges, ${ft:-?} features, corpus ${corp:-?}, exit $status, $crashes artifact(s) in fuzz/artifacts/$target"
  if [ "$status" -ne 0 ]; then
    grep -E '^(thread .* panicked|==[0-9]+== ERROR|SUMMARY|Test unit written)' "$log" | head -5 >&2 || true
  fi
  return "$status"
}

if [ "$TARGET" = all ]; then
  failed=0
  for target in "${TARGETS[@]}"; do run_one "$target" "$@" || failed=1; done
  exit "$failed"
fi
run_one "$TARGET" "$@"
