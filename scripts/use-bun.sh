# Sourced by the README's quick start (`. scripts/use-bun.sh`): makes `bun` on this shell's PATH a Bun
# at least as new as the one this checkout is tested on. A Bun already installed at that version or newer
# is used as it is (never downgraded); otherwise that version is installed with npm for this user only,
# under ${XDG_DATA_HOME:-~/.local/share}/sightline (no root, no global change), and put first on PATH.
# POSIX sh, so that bash, zsh and dash can source it; it sets only PATH and returns non-zero on failure.

SIGHTLINE_BUN_VERSION=1.4.4

# 0 when version $1 (x.y.z, a suffix ignored) is at least $2.
sightline_version_at_least() {
  printf '%s\n%s\n' "$2" "${1%%[-+]*}" | sort -t. -k1,1n -k2,2n -k3,3n -C
}

sightline_use_bun() {
  if command -v bun >/dev/null 2>&1; then
    sightline_found=$(bun --version 2>/dev/null)
    if [ -n "$sightline_found" ] && sightline_version_at_least "$sightline_found" "$SIGHTLINE_BUN_VERSION"; then
      echo "Using the installed Bun $sightline_found." >&2
      return 0
    fi
  fi
  sightline_prefix="${XDG_DATA_HOME:-$HOME/.local/share}/sightline/bun-$SIGHTLINE_BUN_VERSION"
  if [ ! -x "$sightline_prefix/node_modules/.bin/bun" ]; then
    command -v npm >/dev/null 2>&1 || { echo "No Bun $SIGHTLINE_BUN_VERSION or newer, and no npm to install it: install Node.js (with npm) or Bun first." >&2; return 1; }
    echo "Installing Bun $SIGHTLINE_BUN_VERSION for this user in $sightline_prefix (npm may note bun's install script: it puts the native binary in place, and runs)." >&2
    # --prefix: a folder of this user's, so no root; the bun package's postinstall runs, as Bun needs it.
    npm install --prefix "$sightline_prefix" --no-save --no-audit --no-fund --prefer-offline --loglevel=error "bun@$SIGHTLINE_BUN_VERSION" >&2 || return 1
  fi
  PATH="$sightline_prefix/node_modules/.bin:$PATH"
  export PATH
  echo "Using Bun $(bun --version) from $sightline_prefix for this shell." >&2
}

sightline_use_bun
