#pragma once

// Labels the positions of finished games with a UCI engine's scores: the data a Texel tuner
// wants when the games' results alone are too noisy a teacher (`lmr-eval-tune
// --search-weight` blends the labels into the results).
//
// Every position from ply `skip_plies` on gets one fixed-node search by
// openings::score_positions (`ucinewgame` first, so a label depends neither on the concurrency
// nor on the order the positions are handed out); a position that occurs more than once is
// searched once. The games come back as records whose moves carry the score of the position
// they were played in, from the mover's point of view — what `match::to_pgn` writes as
// `{+0.35/12 0.000s}` and what the tuner reads.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/core/game_record.hpp"
#include "harness/openings/opening.hpp"
#include "harness/openings/position_scorer.hpp"

namespace lmr::label {

struct LabelOptions {
    // The labelling engine and its timeouts, nodes, concurrency, progress, Ctrl-C.
    openings::ScorerOptions scorer;
    // The first plies of every game are not searched; their moves become book moves.
    int skip_plies = 0;
};

struct LabelResult {
    std::vector<core::GameRecord> games;  // the finished games, in input order
    std::size_t unfinished = 0;           // games without a 1-0, 0-1 or 1/2-1/2 result: dropped
    std::size_t positions = 0;            // moves that carry a label
    std::size_t searches = 0;             // distinct positions searched
    std::string engine_id;                // the labelling engine's `id name`
    std::size_t retries = 0;              // searches repeated after an engine fault
};

// `games` as read by openings::read_pgn (whole games: no ply limit), tags included.
// Throws openings::ScorerError when the engine fails, openings::ScorerInterrupted when
// options.scorer.interrupt stopped it; std::invalid_argument for options
// score_positions rejects or a negative skip_plies.
LabelResult label_games(const std::vector<openings::Opening>& games, const LabelOptions& options);

// What `lmr-harness label` reads and writes: the PGN files read in order (whole games), the
// first `max_games` of their games when given, and the PGN file the labelled games go to.
struct LabelRequest {
    std::vector<std::filesystem::path> pgn;
    std::optional<std::size_t> max_games;
    std::filesystem::path out;
};

// Reads the request's games, tells `on_read` how many it will label, labels them (label_games)
// and writes them to request.out, each with the event "Labelled by ENGINE, go nodes N" — the
// file written beside it and renamed, so a stop or a failure leaves it as it was. Throws as
// label_games does; a Ctrl-C after the last search, before the write, is ScorerInterrupted too.
LabelResult label_files(const LabelRequest& request, const LabelOptions& options,
                        const std::function<void(std::size_t games)>& on_read);

// The labelled record of one game, given the scores of its positions from ply `skip_plies`
// on (one per position, in order). Exposed for tests.
core::GameRecord labelled_record(const openings::Opening& game, int skip_plies,
                                 const std::vector<openings::Evaluation>& scores);

}  // namespace lmr::label
