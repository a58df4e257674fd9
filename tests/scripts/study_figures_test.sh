#!/usr/bin/env bash
# scripts/study --figures for a phase split over sessions (STUDY_FIRST_ROW=N): the database's
# runs 1… are reported as rows N…, the CSV keeps its committed rows before N and replaces any
# from N on, and the rating list (anchored at row N's base, none.json being absent) and the
# charts go to files of their own, leaving those of the whole phase as they were.
# Plays one fixed-node pair into a copy of the study's layout in a temporary directory.
set -euo pipefail
study=$1 harness=$2  # its lmr-engine is the one built beside it
source_dir=$(cd "$(dirname "$study")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/scripts" "$work/results"
cp "$study" "$work/scripts/study"
ln -s "$source_dir/configs" "$work/configs"
ln -s "$source_dir/openings" "$work/openings"
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

# Row 6 of the clock phase with default, textbook-log, rebel-expert and rebel-ed2-ordering (after
# none against each, and default against textbook-log) is default against rebel-expert. Seed 1
# opens a game both sides win with white: a pair that bounds the ratings, where a sweep would not.
export STUDY_FIRST_ROW=6 STUDY_HARNESS=$harness
export STUDY_CLOCK_CONFIGS="configs/default.json configs/textbook-log.json configs/rebel-expert.json
                            configs/rebel-ed2-ordering.json"
"$harness" match --base configs/default.json --test configs/rebel-expert.json --pairs 1 \
  --tc nodes=1000 --seed 1 --book openings/default.epd --db results/study-clock.db >/dev/null
# a CSV committed by --figures: the report's columns and first10_sha256
header=$("$harness" report --db results/study-clock.db --columns study --format csv | sed -n 1p |
         tr -d '\r'),first10_sha256
{ echo "$header"
  for id in 1 2 3 4 5; do echo "$id,committed-row-$id"; done
  echo "6,a-stale-row-6"
} > results/clock.csv
echo "committed rating list" > results/clock-ratings.csv
echo "committed charts" > results/study.html

table=$(scripts/study --figures clock 2>/dev/null)
grep -q '^| 6 | rebel-expert | default |' <<<"$table" || fail "the run is not shown as row 6: $table"
grep -q 'Rating list (default = 0)' <<<"$table" || fail "the rating list is not anchored at default: $table"
[[ $(cut -d, -f1 results/clock.csv | tr '\n' ' ') == "id 1 2 3 4 5 6 " ]] ||
  fail "clock.csv is not rows 1-5 kept and row 6 new: $(cat results/clock.csv)"
grep -q '^5,committed-row-5$' results/clock.csv || fail "committed row 5 was changed"
grep -q '^6,rebel-expert,default,nodes=1000,finished,2,' results/clock.csv ||
  fail "row 6 is not the database's run: $(tail -n 1 results/clock.csv)"
grep -q '^default,[12],default,0\.0,' results/clock-ratings-from-row-6.csv ||
  fail "no rating list of rows 6… anchored at default"
[[ $(cat results/clock-ratings.csv) == "committed rating list" ]] ||
  fail "the whole phase's rating list was overwritten"
[[ -s results/study-clock-from-row-6.html && $(cat results/study.html) == "committed charts" ]] ||
  fail "the charts of rows 6… are not in their own page"
# STUDY_ROWS=6: the same run as row 6 alone, played again: rows 1-5 and 7 kept.
unset STUDY_FIRST_ROW
export STUDY_ROWS=6
{ echo "$header"
  for id in 1 2 3 4 5; do echo "$id,committed-row-$id"; done
  echo "6,a-stale-row-6"
  echo "7,committed-row-7"
} > results/clock.csv
table=$(scripts/study --figures clock 2>/dev/null)
grep -q '^| 6 | rebel-expert | default |' <<<"$table" || fail "STUDY_ROWS: the run is not row 6: $table"
[[ $(cut -d, -f1 results/clock.csv | tr '\n' ' ') == "id 1 2 3 4 5 6 7 " ]] ||
  fail "STUDY_ROWS: clock.csv is not rows 1-5 and 7 kept, row 6 new: $(cat results/clock.csv)"
grep -q '^7,committed-row-7$' results/clock.csv || fail "STUDY_ROWS: committed row 7 was changed"
grep -q '^6,rebel-expert,default,nodes=1000,finished,2,' results/clock.csv ||
  fail "STUDY_ROWS: row 6 is not the database's run: $(sed -n 7p results/clock.csv)"
[[ -s results/study-clock-rows-6.html && -s results/clock-ratings-rows-6.csv ]] ||
  fail "STUDY_ROWS: the charts and rating list of row 6 are not in files of their own"
# A whole phase (no rows selected) with the other phases' databases absent, as on a fresh clone:
# its CSV is written and results/study.html is drawn from the figures of every phase there are
# (report --figures), not from the databases; a figures file that does not read stops it, named.
unset STUDY_ROWS
cp results/study-clock.db results/study-schemes-full.db
if scripts/study --figures schemes-full >/dev/null 2>"$work/whole.err"; then
  fail "--figures drew study.html over a clock.csv that is not figures"
fi
grep -q "results/clock.csv:2: 2 fields where the header has" "$work/whole.err" ||
  fail "the bad figures file is not named with its line: $(cat "$work/whole.err")"
rm results/clock.csv results/clock-ratings.csv
scripts/study --figures schemes-full >/dev/null 2>"$work/whole.err"
[[ -s results/schemes-full.csv ]] || fail "the whole phase's CSV was not written"
grep -q '<h1>schemes-full</h1>' results/study.html ||
  fail "results/study.html is not drawn from the figures: $(head -c 300 results/study.html)"
grep -q 'test config against default at nodes=1000' results/study.html ||
  fail "results/study.html lacks the phase's row"
grep -q "study-tune-default.db is not here" "$work/whole.err" ||
  fail "--figures does not say which tune trajectories it could not draw: $(cat "$work/whole.err")"
echo "PASS: rows 6… reported as rows, rows 1-5 kept, rating list and charts apart; STUDY_ROWS too;" \
     "study.html drawn from the figures, a bad figures file named"
