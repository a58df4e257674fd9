#pragma once

// The live PGN file of a run (`--pgnout FILE`, fastchess's and cutechess-cli's `-pgnout`): each
// game is added as it ends, after the database has it, so the file holds every finished game
// while the run goes on. The games read exactly as their stored PGN (the same tags, from
// game_pgn.hpp), plus the comment fields asked for. Games stored by an earlier session of the
// run are not written again: a resume with the same file adds the games it plays.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/match/pgn.hpp"
#include "harness/tournament/output_file.hpp"
#include "harness/tournament/run_observer.hpp"

namespace lmr::tournament {

// What `-pgnout file=F append=… nodes=… … notation=… min=…` (and the native --pgnout flags) set.
struct PgnOutputOptions {
    std::filesystem::path file;
    bool append = true;  // false: an existing file is emptied when opened (fastchess append=false)
    match::PgnStyle style;  // comment items (n=, pv=, …), notation, minimal form
    // match_line=REGEX: of each search, the last info line each matches goes into the move's
    // comment as line="…" (the games keep them: SessionOptions::kept_line_patterns).
    std::vector<std::string> match_lines;
};

// The settings of a PGN output besides its file and append, by fastchess's key, read here for
// both front ends (fastchess's `-pgnout KEY=VALUE`, the native `--pgn-KEY`, '_' spelt '-'):
// the switches nodes, seldepth, nps, timeleft, latency, hashfull, tbhits, pv and min, notation,
// and match_line (repeatable).
struct PgnSetting {
    std::string_view key;
    std::string_view help;  // the native flag's help
    enum class Kind { kSwitch, kValue, kRepeatable } kind = Kind::kSwitch;
};
const std::vector<PgnSetting>& pgn_settings();
// Sets `key` (one of pgn_settings()) to `value` ("true" or "false" for a switch). Returns what
// is wrong with the value ("expected san, lan or uci"), nullopt when it was set.
std::optional<std::string> set_pgn_setting(PgnOutputOptions& options, std::string_view key,
                                           std::string_view value);

class PgnOutput : public RunObserver {
  public:
    // Opens (creates) the file at once. Throws OutputFileError naming it.
    explicit PgnOutput(const PgnOutputOptions& options);

    void run_started(std::int64_t run_id, const RunPlan& plan) override;
    // Throws OutputFileError when the file cannot be written (the run then fails).
    void game_finished(const GameTask& task, const core::GameRecord& game) override;

  private:
    OutputFile file_;
    match::PgnStyle style_;
    std::int64_t run_id_ = 0;
    std::optional<RunPlan> plan_;
};

}  // namespace lmr::tournament
