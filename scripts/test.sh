#!/usr/bin/env bash
# npm test: every check, in order, each stage timed; the last line is "N passed, N failed"
# and the exit status is non-zero if anything failed.
#   1. typecheck          tsc over tsconfig.json and reference/tsconfig.json (the core without Node's types)
#   2. unit               uvu on every *.test.ts (but the two below) under c8, then the coverage gate (.c8rc.json)
#   3. msw 3 / Node 22    *.node22.test.ts with node_modules/node22/bin/node
#   4. browser            *.browser.test.ts: msw setupWorker in headless Chromium (/usr/bin/chromium;
#                         installed with apt-get when missing and possible; else skipped, outside CI only)
#   5. conformance        scenarios/ against the in-process reference, every JSON answer checked against
#                         the real OpenAPI description (--openapi ../shared/upstream/zulip-openapi-497)
#                         where that directory exists
#   6. properties         the property suite (fixed seed, few sequences) against the in-process reference
#   7. conformance HTTP   scenarios/ against scripts/serve.ts on a free port (with --openapi, as stage 5)
#   8. properties HTTP    the property suite against that server
#   9. differential       the property suite against that server and the in-process reference at once: 0 divergences
#  10. package            the packed tarball in a scratch project, Node 20 and 22 (scripts/package/check.sh)
# Node 20 runs everything but stage 3: npm's own node ($npm_node_execpath), not whatever
# `node` is first on PATH.
set -uo pipefail
cd "$(dirname "$0")/.."

# The node22 dev dependency (npm:node@22) links itself as node_modules/.bin/node, which npm
# scripts put first on PATH. Removed here rather than by an install script, which would
# also run for everyone who installs the package.
rm -f node_modules/.bin/node

NODE="${npm_node_execpath:-$(command -v node)}"
NODE22="node_modules/node22/bin/node"
UVU="node_modules/uvu/bin.js"
C8="node_modules/c8/bin/c8.js"
TSC="node_modules/typescript/bin/tsc"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/understudy-test.XXXXXX")"
SERVER_PID=""

cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null; fi
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

PASSED=0
FAILED=0
SKIPPED=0
TIMINGS=()

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
count() { PASSED=$((PASSED + $1)); FAILED=$((FAILED + $2)); }
banner() { printf '\n==> %s\n' "$1"; }
finish_stage() { # name start passed failed
  local secs
  secs="$(elapsed "$2")"
  TIMINGS+=("$(printf '%-22s %6ss  %5d passed, %d failed' "$1" "$secs" "$3" "$4")")
  count "$3" "$4"
  printf -- '--- %s: %s passed, %s failed (%ss)\n' "$1" "$3" "$4" "$secs"
}

# uvu's summary → "passed failed"; a run that printed no summary (a crash) is one failure.
uvu_counts() { # log exit-status
  local total passed
  total="$(sed -n 's/^ *Total: *\([0-9]*\).*/\1/p' "$1" | tail -1)"
  passed="$(sed -n 's/^ *Passed: *\([0-9]*\).*/\1/p' "$1" | tail -1)"
  if [ -z "$total" ] || [ -z "$passed" ]; then echo "0 1"; return; fi
  # uvu's Total counts the tests that ran: skipped ones are not in it.
  local failed=$((total - passed))
  if [ "$2" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
  echo "$passed $failed"
}

run_uvu() { # name node pattern [c8 args...]
  local name="$1" node="$2" pattern="$3"
  shift 3
  local start log status
  start="$(now)"
  log="$TMP/$(echo "$name" | tr -c 'a-z0-9' '-').log"
  banner "$name"
  "$@" "$node" --import tsx "$UVU" . "$pattern" -c false 2>&1 | tee "$log"
  status="${PIPESTATUS[0]}"
  read -r p f < <(uvu_counts "$log" "$status")
  finish_stage "$name" "$start" "$p" "$f"
}

# conformance CLI → JSON report → "passed failed" (expected failures count as passed,
# unexpected passes, stale expectations, unloadable files and divergences as failures).
# Further arguments go to the CLI (--suite properties ...).
run_conformance() { # name target [cli args...]
  local name="$1" target="$2" start log report status
  shift 2
  start="$(now)"
  log="$TMP/$(echo "$name" | tr -c 'a-z0-9' '-').log"
  report="$TMP/$(echo "$name" | tr -c 'a-z0-9' '-').json"
  banner "$name ($target)"
  if [[ "$name" == conformance* ]]; then openapi_note; fi
  if [ ! -f scripts/conformance.ts ]; then
    echo "scripts/conformance.ts is missing"
    finish_stage "$name" "$start" 0 1
    return
  fi
  "$NODE" --import tsx scripts/conformance.ts --target "$target" --profile fixtures/profile.json --reporter json --out "$report" --progress "$@" >"$log" 2>&1
  status=$?
  grep -v -e '^✓' -e '^properties: [0-9]*/' "$log" | sed '/^$/d'
  if [ ! -s "$report" ]; then
    echo "no report (exit $status)"
    finish_stage "$name" "$start" 0 1
    return
  fi
  read -r p f < <("$NODE" -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const s = r.summary, n = s.counts;
    let failed = n.fail + n.error + n.xpass;
    if (s.properties && s.properties.divergences > 0) failed += s.properties.divergences;
    if (!s.ok && failed === 0) failed = 1;
    console.log(n.pass + n.xfail, failed);' "$report")
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  finish_stage "$name" "$start" "$p" "$f"
}

echo "Node $("$NODE" --version) ($NODE); Node 22 for msw 3: $("$NODE22" --version 2>/dev/null || echo missing)"
TOTAL_START="$(now)"

# 1. typecheck (what `npm run typecheck` runs, with the Node 20 binary)
banner "typecheck"
start="$(now)"
p=0 f=0
# Both projects at once (they are independent); their output in turn.
"$NODE" "$TSC" -p tsconfig.json --noEmit >"$TMP/tsc-all.log" 2>&1 &
TSC_ALL=$!
"$NODE" "$TSC" -p reference/tsconfig.json --noEmit >"$TMP/tsc-core.log" 2>&1 &
TSC_CORE=$!
for job in "all:$TSC_ALL:tsconfig.json" "core:$TSC_CORE:reference/tsconfig.json"; do
  IFS=: read -r log pid project <<<"$job"
  if wait "$pid"; then p=$((p + 1)); else cat "$TMP/tsc-$log.log"; echo "tsc -p $project: errors above"; f=$((f + 1)); fi
done
finish_stage "typecheck" "$start" "$p" "$f"

# 2. unit tests under c8, then the coverage gate
run_uvu "unit" "$NODE" '(?<!\.(node22|browser))\.test\.ts$' \
  "$NODE" "$C8" --reporter=none --temp-directory "$TMP/c8"
banner "coverage gate (.c8rc.json)"
start="$(now)"
"$NODE" "$C8" report --temp-directory "$TMP/c8" --reports-dir "$TMP/coverage" --reporter=text-summary
if "$NODE" "$C8" check-coverage --temp-directory "$TMP/c8"; then finish_stage "coverage gate" "$start" 1 0; else finish_stage "coverage gate" "$start" 0 1; fi

# 3. msw 3 in Node 22
run_uvu "msw 3 / Node 22" "$NODE22" 'node22\.test\.ts$'

# 4. the browser (msw setupWorker in Chromium). Debian's chromium is installed here when it
# is missing and this is a Debian machine we may install on (root, apt-get), as .ci/run does;
# where it cannot be, the stage says why and what to install, and is skipped — outside CI only.
CHROMIUM="${UNDERSTUDY_CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ] && [ -z "${UNDERSTUDY_CHROMIUM:-}" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  banner "browser: installing Debian's chromium (apt-get install chromium)"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >"$TMP/apt.log" 2>&1 || tail -5 "$TMP/apt.log"
fi
if [ -x "$CHROMIUM" ]; then
  run_uvu "browser" "$NODE" 'browser\.test\.ts$'
elif [ -n "${CI:-}" ]; then
  banner "browser"
  echo "no Chromium at $CHROMIUM, and it could not be installed (CI=$CI: the stage fails rather than skips)"
  finish_stage "browser" "$(now)" 0 1
else
  banner "browser"
  echo "SKIPPED: no Chromium at $CHROMIUM, and this machine cannot install it here (needs root and apt-get)."
  echo "  Install Debian's chromium (sudo apt-get install chromium), or set UNDERSTUDY_CHROMIUM to a Chromium binary."
  SKIPPED=$((SKIPPED + 1))
  TIMINGS+=("$(printf '%-22s %6s   skipped: no Chromium' "browser" "-")")
fi

# The real API description (zulip/zulip's OpenAPI documents, beside the repository on
# development and CI machines): stages 5 and 7 check every JSON answer against it.
OPENAPI_DIR="../shared/upstream/zulip-openapi-497"
OPENAPI_ARGS=()
if [ -d "$OPENAPI_DIR" ]; then OPENAPI_ARGS=(--openapi "$OPENAPI_DIR"); fi
openapi_note() {
  if [ ${#OPENAPI_ARGS[@]} -eq 0 ]; then echo "schema check skipped: no $OPENAPI_DIR (the real OpenAPI description); the scenarios run without it"; fi
}

# 5. conformance, in-process
run_conformance "conformance" reference ${OPENAPI_ARGS[@]+"${OPENAPI_ARGS[@]}"}

# 6. the property suite, in-process: a fixed seed, few sequences, a time budget as a cap
PROPERTY_ARGS=(--suite properties --seed 20260701 --runs 60 --time-budget 30s)
run_conformance "properties" reference "${PROPERTY_ARGS[@]}"

# 7-9. conformance, the property suite and the differential run over HTTP against npm start
# on a free port (manual clock: scenarios move it)
start="$(now)"
"$NODE" --import tsx scripts/serve.ts --port 0 --clock manual --quiet >"$TMP/serve.log" 2>&1 &
SERVER_PID=$!
URL=""
for _ in $(seq 1 300); do
  URL="$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$TMP/serve.log" | head -1)"
  if [ -n "$URL" ] || ! kill -0 "$SERVER_PID" 2>/dev/null; then break; fi
  sleep 0.1
done
if [ -n "$URL" ]; then
  run_conformance "conformance HTTP" "$URL" ${OPENAPI_ARGS[@]+"${OPENAPI_ARGS[@]}"}
  run_conformance "properties HTTP" "$URL" "${PROPERTY_ARGS[@]}"
  run_conformance "differential" "$URL" "${PROPERTY_ARGS[@]}" --oracle reference
else
  banner "conformance HTTP"
  echo "scripts/serve.ts did not print its URL:"
  cat "$TMP/serve.log"
  finish_stage "conformance HTTP" "$start" 0 1
fi
kill "$SERVER_PID" 2>/dev/null
wait "$SERVER_PID" 2>/dev/null
SERVER_PID=""

# 10. the package as a user installs it (it prints "package: N passed, N failed" last)
banner "package"
start="$(now)"
NODE="$NODE" NODE22="$NODE22" bash scripts/package/check.sh 2>&1 | tee "$TMP/package.log"
status="${PIPESTATUS[0]}"
read -r p f < <(sed -n 's/^package: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$TMP/package.log" | tail -1)
if [ -z "${p:-}" ]; then p=0 f=1; fi
if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
finish_stage "package" "$start" "$p" "$f"

printf '\nStages:\n'
printf '  %s\n' "${TIMINGS[@]}"
printf '  %-22s %6ss\n' "total" "$(elapsed "$TOTAL_START")"
if [ "$SKIPPED" -gt 0 ]; then echo "$PASSED passed, $FAILED failed, $SKIPPED skipped"; else echo "$PASSED passed, $FAILED failed"; fi
[ "$FAILED" -eq 0 ]
