#!/usr/bin/env bash
# scripts/study with STUDY_FIRST_ROW=N plans exactly the phase's rows N… (the full plan's
# commands from the N-th on, in order), and refuses a value that is no row number; the clock
# phase plans a capped SPRT for every pair of none.json and the configs it is given, then
# edition 3's fixed 400 games against none.json.
set -euo pipefail
study=$1
commands() { grep '^  lmr-harness ' || true; }
full=$("$study" --plan ablation | commands)
rows=$(wc -l <<<"$full")
from_ten=$(STUDY_FIRST_ROW=10 "$study" --plan ablation)
expected=$(tail -n +10 <<<"$full")
if [[ $(commands <<<"$from_ten") != "$expected" ]]; then
  echo "FAIL: STUDY_FIRST_ROW=10 planned other commands than rows 10-$rows" >&2
  diff <(echo "$expected") <(commands <<<"$from_ten") >&2 || true
  exit 1
fi
grep -q "(from row 10)" <<<"$from_ten" || { echo "FAIL: the plan does not say its first row" >&2; exit 1; }
for bad in 0 x -3 ""; do
  if STUDY_FIRST_ROW=$bad "$study" --plan ablation >/dev/null 2>&1; then
    [[ -z $bad ]] && continue  # empty: the default, row 1
    echo "FAIL: STUDY_FIRST_ROW='$bad' was accepted" >&2
    exit 1
  fi
done
# STUDY_ROWS: exactly the rows listed, in order; refused with STUDY_FIRST_ROW, unordered, or
# past the phase's last row.
picked=$(STUDY_ROWS="2 9 15" "$study" --plan ablation)
if [[ $(commands <<<"$picked") != "$(sed -n '2p;9p;15p' <<<"$full")" ]]; then
  echo "FAIL: STUDY_ROWS='2 9 15' planned other commands than rows 2, 9 and 15" >&2
  exit 1
fi
grep -q "(rows 2 9 15)" <<<"$picked" || { echo "FAIL: the plan does not name its rows" >&2; exit 1; }
for bad in "9 2" "0" "x" "2 $((rows + 1))"; do
  if STUDY_ROWS=$bad "$study" --plan ablation >/dev/null 2>&1; then
    echo "FAIL: STUDY_ROWS='$bad' was accepted" >&2
    exit 1
  fi
done
if STUDY_ROWS=2 STUDY_FIRST_ROW=3 "$study" --plan ablation >/dev/null 2>&1; then
  echo "FAIL: STUDY_ROWS with STUDY_FIRST_ROW was accepted" >&2
  exit 1
fi
# The clock phase: every pair of none.json and the named configs once, as an SPRT with a cap.
clock=$(STUDY_CLOCK_CONFIGS="configs/default.json configs/mediocre.json" "$study" --plan clock |
        commands)
if [[ $(grep -c ' sprt .*--max-pairs 200 .*--tc tc=5+0.05' <<<"$clock") != 3 ]] ||
   ! grep -q 'base configs/default.json --test configs/mediocre.json' <<<"$clock" ||
   [[ $(tail -n 1 <<<"$clock") != *" match --base configs/none.json --test configs/rebel-ed3-history.json --pairs 200 --tc tc=5+0.05 "* ]]; then
  echo "FAIL: clock with two configs did not plan the 3 capped SPRTs of none, default, mediocre" \
       "and then ed3's 400 games against none" >&2
  echo "$clock" >&2
  exit 1
fi
if STUDY_CLOCK_CONFIGS= "$study" --plan clock >/dev/null 2>&1; then
  echo "FAIL: the clock phase was planned without STUDY_CLOCK_CONFIGS" >&2
  exit 1
fi
echo "PASS: rows 10-$rows and rows 2, 9, 15 planned, bad values refused, the clock's round robin planned"
