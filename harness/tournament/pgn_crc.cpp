#include "harness/tournament/pgn_crc.hpp"

#include <cstdio>
#include <fstream>

namespace lmr::tournament {

PgnCrc::PgnCrc(std::filesystem::path file, GameLines::Print print)
    : file_(std::move(file)), print_(std::move(print)) {}

void PgnCrc::game_finished(const GameTask&, const core::GameRecord&) {
    std::ifstream in(file_, std::ios::binary);
    in.seekg(static_cast<std::streamoff>(read_));
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        crc_.process_bytes(buffer, static_cast<std::size_t>(in.gcount()));
        read_ += static_cast<std::uint64_t>(in.gcount());
    }
    char hex[32];
    std::snprintf(hex, sizeof hex, "%#x", crc_.checksum());
    print_("File " + file_.string() + " has CRC32: " + hex);
}

}  // namespace lmr::tournament
