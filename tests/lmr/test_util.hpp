// Helpers shared by the LMR tests.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/lmr/config.hpp"
#include "engine/lmr/move_context.hpp"

namespace lmr::lmr::test {

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

// A scratch directory per test, removed at the end.
class TempDir {
  public:
    TempDir() {
        static int counter = 0;
        path_ = std::filesystem::temp_directory_path() /
                ("lmr_config_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    std::filesystem::path write(const std::string& name, const std::string& text) const {
        const auto file = path_ / name;
        std::filesystem::create_directories(file.parent_path());
        std::ofstream(file) << text;
        return file;
    }
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

}  // namespace lmr::lmr::test
