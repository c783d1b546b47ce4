#!/usr/bin/env bash
# Headless Neovim as a real ptxls client (tests/ptxls/nvim/check.lua): diagnostics
# arrive, hover answers, formatting applies. Usage: check.sh PATH/TO/ptxls
# Without `nvim` on PATH it says so loudly and exits 0 (skipped), unless
# PTXLS_REQUIRE_NVIM=1, when it fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ptxls=${1:?usage: check.sh PATH/TO/ptxls}
if ! command -v nvim >/dev/null; then
  if [ "${PTXLS_REQUIRE_NVIM:-0}" = 1 ]; then
    echo "error: nvim not found and PTXLS_REQUIRE_NVIM=1" >&2
    exit 2
  fi
  echo "!!!!! nvim not found: the headless Neovim check of ptxls is SKIPPED !!!!!" >&2
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/sample.ptx" "$work/sample.ptx"
PTXLS=$(realpath "$ptxls") PTX_SAMPLE="$work/sample.ptx" \
  timeout 120 nvim --headless --clean -u NONE -c "luafile $here/check.lua"
