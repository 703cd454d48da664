#!/usr/bin/env bash
# The package as a user gets it (npm test's package stage; alone: bash scripts/package/check.sh).
#   1. build and pack the tarball; check what is in it; publint and attw on it
#   2. install it into a scratch project with msw, vitest and @types/node (npm registry)
#   3. with plain Node 20 and Node 22: import every entry point as ESM (esm.mjs, nothing on
#      stderr), require it from CommonJS (cjs.cjs), the core's imports are browser-safe
#      (browser-safe.mjs), vitest with msw setupServer (msw.test.mts), and the CLI through
#      npx: --version, serve --port 0, conformance --target <that server>, an unreachable target
#   4. strict TypeScript consumers (consumer.mts, consumer-node.mts) type-check with node16 and
#      bundler resolution, and our declarations compile with skipLibCheck false (alongside 3)
# One line per check ("ok - ..." or "not ok - ..." with its output); the last line is
# "package: N passed, N failed", and the exit status is non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
REPO="$PWD"
HERE="$REPO/scripts/package"
absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
NODE="$(absolute "${NODE:-${npm_node_execpath:-$(command -v node)}}")"
NODE22="$(absolute "${NODE22:-node_modules/node22/bin/node}")"
# The scratch project on tmpfs where there is one (and TMPDIR names no other place):
# writing and deleting the thousands of files of vitest and msw is most of this stage's I/O.
SCRATCH="${TMPDIR:-}"
if [ -z "$SCRATCH" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then SCRATCH=/dev/shm; fi
TMP="$(mktemp -d "${SCRATCH:-/tmp}/understudy-package.XXXXXX")"
VITEST_VERSION=4.1.12 # 4.x runs on Node 20 and 22; vitest 5 needs Node 22.12
PIDS=()

cleanup() {
  for pid in "${PIDS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null; done
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

PASSED=0
FAILED=0
N=0
report() { # NAME LOG STATUS SECONDS
  if [ "$3" -eq 0 ]; then
    PASSED=$((PASSED + 1))
    echo "ok - $1 ($4 s)"
  else
    FAILED=$((FAILED + 1))
    echo "not ok - $1 ($4 s)"
    tail -n 60 "$2" | sed 's/^/    /'
  fi
}

# check NAME COMMAND...: runs it with its output in a log, shown only if it fails.
check() {
  local name="$1" start=$SECONDS status=0
  shift
  N=$((N + 1))
  "$@" >"$TMP/check-$N.log" 2>&1 || status=$?
  report "$name" "$TMP/check-$N.log" "$status" $((SECONDS - start))
}

# in_background NAME COMMAND...: the same, run alongside the next checks; collect_background reports.
BACKGROUND=()
in_background() {
  local name="$1"
  shift
  N=$((N + 1))
  local log="$TMP/check-$N.log"
  ( start=$SECONDS; "$@" >"$log" 2>&1; echo "$? $((SECONDS - start))" >"$log.status" ) &
  BACKGROUND+=("$!:$log:$name")
}
collect_background() {
  local job pid log name status secs
  for job in "${BACKGROUND[@]}"; do
    IFS=: read -r pid log name <<<"$job"
    wait "$pid"
    read -r status secs <"$log.status"
    report "$name" "$log" "$status" "$secs"
  done
}

# clean COMMAND...: runs it; fails if it fails or writes anything to stderr (warnings included).
clean() {
  "$@" 2>"$TMP/stderr" || return 1
  if [ -s "$TMP/stderr" ]; then echo "stderr was not empty:"; cat "$TMP/stderr"; return 1; fi
}

node_version() { "$1" -p 'process.versions.node'; }

# ---- 1. the tarball ---------------------------------------------------------------------
"$NODE" --import tsx scripts/build.ts || { echo "not ok - npm run build"; echo "package: 0 passed, 1 failed"; exit 1; }
PACK_JSON="$(npm pack --ignore-scripts --json --pack-destination "$TMP" 2>"$TMP/pack.err")"
TARBALL="$TMP/$(printf '%s' "$PACK_JSON" | "$NODE" -p 'JSON.parse(require("fs").readFileSync(0, "utf8"))[0].filename')"
if [ ! -f "$TARBALL" ]; then cat "$TMP/pack.err"; echo "not ok - npm pack"; echo "package: 0 passed, 1 failed"; exit 1; fi
printf '%s' "$PACK_JSON" | "$NODE" -e '
  const [p] = JSON.parse(require("fs").readFileSync(0, "utf8"));
  console.log(`tarball ${p.filename}: ${(p.size / 1024).toFixed(0)} kB packed, ${(p.unpackedSize / 1024).toFixed(0)} kB unpacked, ${p.entryCount} files`);'
VERSION="$("$NODE" -p 'require("./package.json").version')"

contents() {
  local list
  list="$(tar -tzf "$TARBALL")"
  local missing=0
  for f in dist/index.js dist/index.node.js fixtures/realm.schema.json dist/cli.js dist/msw.js dist/fetch.js dist/node-http.js dist/conformance.js \
    dist/types/reference/index.d.ts dist/types/conformance/index.d.ts fixtures/realm.json fixtures/profile.json \
    fixtures/README.md scenarios/README.md scenarios/users/me.json README.md LICENSE docs/APPROXIMATIONS.md package.json; do
    grep -qx "package/$f" <<<"$list" || { echo "missing: $f"; missing=1; }
  done
  local extra
  extra="$(grep -E '\.test\.|\.spec\.|^package/(reference|conformance|scripts|\.ci)/|tsconfig|\.c8rc|package-lock' <<<"$list")"
  if [ -n "$extra" ]; then echo "should not ship:"; echo "$extra"; missing=1; fi
  tar -xzf "$TARBALL" -C "$TMP" package/package.json
  "$NODE" -e '
    const p = require(process.argv[1]);
    const bad = ["preinstall", "install", "postinstall", "prepare"].filter((s) => p.scripts?.[s]);
    if (bad.length) throw new Error(`install scripts ship: ${bad.join(", ")}`);
    const deps = Object.keys(p.dependencies ?? {}).filter((d) => ["tsx", "esbuild", "typescript"].includes(d));
    if (deps.length) throw new Error(`build tools as runtime dependencies: ${deps.join(", ")}`);
    if (!p.peerDependenciesMeta?.msw?.optional) throw new Error("msw is not an optional peer");' "$TMP/package/package.json" || missing=1
  return $missing
}
check "the tarball has the code, types, fixtures and scenarios; no tests, sources, CI or install scripts" contents
check "publint --strict: no problems" "$NODE" node_modules/publint/src/cli.js run "$TARBALL" --strict
check "attw (ESM-only profile): no problems" "$NODE" node_modules/@arethetypeswrong/cli/dist/index.js "$TARBALL" --profile esm-only

# ---- 2. a scratch project ----------------------------------------------------------------
CONSUMER="$TMP/consumer"
mkdir -p "$CONSUMER"
cp "$HERE"/esm.mjs "$HERE"/cjs.cjs "$HERE"/browser-safe.mjs "$HERE"/consumer.mts "$HERE"/consumer-node.mts "$HERE"/declarations.mts "$HERE"/msw.test.mts "$HERE"/tsconfig.*.json "$CONSUMER/"
printf '{ "name": "consumer", "private": true, "type": "module" }\n' >"$CONSUMER/package.json"
MSW_VERSION="$("$NODE" -p 'require("./node_modules/msw/package.json").version')"
TYPES_NODE_VERSION="$("$NODE" -p 'require("./node_modules/@types/node/package.json").version')"
install() {
  cd "$CONSUMER" && npm install --no-audit --no-fund --prefer-offline --loglevel=error \
    "$TARBALL" "msw@$MSW_VERSION" "vitest@$VITEST_VERSION" "@types/node@$TYPES_NODE_VERSION" \
    "jest@30" "ts-jest@29" "@types/jest@30" "typescript@5" "typescript7@npm:typescript@7"
}
check "npm install the tarball, msw $MSW_VERSION, vitest $VITEST_VERSION, @types/node, jest, ts-jest, TypeScript 5 and 7 into a scratch project" install
cd "$CONSUMER" || exit 1

# The type checks take the longest and need no Node but the one tsc runs on: they run alongside,
# one after the other (two cores: one for them, one for the checks below).
TSC="$REPO/node_modules/typescript/bin/tsc"
typecheck() {
  local status=0
  for project in node16 bundler declarations; do
    echo "tsc -p tsconfig.$project.json"
    "$NODE" "$TSC" -p "tsconfig.$project.json" || status=1
  done
  return $status
}
in_background "tsc: strict consumers with moduleResolution node16 and bundler; our declarations with skipLibCheck false" typecheck

# ---- 3. Node 20 and Node 22 ----------------------------------------------------------------
free_port() { "$NODE" -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }

cli() { # NODE_BIN [CONFORMANCE_ARGS...]: npx understudy against a served copy, with NODE_BIN first on PATH
  local node="$1" bin
  shift
  bin="$(dirname "$node")"
  local out
  out="$(PATH="$bin:$PATH" npx --no-install understudy --version)" || return 1
  [ "$out" = "$VERSION" ] || { echo "npx understudy --version printed '$out', not $VERSION"; return 1; }
  echo "npx understudy --version: $out"
  PATH="$bin:$PATH" npx --no-install understudy approximations | grep -q '^# Known approximations' || { echo "npx understudy approximations does not print docs/APPROXIMATIONS.md"; return 1; }
  PATH="$bin:$PATH" setsid npx --no-install understudy serve --port 0 --clock manual --quiet >"$TMP/serve.log" 2>&1 &
  local pid=$!
  PIDS+=("$pid")
  local url=""
  for _ in $(seq 1 100); do
    url="$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$TMP/serve.log" | head -1)"
    if [ -n "$url" ] || ! kill -0 "$pid" 2>/dev/null; then break; fi
    sleep 0.1
  done
  if [ -z "$url" ]; then echo "npx understudy serve printed no URL:"; cat "$TMP/serve.log"; return 1; fi
  echo "npx understudy serve --port 0: $url"
  local status=0
  PATH="$bin:$PATH" npx --no-install understudy conformance --target "$url" "$@" --reporter junit --out "$TMP/junit.xml" >"$TMP/conformance.log" 2>&1 || status=$?
  kill -TERM -- "-$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  tail -n 3 "$TMP/conformance.log"
  [ "$status" -eq 0 ] || { echo "npx understudy conformance exited $status:"; grep -v '^✓' "$TMP/conformance.log" | head -40; return 1; }
  grep -q '<testsuites name="conformance" tests="[1-9][0-9]*" failures="0" errors="0"' "$TMP/junit.xml" || { echo "the JUnit report has failures:"; head -3 "$TMP/junit.xml"; return 1; }
  local port err
  port="$(free_port)"
  err="$(PATH="$bin:$PATH" NO_COLOR=1 npx --no-install understudy conformance --target "http://127.0.0.1:$port" 2>&1)"
  status=$?
  [ "$status" -eq 5 ] && [ "$err" = "understudy conformance: cannot reach http://127.0.0.1:$port: connect ECONNREFUSED 127.0.0.1:$port" ] ||
    { echo "an unreachable target: exit $status, output: $err"; return 1; }
  echo "an unreachable target: exit 5, one line"
}

# What a user of the installed bin sees (Node 20): kill of `npx understudy serve &` ends the
# server; a target that is not Zulip is one line and exit 5; a self-test fault gives a failing
# report grouped by cause, in the console and in html; the request log masks credentials.
bin_behaviour() {
  local bin
  bin="$(dirname "$NODE")"
  PATH="$bin:$PATH" npx --no-install understudy serve --port 0 >"$TMP/npx-kill.log" 2>&1 &
  local npx_pid=$! url="" server=""
  for _ in $(seq 1 100); do
    url="$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$TMP/npx-kill.log" | head -1)"
    [ -n "$url" ] && break
    sleep 0.1
  done
  [ -n "$url" ] || { echo "npx understudy serve printed no URL:"; cat "$TMP/npx-kill.log"; kill "$npx_pid"; return 1; }
  server="$(pgrep -f "understudy serve --port 0" | grep -v "^$npx_pid$" | tail -1)"
  "$NODE" -e 'const u = process.argv[1]; (async () => { await fetch(`${u}/api/v1/fetch_api_key?username=iago%40zulip.com&password=pkg-secret-1`, { method: "POST" }); await fetch(`${u}/api/v1/users/me?api_key=pkg-secret-key-2`); })()' "$url"
  kill "$npx_pid"
  for _ in $(seq 1 50); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$server" 2>/dev/null; then echo "kill \$! of npx understudy serve left the server (pid $server) running"; kill "$server"; return 1; fi
  echo "kill \$! of npx understudy serve ended the server"
  if grep -q 'pkg-secret' "$TMP/npx-kill.log" || ! grep -q 'password=\*\*\*' "$TMP/npx-kill.log"; then echo "the request log shows a credential:"; cat "$TMP/npx-kill.log"; return 1; fi
  echo "the request log masks credentials"

  "$NODE" -e 'require("http").createServer((q, r) => r.writeHead(200, { "content-type": "text/html" }).end("<html><body>static</body></html>")).listen(0, "127.0.0.1", function () { console.log(this.address().port); })' >"$TMP/static.port" &
  local static_pid=$! port=""
  for _ in $(seq 1 50); do port="$(head -1 "$TMP/static.port")"; [ -n "$port" ] && break; sleep 0.1; done
  local out status=0
  out="$(PATH="$bin:$PATH" NO_COLOR=1 npx --no-install understudy conformance --target "http://127.0.0.1:$port" 2>&1)" || status=$?
  kill "$static_pid"
  if [ "$status" -ne 5 ] || [ "$(printf '%s\n' "$out" | wc -l)" -gt 3 ]; then echo "a target that is not Zulip: exit $status, output:"; printf '%s\n' "$out" | head -5; return 1; fi
  echo "a target that is not Zulip: exit 5, $(printf '%s\n' "$out" | wc -l) line(s)"

  PATH="$bin:$PATH" setsid npx --no-install understudy serve --port 0 --clock manual --quiet --self-test-fault error-without-code >"$TMP/fault.log" 2>&1 &
  local fault_pid=$!
  PIDS+=("$fault_pid")
  url=""
  for _ in $(seq 1 100); do
    url="$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$TMP/fault.log" | head -1)"
    [ -n "$url" ] && break
    sleep 0.1
  done
  status=0
  PATH="$bin:$PATH" NO_COLOR=1 npx --no-install understudy conformance --target "$url" --only auth --reporter console --quiet --reporter html --out "$TMP/report.html" >"$TMP/fault-run.log" 2>&1 || status=$?
  kill -TERM -- "-$fault_pid" 2>/dev/null
  if [ "$status" -ne 1 ] || ! grep -q 'did not pass, by first problem' "$TMP/fault-run.log" || ! grep -q '<b class="bad">' "$TMP/report.html"; then
    echo "a self-test fault's report (exit $status):"; head -20 "$TMP/fault-run.log"; return 1
  fi
  echo "--self-test-fault error-without-code: $(grep -o '[0-9]* did not pass' "$TMP/fault-run.log"), grouped by cause in the console and in $(wc -c <"$TMP/report.html") bytes of html"
}

for node in "$NODE" "$NODE22"; do
  v="$(node_version "$node")"
  check "Node $v: import every entry point as ESM, nothing on stderr" clean "$node" esm.mjs
  check "Node $v: from CommonJS" "$node" cjs.cjs
  check "Node $v: the core's imports are browser-safe" "$node" browser-safe.mjs
  check "Node $v: vitest with msw setupServer, reset before each test" "$node" node_modules/vitest/vitest.mjs run --reporter=dot
  # Every scenario on Node 20 (npm test's conformance stages run them all from the sources too); three areas on Node 22.
  if [ "$node" = "$NODE" ]; then only=(); else only=(--only auth --only users --only messages); fi
  check "Node $v: npx understudy --version, serve --port 0, conformance --target it${only[*]:+ (${only[*]})}, an unreachable target" cli "$node" "${only[@]}"
done

# The README's recipes, as written (scripts/package/recipes.mjs copies them out of the README).
recipes() {
  local dir="$CONSUMER/recipes" name status=0
  "$NODE" "$HERE/recipes.mjs" "$REPO/README.md" "$dir" >"$TMP/recipes.txt" || return 1
  local bin
  bin="$(dirname "$NODE")"
  for name in $(cat "$TMP/recipes.txt"); do
    case "$name" in
      vitest) (cd "$dir/$name" && PATH="$bin:$PATH" npx --no-install vitest run --reporter=dot) ;;
      jest | ts-jest) (cd "$dir/$name" && PATH="$bin:$PATH" npm test --silent) ;;
      commonjs) (cd "$dir/$name" && "$NODE" test.cjs) ;;
      typescript)
        # TypeScript 5 and 7, as written and with "types": ["node"].
        (cd "$dir/$name" && "$NODE" node_modules/typescript/bin/tsc -p tsconfig.json && "$NODE" node_modules/typescript7/bin/tsc -p tsconfig.json) || { echo "tsc failed on the README's TypeScript recipe"; false; } &&
          (cd "$dir/$name" && "$NODE" -e 'const f="tsconfig.json",c=JSON.parse(require("fs").readFileSync(f,"utf8"));c.compilerOptions.types=["node"];require("fs").writeFileSync("tsconfig.types-node.json",JSON.stringify(c))' &&
            "$NODE" node_modules/typescript/bin/tsc -p tsconfig.types-node.json && "$NODE" node_modules/typescript7/bin/tsc -p tsconfig.types-node.json) ;;
      *) echo "no way to run the README recipe $name: teach scripts/package/check.sh"; false ;;
    esac || { echo "the README's $name recipe fails as written"; status=1; continue; }
    echo "the README's $name recipe passes"
  done
  return $status
}
check "Node $(node_version "$NODE"): the README's recipes as written (vitest, jest, ts-jest, CommonJS, TypeScript 5 and 7)" recipes

check "Node $(node_version "$NODE"): kill of npx understudy serve, a target that is not Zulip, a self-test fault's report, a masked log" bin_behaviour

# ---- 4. TypeScript consumers (started after the install) ----------------------------------------
collect_background

echo "package checks took $SECONDS s (scratch project in $TMP)"
echo "package: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
