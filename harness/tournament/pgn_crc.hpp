#pragma once

// fastchess's `-crc32 pgn=true`: after each game added to the PGN file, the CRC-32 of the whole
// file ("File games.pgn has CRC32: 0x1c291ca3"); fishtest compares it with the file it uploads.

#include <boost/crc.hpp>
#include <cstdint>
#include <filesystem>

#include "harness/tournament/game_lines.hpp"
#include "harness/tournament/run_observer.hpp"

namespace lmr::tournament {

// Observes after the PGN output (the file must hold the game); reads only the bytes added since
// the last game.
class PgnCrc : public RunObserver {
  public:
    PgnCrc(std::filesystem::path file, GameLines::Print print);

    void game_finished(const GameTask& task, const core::GameRecord& game) override;

  private:
    std::filesystem::path file_;
    GameLines::Print print_;
    boost::crc_32_type crc_;
    std::uint64_t read_ = 0;
};

}  // namespace lmr::tournament
