#include "harness/tournament/pgn_output.hpp"

#include "harness/tournament/game_pgn.hpp"

namespace lmr::tournament {

PgnOutput::PgnOutput(const PgnOutputOptions& options)
    : file_(options.file, options.append, "PGN file"), style_(options.style) {}

void PgnOutput::run_started(std::int64_t run_id, const RunPlan& plan) {
    run_id_ = run_id;
    plan_ = plan;
}

void PgnOutput::game_finished(const GameTask& task, const core::GameRecord& game) {
    // The runner says which run this is before its first game; without it the tags would lie.
    if (!plan_) throw OutputFileError("PGN file '" + file_.path().string() + "': no run started");
    // to_pgn ends the game with an empty line, which separates it from the next one.
    file_.append(match::to_pgn(game, game_pgn_tags(*plan_, run_id_, task), style_));
}

}  // namespace lmr::tournament
