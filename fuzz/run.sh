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
# (default ../shared/corpus beside the repository); files up to MAX_LEN bytes
# are copied into fuzz/seeds/ptx-MAX_LEN (git-ignored: corpus files are never
# committed), and a dictionary of PTX tokens (directives, opcodes, modifiers,
# registers, punctuation) is built from them into fuzz/seeds/ptx.dict. What the fuzzer
# finds interesting goes to fuzz/corpus/TARGET, crashes to
# fuzz/artifacts/TARGET, the log to fuzz/logs/TARGET.log (all git-ignored).
#
# The grammar's generated C parser and the tree-sitter runtime are C: when
# clang is installed (`apt-get install clang`) they are compiled with
# libFuzzer's coverage instrumentation too, so the fuzzer sees which lexer and
# parser states an input reaches; with gcc only the Rust code is guided.
#
# Environment: SANITIZER (default none; `address` instruments the Rust code),
# JOBS (default 1: the machine is shared), MAX_LEN (default 16384: the
# largest input and the largest seed; 759 corpus files are that small), CLANG
# (default: the first of clang, clang-14..clang-19 found; `none` to skip).
set -euo pipefail
FUZZ=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$FUZZ")
TARGETS=(parse format lint rewrite_down rewrite_up split server)

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

MAX_LEN=${MAX_LEN:-16384}
SEEDS=$FUZZ/seeds/ptx-$MAX_LEN
DICT=$FUZZ/seeds/ptx.dict
CORPUS_DIR=${PTX_CORPUS_DIR:-$ROOT/../shared/corpus}

# Seeds: corpus files up to MAX_LEN bytes, flattened to one directory.
if [ ! -d "$SEEDS" ]; then
  if [ ! -d "$CORPUS_DIR" ]; then
    echo "warning: PTX corpus not found at $CORPUS_DIR (set PTX_CORPUS_DIR); fuzzing without seeds" >&2
    mkdir -p "$SEEDS"
  else
    mkdir -p "$SEEDS.tmp"
    (cd "$CORPUS_DIR" && find . -name '*.ptx' -size -$((MAX_LEN + 1))c -print0) |
      while IFS= read -r -d '' file; do
        name=${file#./}
        cp "$CORPUS_DIR/$name" "$SEEDS.tmp/${name//\//__}"
      done
    mv "$SEEDS.tmp" "$SEEDS"
    echo "seeds: $(find "$SEEDS" -type f | wc -l) corpus files up to $MAX_LEN bytes in $SEEDS"
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

# Instrument the C code with clang when there is one.
CLANG=${CLANG:-$(for c in clang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14; do
  command -v "$c" && break
done || true)}
if [ -n "$CLANG" ] && [ "$CLANG" != none ]; then
  export CC_x86_64_unknown_linux_gnu=$CLANG
  export CFLAGS_x86_64_unknown_linux_gnu="-fsanitize-coverage=inline-8bit-counters,pc-table,trace-cmp -g"
  echo "C parser instrumented for coverage with $CLANG"
else
  echo "note: no clang found; only the Rust code is instrumented (apt-get install clang to cover the C parser)"
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
