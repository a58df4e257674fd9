#pragma once

// Two PGN readers besides LMR Lab's own, each written by other people, that a PGN file of a
// run must satisfy: pgn-extract (Debian package pgn-extract; it re-reads every game, checks
// each move against the board and logs any complaint) and chess.js (npm, installed by
// scripts/setup into tests/pgn_reader; tests/pgn_reader/read_pgn.mjs replays each game with it
// and prints what it found as one JSON line per game). A test skips when the reader is not
// installed. Header-only; needs nlohmann_json.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace lmr::pgn_readers {

namespace fs = std::filesystem;

inline std::string find_program(std::initializer_list<const char*> candidates) {
    for (const char* path : candidates)
        if (::access(path, X_OK) == 0) return path;
    return {};
}

// pgn-extract lives in /usr/games on Debian, which is not always on PATH.
inline std::string find_pgn_extract() {
    return find_program({"/usr/games/pgn-extract", "/usr/bin/pgn-extract"});
}

struct PgnExtractResult {
    test::ProcessResult process;
    std::string log;  // its complaints; empty when it found nothing wrong
    int games = 0;    // games in its re-export
};

// pgn-extract over the whole file: -s (no per-game chatter), --nobadresults (a Result that
// contradicts the final position is an error), the log and the re-export in `dir`.
inline PgnExtractResult run_pgn_extract(const std::string& tool, const fs::path& pgn,
                                        const test::TempDir& dir) {
    const std::string log = dir / "pgn-extract.log";
    const std::string out = dir / "pgn-extract.out.pgn";
    fs::remove(log);
    fs::remove(out);
    PgnExtractResult result;
    test::ChildProcess child(tool, {"-s", "--nobadresults", "-l" + log, "-o" + out, pgn.string()},
                             dir.path());
    result.process = child.wait(std::chrono::seconds(60));
    result.log = test::read_file(log);
    const std::string exported = test::read_file(out);
    for (auto at = exported.find("[Event "); at != std::string::npos;
         at = exported.find("[Event ", at + 1))
        ++result.games;
    return result;
}

inline std::string chess_js_script() {
    return std::string(LMR_SOURCE_DIR) + "/tests/pgn_reader/read_pgn.mjs";
}

// node, when it and chess.js (scripts/setup: npm ci in tests/pgn_reader) are installed.
inline std::string find_chess_js_node() {
    const std::string modules =
        std::string(LMR_SOURCE_DIR) + "/tests/pgn_reader/node_modules/chess.js/package.json";
    if (!fs::exists(modules)) return {};
    return find_program({"/usr/bin/node", "/usr/local/bin/node", "/usr/bin/nodejs"});
}

struct ChessJsResult {
    test::ProcessResult process;
    std::vector<nlohmann::json> games;  // one object per game, in file order (read_pgn.mjs)
};

inline ChessJsResult read_with_chess_js(const std::string& node, const fs::path& pgn,
                                        const test::TempDir& dir) {
    ChessJsResult result;
    test::ChildProcess child(node, {chess_js_script(), pgn.string()}, dir.path());
    result.process = child.wait(std::chrono::seconds(60));
    std::istringstream lines(result.process.out);
    for (std::string line; std::getline(lines, line);)
        if (!line.empty()) result.games.push_back(nlohmann::json::parse(line));
    return result;
}

}  // namespace lmr::pgn_readers
