#pragma once
// Files a command writes whole (a book, a PGN export, an HTML page): a reader never sees half of
// one, and a failure leaves the file that was there as it was.

#include <filesystem>
#include <string>

namespace lmr::core {

// Writes `text` beside `path` (path + ".tmp") and renames it into place. Throws
// std::runtime_error naming the file; no temporary file is left behind.
void write_file_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace lmr::core
