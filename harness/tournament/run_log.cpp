#include "harness/tournament/run_log.hpp"

namespace lmr::tournament {

RunLog::RunLog(const std::filesystem::path& file, bool append) : file_(file, append, "log") {}

void RunLog::line(std::string_view text) {
    std::lock_guard lock(mutex_);
    file_.append(std::string(text) + '\n');
}

void RunLog::engine_line(const std::string& engine, bool to_engine, std::string_view text) {
    line(engine + (to_engine ? " <--- " : " ---> ") + std::string(text));
}

}  // namespace lmr::tournament
