#pragma once

// The store and tune tests' scratch directory: the shared one (tests/support), plus the byte
// helpers under the names these tests use.

#include <filesystem>
#include <string>

#include "tests/support/temp_dir.hpp"

namespace lmr::store::testing {

using test::TempDir;

inline std::string read_bytes(const std::filesystem::path& path) {
    return test::read_file(path);
}

inline void write_bytes(const std::filesystem::path& path, const std::string& bytes) {
    test::write_file(path, bytes);
}

}  // namespace lmr::store::testing
