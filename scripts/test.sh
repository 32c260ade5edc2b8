#!/usr/bin/env bash
# Install what the tests need (on a fresh Debian machine), build dist/, and run every check.
#   scripts/test.sh            # apt chromium if missing, .venv, npm ci, build, ruff, mypy, JS lint and format, pytest
#   scripts/test.sh -k boot    # extra arguments go to pytest
# Environment: PYTHON (default python3) makes the venv; SKIP_APT=1 never calls apt-get;
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

if [ ! -x /usr/bin/chromium ] && [ "${SKIP_APT:-0}" != 1 ]; then
  step "installing Debian chromium (apt)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  step "creating .venv"
  "${PYTHON:-python3}" -m venv .venv
fi
step "pip install -e '.[test]'"
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'

step "npm ci"
npm ci --no-audit --no-fund --loglevel=error

step "python build.py"
.venv/bin/python build.py

# The checks all run, so one report shows every problem; the exit status is 1 if any failed.
failed=()
check() {
  local name=$1; shift
  step "$name"
  "$@" || failed+=("$name")
}
check "ruff check ." .venv/bin/ruff check .
check "mypy" .venv/bin/mypy
check "JS lint (npm run lint: Biome)" npm run --silent lint
check "JS format (npm run fmt:check: Biome)" npm run --silent fmt:check
check "pytest" .venv/bin/python -m pytest -q "$@"

if [ ${#failed[@]} -ne 0 ]; then
  printf '\nFAILED: %s\n' "${failed[@]}"
  exit 1
fi
printf '\nall checks passed\n'
