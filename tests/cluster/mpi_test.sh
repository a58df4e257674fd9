#!/usr/bin/env bash
# lmr-harness under mpirun (harness/cluster): rank 0 coordinates, the other ranks play.
#   1. the same seeded fixed-node match on one process and on 3 ranks stores the same games,
#      move for move (score, depth, nodes), for every (pair, round); its log holds no redraw
#      codes of a live status line;
#   2. an sprt under MPI ends with its verdict's exit code, and the run stores that verdict;
#   3. a job killed with kill -9 on its process group is finished by resume (without MPI) with
#      exactly the planned games, the same as the uninterrupted run's;
#      The killed ranks leave their config directories (lmr-rank-HOST-PID-*) behind;
#   4. a seeded tune on 3 ranks moves θ exactly as on one process, and its workers remove the
#      directories of the dead ranks of step 3;
#   5. a worker rank frozen with SIGSTOP mid-run is given up after LMR_RANK_SILENCE seconds: the
#      job ends (exit 4) naming the rank and its host, the run is resumable and resumed;
#   6. a worker rank whose engine binary differs from the run's (another file mounted over the
#      same path, in a mount namespace of its own) is refused, naming its host and the file.
set -uo pipefail
harness=$1 engine=$2 source=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export TMPDIR=$work/tmp  # the ranks' config directories, counted below
mkdir -p "$TMPDIR"
mpi=(mpirun --oversubscribe --allow-run-as-root -x TMPDIR -n 3)
rank_dirs() { find "$TMPDIR" -maxdepth 1 -name 'lmr-rank-*' | wc -l; }
games_plan=(--base "$source/configs/none.json" --test "$source/configs/default.json" --tc nodes=1500
            --pairs 8 --concurrency 1 --seed 31 --book "$source/openings/default.epd")
plan=("${games_plan[@]}" --engine-binary "$engine")
fail() { echo "FAIL: $*" >&2; exit 1; }
games() {  # every stored game and move, in (pair, round) order
  sqlite3 "$1" "SELECT g.pair_index, g.round_in_pair, w.name, b.name, g.result, g.termination,
    group_concat(m.uci || ':' || ifnull(m.score_cp, '') || ':' || ifnull(m.score_mate, '') || ':'
                 || ifnull(m.depth, '') || ':' || ifnull(m.nodes, ''), ' ')
    FROM games g JOIN engines w ON w.id = g.white_engine_id JOIN engines b ON b.id = g.black_engine_id
    JOIN moves m ON m.game_id = g.id GROUP BY g.id ORDER BY g.pair_index, g.round_in_pair"
}

"$harness" match "${plan[@]}" --db one.db > one.log 2>&1 || fail "single-process match: $(tail -3 one.log)"
"${mpi[@]}" "$harness" match "${plan[@]}" --db ranks.db > ranks.log 2>&1 ||
  fail "match on 3 ranks: $(tail -5 ranks.log)"
[[ $(games one.db | wc -l) == 16 ]] || fail "the single-process match stored $(games one.db | wc -l) games, not 16"
[[ "$(games one.db)" == "$(games ranks.db)" ]] || {
  diff <(games one.db) <(games ranks.db) | head -5 >&2
  fail "3 ranks stored other games than one process"
}
grep -q "^MPI: 3 ranks, rank 0 coordinating on .*, 2 playing" ranks.log ||
  fail "the match under mpirun does not say it ran on 3 ranks: $(head -3 ranks.log)"
grep -q "^MPI:" one.log && fail "the match without mpirun says it ran under MPI"
# mpirun forwards rank 0's output through a terminal of its own: the redraw codes of a live
# status line used to land in the log file.
grep -q $'[\r\x1b]' ranks.log && fail "the log of a match under mpirun holds redraw codes"
echo "1. 16 games on 3 ranks identical, move for move, to one process's"

"${mpi[@]}" "$harness" sprt --base "$source/configs/none.json" --test "$source/configs/default.json" \
  --tc nodes=1500 --elo0 0 --elo1 150 --model logistic --max-pairs 40 --concurrency 1 --seed 32 \
  --book "$source/openings/default.epd" --engine-binary "$engine" --db sprt.db > sprt.log 2>&1
code=$?
verdict=$(sqlite3 sprt.db "SELECT ifnull(verdict, '') FROM runs")
case "$code:$verdict" in
  0:H1 | 1:H0 | 3:undecided) echo "2. sprt on 3 ranks: verdict $verdict, exit code $code" ;;
  *) fail "sprt on 3 ranks exited $code with stored verdict '$verdict': $(tail -5 sprt.log)" ;;
esac

set -m  # the job gets a process group of its own: mpirun, its ranks and their engines
"${mpi[@]}" "$harness" match "${plan[@]}" --db killed.db > killed.log 2>&1 &
group=$!
set +m
for _ in $(seq 600); do
  stored=$(sqlite3 killed.db "SELECT count(*) FROM games" 2>/dev/null || echo 0)
  ((stored >= 4)) && break
  sleep 0.1
done
((stored >= 4)) || fail "the MPI match stored no games to kill it after: $(tail -5 killed.log)"
kill -9 -- "-$group"
{ wait "$group"; } 2>/dev/null
# The ranks die with mpirun (their parent-death signal); give the kernel a moment to reap them.
claimant=$(sqlite3 killed.db "SELECT pid FROM run_claims" 2>/dev/null || true)
for _ in $(seq 50); do
  [[ -n $claimant ]] && kill -0 "$claimant" 2>/dev/null || break
  sleep 0.1
done
"$harness" resume --db killed.db --run 1 > resume.log 2>&1 || fail "resume: $(tail -5 resume.log)"
[[ "$(games killed.db)" == "$(games one.db)" ]] || {
  diff <(games one.db) <(games killed.db) | head -5 >&2
  fail "killed at $stored games and resumed: not the uninterrupted run's games"
}
echo "3. killed with kill -9 at $stored stored games, resumed: the 16 planned games, identical"
leaked=$(rank_dirs)
((leaked > 0)) || fail "the killed ranks left no config directory behind: nothing to clean up"
tune=(tune --base "$source/configs/rebel-expert.json" --iterations 3 --pairs-per-iteration 1
      --param lmr.steps.history.weight,100,0,200,20,0.002 --tc nodes=1500 --concurrency 1
      --seed 33 --book "$source/openings/default.epd" --engine-binary "$engine")
"$harness" "${tune[@]}" --db tune-one.db > tune-one.log 2>&1 || fail "tune: $(tail -3 tune-one.log)"
"${mpi[@]}" "$harness" "${tune[@]}" --db tune-ranks.db > tune-ranks.log 2>&1 ||
  fail "tune on 3 ranks: $(tail -5 tune-ranks.log)"
grep -q "^MPI: 3 ranks, rank 0 coordinating on .*, 2 playing" tune-ranks.log ||
  fail "the tune under mpirun does not say it ran on 3 ranks: $(head -3 tune-ranks.log)"
trajectory() { sqlite3 "$1" "SELECT k, wins, draws, losses, theta_after_json FROM tune_iterations ORDER BY k"; }
[[ -n "$(trajectory tune-one.db)" && "$(trajectory tune-one.db)" == "$(trajectory tune-ranks.db)" ]] || {
  diff <(trajectory tune-one.db) <(trajectory tune-ranks.db) >&2
  fail "the tune on 3 ranks moved theta otherwise than on one process"
}
[[ $(rank_dirs) == 0 ]] ||
  fail "$(rank_dirs) rank directories left after the tune: $(ls "$TMPDIR")"
echo "4. a tune on 3 ranks: the same iterations and theta as on one process;" \
  "the $leaked directories of the killed ranks removed"

set -m
LMR_RANK_SILENCE=3 "${mpi[@]}" -x LMR_RANK_SILENCE "$harness" match "${plan[@]}" --db frozen.db \
  > frozen.log 2>&1 &
group=$!
set +m
for _ in $(seq 600); do
  stored=$(sqlite3 frozen.db "SELECT count(*) FROM games" 2>/dev/null || echo 0)
  ((stored >= 2)) && break
  sleep 0.1
done
((stored >= 2)) || fail "the MPI match stored no games to freeze a rank after: $(tail -5 frozen.log)"
coordinator=$(sqlite3 frozen.db "SELECT pid FROM run_claims")
worker=$(pgrep -f -- "--db frozen.db" | grep -vx "$coordinator" | grep -vx "$group" |
         while read -r pid; do [[ $(ps -o comm= -p "$pid") == lmr-harness ]] && echo "$pid"; done |
         sed -n 1p)
[[ -n $worker ]] || fail "no worker rank of the frozen-rank match found"
kill -STOP "$worker"
code=0
timeout 60 tail --pid="$group" -f /dev/null || fail "the job with a frozen rank did not end"
wait "$group" || code=$?
((code == 4)) || fail "a frozen rank: the job exited $code, not 4: $(tail -5 frozen.log)"
grep -q "rank [12] on host $(hostname) has sent nothing for [0-9]* s" frozen.log ||
  fail "the frozen rank is not named: $(tail -5 frozen.log)"
[[ $(sqlite3 frozen.db "SELECT status FROM runs") == failed ]] ||
  fail "the run with a frozen rank is not marked failed"
"$harness" resume --db frozen.db --run 1 > frozen-resume.log 2>&1 ||
  fail "resume after a frozen rank: $(tail -5 frozen-resume.log)"
[[ "$(games frozen.db)" == "$(games one.db)" ]] || fail "resumed after a frozen rank: other games"
echo "5. a rank frozen at $stored games: the job ended (exit 4) naming it; resumed, the same games"

if ! unshare -m true 2>/dev/null; then
  echo "6. skipped: no mount namespaces here (unshare -m)"
  echo PASS
  exit 0
fi
cp "$engine" engine && cp "$engine" other && printf 'x' >> other
odd=(unshare -m sh -c "mount --bind '$work/other' '$work/engine' && exec '$harness'")
mpirun --oversubscribe --allow-run-as-root -n 1 "$harness" match "${games_plan[@]}" --engine-binary \
  "$work/engine" --db odd.db : -n 2 "${odd[@]}" > odd.log 2>&1 && fail "mismatched ranks played"
grep -q "on host $(hostname): binary $work/engine has SHA-256 .*, rank 0 has" odd.log ||
  fail "the refusal does not name the host and the binary: $(tail -5 odd.log)"
[[ $(sqlite3 odd.db "SELECT count(*) FROM games") == 0 ]] || fail "mismatched ranks stored games"
echo "6. a rank with another binary at the same path: refused, naming host and file"
echo PASS
