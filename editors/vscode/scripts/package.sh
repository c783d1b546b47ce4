#!/usr/bin/env bash
# Packages the extension as a .vsix with vsce, bundling a ptxls binary when given one.
#
#   bash scripts/package.sh [PTXLS_BINARY [VSCE_TARGET]]
#
# With PTXLS_BINARY (e.g. target/release/ptxls) the binary is copied to server/ptxls and
# the package is platform-specific (VSCE_TARGET, default: this machine's, e.g. linux-x64);
# without one the .vsix has no server and the extension starts ptxls from PATH (or the
# ptxkit.server.path setting). Needs `npm ci` first. Prints the .vsix's path.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-}
rm -rf server
version=$(node -p 'require("./package.json").version')
if [ -n "$binary" ]; then
  [ -x "$binary" ] || { echo "error: $binary is not an executable" >&2; exit 2; }
  target=${2:-$(node -p '({linux:"linux",darwin:"darwin",win32:"win32"})[process.platform] + "-" + ({x64:"x64",arm64:"arm64"})[process.arch]')}
  mkdir -p server
  cp "$binary" server/ptxls
  # Debug information is no use to the extension's users (and a debug build's is most of it).
  if command -v strip >/dev/null; then strip server/ptxls; fi
  out="ptxkit-$target-$version.vsix"
  npx --no-install vsce package --target "$target" --out "$out" >&2
else
  out="ptxkit-$version.vsix"
  npx --no-install vsce package --out "$out" >&2
fi
rm -rf server
echo "$PWD/$out"
