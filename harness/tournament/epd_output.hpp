#pragma once

// The final position of every game, one EPD line each, added as the game ends (`--epdout FILE`,
// fastchess's `-epdout`): the four position fields of the FEN, then the move counters as the
// opcodes hmvc and fmvn, as fastchess writes them ("8/8/4k3/8/8/4K3/8/8 w - - hmvc 12; fmvn
// 71;"). The file is an EPD book again (openings/epd_reader.hpp reads the counters back).

#include <filesystem>
#include <string>

#include "harness/tournament/output_file.hpp"
#include "harness/tournament/run_observer.hpp"

namespace lmr::tournament {

struct EpdOutputOptions {
    std::filesystem::path file;
    bool append = true;  // false: an existing file is emptied when opened
};

// The EPD line of a position given as FEN (without a line break). Throws std::invalid_argument
// for a FEN without its six fields.
std::string epd_line(const std::string& fen);

class EpdOutput : public RunObserver {
  public:
    // Opens (creates) the file at once. Throws OutputFileError naming it.
    explicit EpdOutput(const EpdOutputOptions& options);

    // Throws OutputFileError when the file cannot be written (the run then fails).
    void game_finished(const GameTask& task, const core::GameRecord& game) override;

  private:
    OutputFile file_;
};

}  // namespace lmr::tournament
