#include "harness/tournament/progress.hpp"

#include <cstdio>
#include <ostream>

namespace lmr::tournament {

Progress::Progress(std::ostream& out, bool live, int every, std::int64_t total_pairs,
                   std::int64_t pairs_at_start)
    : out_(out),
      live_(live),
      every_(every < 1 ? 1 : every),
      total_pairs_(total_pairs),
      pairs_at_start_(pairs_at_start),
      started_(std::chrono::steady_clock::now()) {}

std::string Progress::eta(std::int64_t pairs) const {
    const std::int64_t done_here = pairs - pairs_at_start_;
    if (done_here <= 0 || total_pairs_ <= pairs) return "-";
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    const double remaining = seconds / double(done_here) * double(total_pairs_ - pairs);
    char text[32];
    const long total = long(remaining + 0.5);
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
    return text;
}

void Progress::pair_done(std::int64_t pairs, const stats::Summary& summary) {
    const std::string line = "Pairs " + std::to_string(pairs) + "/" + std::to_string(total_pairs_) +
                             " | " + stats::format_line(summary) + " | ETA " + eta(pairs);
    if (live_) {
        // \x1b[K clears what a longer previous line left behind.
        out_ << '\r' << line << "\x1b[K" << std::flush;
        line_open_ = true;
    } else if (pairs % every_ == 0) {
        out_ << line << '\n' << std::flush;
    }
}

void Progress::message(std::string_view text) {
    close();
    out_ << text << '\n' << std::flush;
}

void Progress::close() {
    if (line_open_) out_ << '\n' << std::flush;
    line_open_ = false;
}

}  // namespace lmr::tournament
