#pragma once

// fastchess's `-log file=F [engine=true]`: the lines a run prints and, with engine=true, every
// line to and from every engine, in one file. The engines' lines come from every game slot at
// once, so each line is written whole under a lock.

#include <filesystem>
#include <mutex>
#include <string>
#include <string_view>

#include "harness/tournament/output_file.hpp"

namespace lmr::tournament {

class RunLog {
  public:
    // Throws OutputFileError when the file cannot be opened.
    RunLog(const std::filesystem::path& file, bool append);

    void line(std::string_view text);
    // A protocol line in fastchess's form: "NAME <--- go" (to the engine), "NAME ---> bestmove".
    void engine_line(const std::string& engine, bool to_engine, std::string_view text);

  private:
    std::mutex mutex_;
    OutputFile file_;
};

}  // namespace lmr::tournament
