#pragma once

// A text file a run adds every finished game to (the live PGN, the EPD of final positions).
// It is opened before the first game, so a path that cannot be written is an error up front,
// and each game's text goes to the kernel in one append-mode write with nothing buffered in
// this process: whoever reads the file while the run goes on finds every finished game whole,
// and a killed harness leaves no half game behind.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace lmr::tournament {

// The file cannot be opened or written; the message names it.
class OutputFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class OutputFile {
  public:
    // `what` names the file's kind in messages ("PGN file"). append=false empties an existing
    // file first. Throws OutputFileError.
    OutputFile(std::filesystem::path path, bool append, std::string what);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    // Adds `text` at the end of the file. Throws OutputFileError.
    void append(std::string_view text);

    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
    std::string what_;
    int fd_ = -1;
};

}  // namespace lmr::tournament
