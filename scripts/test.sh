#!/usr/bin/env bash
# Install what the tests need (on a fresh Debian machine), build dist/, and run every check.
#   scripts/test.sh            # apt chromium if missing, .venv, npm ci, build, ruff, mypy, JS lint and format, pytest
#   scripts/test.sh -k boot    # extra arguments go to pytest (to both of its parts)
# The run is split so that a 2-core machine is kept busy without racing the timing-sensitive tests:
#   1. python build.py runs in the background while ruff, mypy and Biome run (the build is mostly one
#      Node process making the boot snapshots);
#   2. pytest -m "not browser": the engine, Pyodide and docs tests, on $PGC_JOBS xdist workers;
#   3. pytest -m browser: the headless-Chromium tests, in one process and alone on the machine (some
#      measure click delays and whole games against a deadline).
# Environment: PYTHON (default python3) makes the venv; SKIP_APT=1 never calls apt-get;
# PGC_JOBS (default: the number of cores) sets the xdist workers of part 2; PGC_SERIAL=1 runs pytest as
# one serial run instead (as does a `-m` among the extra arguments, which would replace the split).
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

# The checks all run, so one report shows every problem; the exit status is 1 if any failed.
failed=()
check() {
  local name=$1; shift
  step "$name"
  "$@" || failed+=("$name")
}
# "(what: N s, load average x y z)": the machine may be shared, so the times say how busy it was.
elapsed() { printf '(%s: %d s, load average %s)\n' "$1" $((SECONDS - $2)) "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"; }

# 1. The build in the background (its output kept until it ends), the lints meanwhile.
build_log=$(mktemp)
build_pid=""
trap '[ -z "$build_pid" ] || kill "$build_pid" 2>/dev/null; rm -f "$build_log"' EXIT
start=$SECONDS
step "python build.py (in the background while the lints run)"
.venv/bin/python build.py >"$build_log" 2>&1 &
build_pid=$!
check "ruff check ." .venv/bin/ruff check .
check "mypy" .venv/bin/mypy
check "JS lint (npm run lint: Biome)" npm run --silent lint
check "JS format (npm run fmt:check: Biome)" npm run --silent fmt:check
step "python build.py (its output)"
built=0
wait "$build_pid" && built=1
build_pid=""
cat "$build_log"
elapsed "build and lints" "$start"
[ "$built" = 1 ] || failed+=("python build.py")

# pytest's exit 5 (no test selected) is fine for one part as long as the other ran tests.
ran=0
part() {
  local name=$1; shift
  step "$name"
  local t=$SECONDS rc=0
  "$@" || rc=$?
  elapsed "$name" "$t"
  case $rc in
    0) ran=1 ;;
    5) echo "(no test selected here)" ;;
    *) ran=1; failed+=("$name") ;;
  esac
}

serial=${PGC_SERIAL:-0}
for arg in "$@"; do
  case $arg in -m | -m?* | --markexpr | --markexpr=*) serial=1 ;; esac
done
if [ "$built" != 1 ]; then
  failed+=("pytest (not run: the build failed)")
elif [ "$serial" = 1 ]; then
  part "pytest" .venv/bin/python -m pytest -q "$@"
  [ "$ran" = 1 ] || failed+=("pytest (no test selected)")
else
  jobs=${PGC_JOBS:-$(nproc)}
  # 2. Everything but the browser tests, on xdist workers (worksteal: the few long Pyodide and
  #    property tests do not leave a worker idle at the end).
  part "pytest -m 'not browser' -n $jobs" \
    .venv/bin/python -m pytest -q -m "not browser" -n "$jobs" --dist worksteal --durations=10 "$@"
  # 3. The browser tests in one process (one Chromium per test file), alone on the machine.
  part "pytest -m browser" .venv/bin/python -m pytest -q -m browser --durations=10 "$@"
  [ "$ran" = 1 ] || failed+=("pytest (no test selected)")
fi

if [ ${#failed[@]} -ne 0 ]; then
  printf '\nFAILED: %s\n' "${failed[@]}"
  exit 1
fi
printf '\nall checks passed\n'
