// Helpers shared by the LMR tests.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/lmr/config.hpp"
#include "engine/lmr/move_context.hpp"
#include "tests/support/temp_dir.hpp"

namespace lmr::reduction::test {

inline std::filesystem::path source_dir() {
    return LMR_SOURCE_DIR;
}
inline std::filesystem::path preset(const std::string& name) {
    return source_dir() / "configs" / (name + ".json");
}
inline LmrConfig load_preset(const std::string& name) {
    return load_config(preset(name));
}

inline std::string read_text(const std::filesystem::path& file) {
    std::ifstream in(file);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A quiet late move at a non-PV, non-root node, with neutral scores.
inline MoveContext quiet_move(int depth, int move_number) {
    MoveContext c;
    c.depth = depth;
    c.ply = 3;
    c.move_number = move_number;
    c.see_ge0 = true;
    c.ordering_score = 100;
    c.static_eval = 0;
    c.alpha = 0;
    c.beta = 1;
    return c;
}

using TempDir = ::lmr::test::TempDir;

}  // namespace lmr::reduction::test
