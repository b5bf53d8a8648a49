#!/usr/bin/env bash
# Times GNUstep's NSPredicate and this engine on the same dictionaries (see README.md here).
#
#   Scripts/gnustep-compare/run.sh [--objects N] [--seed N] [--runs N] [--rounds N] [--graph]
#
# --graph: the Swift half loads the objects into an object graph and times column scans
# (predicate-bench --time-graph) instead of evaluating the dictionaries and the JSON document.
#
# Installs nothing: it stops with the apt-get line to run when a package is missing. Both
# halves read one JSON file written from the seed, time the predicates of predicates.txt, and
# must find the same number of matches; the rounds alternate GNUstep and Swift so that load
# from other processes falls on both alike. The Swift side times two engines on the same file:
# over JSONSerialization's dictionaries and over a JSONDocument. Prints a Markdown table: the
# median over the rounds of each column's ns per object, and the medians of per-round ratios.
set -euo pipefail

objects=1000000
seed=2024
runs=5
rounds=3
half="--time-json"
while [ $# -gt 0 ]; do
    case "$1" in
        --objects) objects="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --graph) half="--time-graph"; shift ;;
        -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "run.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
done

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

missing=()
for package in gobjc gnustep-make libgnustep-base-dev; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
if [ ${#missing[@]} -gt 0 ] || ! command -v gnustep-config >/dev/null; then
    echo "run.sh: missing ${missing[*]:-gnustep-config}; install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y gobjc gnustep-make libgnustep-base-dev" >&2
    exit 2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "building predicate-bench (release) and the GNUstep half…" >&2
(cd "$root" && swift build -c release --product predicate-bench >&2)
bench="$root/.build/release/predicate-bench"
# shellcheck disable=SC2046 # gnustep-config prints several flags
gcc -std=gnu11 $(gnustep-config --objc-flags) -O2 -w "$here/compare.m" -o "$work/compare" \
    $(gnustep-config --base-libs)

echo "writing $objects objects from seed $seed…" >&2
"$bench" --write-nested-json "$work/data.json" "$objects" "$seed"

for round in $(seq 1 "$rounds"); do
    echo "round $round of $rounds: GNUstep…" >&2
    "$work/compare" "$work/data.json" "$here/predicates.txt" "$runs" >"$work/gnustep.$round"
    echo "round $round of $rounds: predicate-bench…" >&2
    "$bench" "$half" "$work/data.json" "$here/predicates.txt" "$runs" >"$work/swift.$round"
done

load="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
if [ "$half" = "--time-graph" ]; then
    echo "# GNUstep NSPredicate on the dictionaries against predicate-bench's column scan of the same objects as a graph"
else
    echo "# GNUstep NSPredicate against predicate-bench on the same dictionaries"
fi
echo
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) · $objects objects, seed $seed · $rounds rounds × $runs runs · load average at the end $load"
echo
# Per predicate (line i of every file): the median over rounds of each side's ns per object,
# the median of the per-round ratios GNUstep / Swift, and whether every count agreed. The Swift
# half prints two more columns: the same predicate over the file read as a JSONDocument.
graph=0
[ "$half" = "--time-graph" ] && graph=1
awk -F'\t' -v rounds="$rounds" -v graph="$graph" '
    function median(list, n,    i, j, t) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && list[j - 1] > list[j]; j--) {
            t = list[j]; list[j] = list[j - 1]; list[j - 1] = t
        }
        return n % 2 ? list[(n + 1) / 2] : (list[n / 2] + list[n / 2 + 1]) / 2
    }
    FNR == 1 { file++ }
    {
        side = (file % 2 == 1) ? "g" : "s"; round = int((file + 1) / 2); line = FNR
        ns[side, round, line] = $1; count[side, round, line] = $2; format[line] = $3
        if (side == "s" && !graph) { ns["d", round, line] = $4; count["d", round, line] = $5 }
        if (line > lines) lines = line
    }
    END {
        if (graph) {
            print "| predicate | GNUstep ns/object | engine ns/object (graph scan) | GNUstep / engine | matches |"
            print "|---|---|---|---|---|"
        } else {
            print "| predicate | GNUstep ns/object | engine ns/object (`[String: Any]`) | engine ns/object (JSON document) | GNUstep / engine | GNUstep / JSON document | matches |"
            print "|---|---|---|---|---|---|---|"
        }
        bad = 0
        for (line = 1; line <= lines; line++) {
            if (count["s", 1, line] ~ /^skipped/) {
                printf "| `%s` | %.0f | — |%s %s |\n", format[line], ns["g", 1, line], graph ? " — |" : " — | — | — |", count["s", 1, line]
                continue
            }
            same = 1
            for (r = 1; r <= rounds; r++) {
                g[r] = ns["g", r, line]; s[r] = ns["s", r, line]; d[r] = ns["d", r, line]
                q[r] = g[r] / s[r]; qd[r] = graph ? 0 : g[r] / d[r]
                for (k = 1; k <= (graph ? 2 : 3); k++) {
                    sd = substr("gsd", k, 1)
                    if (count[sd, r, line] != count["s", 1, line]) same = 0
                }
            }
            matches = same ? count["s", 1, line] : "**differ: GNUstep " count["g", 1, line] ", engine " count["s", 1, line] (graph ? "" : ", document " count["d", 1, line]) "**"
            if (!same) bad = 1
            if (graph)
                printf "| `%s` | %.0f | %.1f | %.1f× | %s |\n", format[line], median(g, rounds), median(s, rounds), median(q, rounds), matches
            else
                printf "| `%s` | %.0f | %.0f | %.0f | %.1f× | %.1f× | %s |\n", format[line], median(g, rounds), median(s, rounds), median(d, rounds), median(q, rounds), median(qd, rounds), matches
        }
        exit bad
    }' $(for round in $(seq 1 "$rounds"); do echo "$work/gnustep.$round" "$work/swift.$round"; done)
