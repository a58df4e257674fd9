#include "harness/tournament/progress.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <utility>
#include <vector>

#include "engine/text/text.hpp"

namespace lmr::tournament {

void redraw_line(std::ostream& out, const TerminalWidth& terminal, const std::string& line,
                 const std::vector<std::string_view>& droppable) {
    const std::size_t columns = std::max<std::size_t>(terminal(), 2) - 1;
    // \x1b[K clears what a longer previous line left behind.
    out << '\r' << text::fit_fields(line, columns, droppable) << "\x1b[K" << std::flush;
}

Progress::Progress(std::ostream& out, TerminalWidth terminal, int every, std::int64_t total_pairs,
                   std::int64_t pairs_at_start, std::chrono::steady_clock::duration max_quiet)
    : out_(out),
      terminal_(std::move(terminal)),
      every_(every < 1 ? 1 : every),
      total_pairs_(total_pairs),
      pairs_at_start_(pairs_at_start),
      started_(std::chrono::steady_clock::now()),
      max_quiet_(max_quiet),
      last_line_(started_) {}

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
                             " | " + stats::format_line(summary) + faults_text() + " | ETA " +
                             eta(pairs);
    if (terminal_) {
        // The least telling fields go first.
        redraw_line(out_, terminal_, line,
                    {"Ptnml", "nElo", "DR", "LOS", "Games", "faults", "ETA"});
        line_open_ = true;
    } else if (pairs % every_ == 0 || quiet_too_long()) {
        print_line(line);
    }
}

std::string Progress::faults_text() const {
    if (session_.faults() == 0) return "";
    return " | faults " + std::to_string(session_.faults()) + ": " + session_.kinds();
}

void Progress::game_done(std::int64_t games, core::Termination termination) {
    session_.add(termination);
    if (!warned_ && session_.games() >= kFaultWarningGames && session_.above_warning_share()) {
        warned_ = true;
        message("Warning: engine faults ended " + session_.describe() +
                ": an overloaded machine (fewer --concurrency, a longer time control) or a "
                "broken engine; they count as losses of the engine at fault");
    }
    if (terminal_ || !quiet_too_long()) return;
    print_line("Games " + std::to_string(games) + " of " + std::to_string(2 * total_pairs_) +
               " finished | ETA " + eta(games / 2));
}

bool Progress::quiet_too_long() const {
    return std::chrono::steady_clock::now() - last_line_ >= max_quiet_;
}

void Progress::print_line(const std::string& line) {
    out_ << line << '\n' << std::flush;
    last_line_ = std::chrono::steady_clock::now();
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
