#!/usr/bin/env bash
# scripts/study --verify and --hashes end to end, on row 1 of schemes-full made tiny
# (STUDY_PAIRS=11 at STUDY_NODES=1000): the row played as the study plays it and its figures
# written (first10_sha256 from its database); --verify replays pairs 1-10 alone, one game at a
# time, and reproduces them (exit 0); a corrupted stored hash is NOT reproduced (exit 1);
# --hashes writes the replay's hash back, the database's; and what cannot be checked — an
# unknown phase, a row out of range, a clock row, a row without a stored hash — exits 2; and a
# row under the clock counted in nodes (depth-curve row 8, tiny) is reproduced like a fixed-node row;
# and a row left unfinished whose engine was rebuilt is resumed only with STUDY_ALLOW_CHANGED=1.
# Plays 86 short games into a copy of the study's layout in a temporary directory.
set -euo pipefail
study=$1 harness=$2 engine=$3
source_dir=$(cd "$(dirname "$study")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/scripts" "$work/results" "$work/build/release/engine"
cp "$study" "$work/scripts/study"
ln -s "$source_dir/configs" "$work/configs"
ln -s "$source_dir/openings" "$work/openings"
ln -s "$engine" "$work/build/release/engine/lmr-engine"  # the study's binaries are present
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
export STUDY_HARNESS=$harness STUDY_NODES=1000 STUDY_PAIRS=11 STUDY_CONCURRENCY=2
csv=results/schemes-full.csv
stored() { awk -F, 'NR == 2 { print $NF }' "$csv" | tr -d '\r'; }

# Row 1 (rebel-expert against none), 12 pairs on two slots, then its figures.
line=$(scripts/study --plan schemes-full | sed -n 's/^  lmr-harness //p' | sed -n 1p)
# shellcheck disable=SC2086
"$harness" $line >/dev/null
scripts/study --figures schemes-full >/dev/null 2>&1
[[ $(head -n 1 "$csv" | tr -d '\r') == *,command_line,first10_sha256 ]] ||
  fail "no first10_sha256 column after command_line: $(head -n 1 "$csv")"
hash=$(stored)
[[ $hash =~ ^[0-9a-f]{64}$ ]] || fail "no hash of row 1 from its database: '$hash'"

out=$(STUDY_CONCURRENCY=1 scripts/study --verify schemes-full 1) ||
  fail "row 1 not reproduced on one slot (exit $?): $out"
if ! grep -q '^study: reproduced$' <<<"$out" ||
   ! grep -q "^replayed first10_sha256 $hash " <<<"$out"; then
  fail "the replay is not reported as reproducing $hash: $out"
fi

cp "$csv" "$csv.figures"
sed -i "2s/$hash/${hash//[0-9a-f]/0}/" "$csv"
status=0
out=$(scripts/study --verify schemes-full 1) || status=$?
if ((status != 1)) || ! grep -q '^study: NOT reproduced' <<<"$out"; then
  fail "a corrupted hash gave exit $status: $out"
fi

scripts/study --hashes schemes-full 1 2>/dev/null
cmp -s "$csv" "$csv.figures" ||
  fail "--hashes did not give back the CSV of --figures: $(diff "$csv.figures" "$csv")"

expect_usage() {
  local status=0
  "$@" >/dev/null 2>&1 || status=$?
  ((status == 2)) || fail "'$*' exited $status, not 2"
}
expect_usage scripts/study --verify
expect_usage scripts/study --verify no-such-phase 1
expect_usage scripts/study --verify schemes-full 0
expect_usage scripts/study --verify schemes-full 9
expect_usage scripts/study --verify schemes-full 2  # a row the CSV does not have
expect_usage env STUDY_CLOCK_CONFIGS=configs/default.json scripts/study --verify clock 1
expect_usage scripts/study --verify tune 1
expect_usage env STUDY_NODES=3000 scripts/study --verify schemes-full 1  # not the row's command
err=$(STUDY_CLOCK_CONFIGS=configs/default.json scripts/study --verify clock 1 2>&1 || true)
grep -q 'under a clock' <<<"$err" || fail "a clock row is refused without saying why: $err"
# A row under the clock counted in nodes (depth-curve row 8, tiny: 11 pairs at 1+0.01 counted at
# 100 nodes a millisecond), played on two slots: replayable like a fixed-node row, on one slot.
export STUDY_NODES_CLOCK="tc=1+0.01 nodestime=100"
csv=results/depth-curve.csv
line=$(scripts/study --plan depth-curve | sed -n 's/^  lmr-harness //p' | sed -n 8p)
[[ $line == *"--tc tc=1+0.01 nodestime=100 "* ]] || fail "row 8 is not under the nodes clock: $line"
# shellcheck disable=SC2086
"$harness" $line >/dev/null
STUDY_ROWS=8 scripts/study --figures depth-curve >/dev/null 2>&1
hash=$(awk -F, '$1 == 8 { print $NF }' "$csv" | tr -d '\r')
[[ $hash =~ ^[0-9a-f]{64}$ ]] || fail "no hash of the nodes-clock row from its database: '$hash'"
out=$(STUDY_CONCURRENCY=1 scripts/study --verify depth-curve 8) ||
  fail "the nodes-clock row not reproduced on one slot (exit $?): $out"
grep -q "^replayed first10_sha256 $hash " <<<"$out" || fail "nodes-clock replay: $out"

# A row left unfinished, then the engine rebuilt (another binary): scripts/study refuses to go on
# with it, and goes on with STUDY_ALLOW_CHANGED=1, the change recorded in the run. The harness
# plays the lmr-engine beside it: both copied into the layout, so that this engine can change.
mkdir -p build/release/harness
cp "$harness" build/release/harness/lmr-harness
rm build/release/engine/lmr-engine
cp "$engine" build/release/engine/lmr-engine
export STUDY_HARNESS=build/release/harness/lmr-harness STUDY_DB_DIR=results/rebuilt STUDY_PAIRS=2
mkdir -p results/rebuilt
db=results/rebuilt/study-schemes-full.db
STUDY_ROWS=1 scripts/study schemes-full >/dev/null
sqlite3 "$db" "UPDATE runs SET status = 'running' WHERE id = 1"
printf '\n' >>build/release/engine/lmr-engine  # runs as before, hashes otherwise
status=0
STUDY_ROWS=1 scripts/study schemes-full >/dev/null 2>&1 || status=$?
((status == 4)) || fail "an unfinished row with a changed engine gave exit $status, not 4"
[[ $(sqlite3 "$db" "SELECT status FROM runs WHERE id = 1") == running ]] ||
  fail "the row was finished with a changed engine without STUDY_ALLOW_CHANGED"
expect_usage env STUDY_ALLOW_CHANGED=yes scripts/study schemes-full
STUDY_ALLOW_CHANGED=1 STUDY_ROWS=1 scripts/study schemes-full >/dev/null ||
  fail "STUDY_ALLOW_CHANGED=1 did not finish the row (exit $?)"
[[ $(sqlite3 "$db" "SELECT status FROM runs WHERE id = 1") == finished ]] ||
  fail "STUDY_ALLOW_CHANGED=1 left the row unfinished"
changes=$(sqlite3 "$db" "SELECT count(*) FROM run_changes WHERE run_id = 1 AND subject LIKE 'engine%'")
((changes == 2)) || fail "$changes engine changes recorded in the run, not 2 (both engines' binary)"

echo "PASS: row 1 reproduced on one slot, a wrong hash not (exit 1), --hashes wrote the" \
     "database's hash, 8 unusable requests exit 2; a nodes-clock row reproduced on one slot;" \
     "a changed engine refused on resume, and accepted and recorded with STUDY_ALLOW_CHANGED=1"
