// Progress lines of a run: on a terminal one status line redrawn to fit its width; otherwise
// every `every` pairs, and never more than max_quiet of silence while games finish (a CI log at a
// long time control).

#include "harness/tournament/progress.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace lmr::tournament {
namespace {

long lines_in(const std::string& text) {
    return static_cast<long>(std::count(text.begin(), text.end(), '\n'));
}

constexpr core::Termination kMate = core::Termination::kMate;

stats::Summary summary_of(long pairs) {
    stats::Pentanomial penta;
    penta.dd = pairs;
    return stats::summarize(penta, std::nullopt);
}

TEST(Progress, WithoutATerminalALineComesEveryNPairsOnly) {
    std::ostringstream out;
    Progress progress(out, /*terminal=*/{}, /*every=*/10, 100, 0, std::chrono::hours(1));
    for (long pair = 1; pair <= 25; ++pair) {
        progress.game_done(2 * pair - 1, kMate);
        progress.game_done(2 * pair, kMate);
        progress.pair_done(pair, summary_of(pair));
    }
    EXPECT_EQ(lines_in(out.str()), 2) << out.str();
    EXPECT_NE(out.str().find("Pairs 20/100"), std::string::npos) << out.str();
}

TEST(Progress, WithoutATerminalAFinishedGameIsShownOnceTheLastLineIsTooOld) {
    std::ostringstream out;
    Progress progress(out, /*terminal=*/{}, /*every=*/10, 100, 0, std::chrono::seconds(0));
    progress.game_done(1, kMate);
    progress.game_done(2, kMate);
    progress.pair_done(1, summary_of(1));
    EXPECT_EQ(lines_in(out.str()), 3) << out.str();
    EXPECT_NE(out.str().find("Games 1 of 200 finished"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("Pairs 1/100"), std::string::npos) << out.str();
}

TEST(Progress, OnATerminalTheStatusLineIsRewrittenNotRepeated) {
    std::ostringstream out;
    Progress progress(
        out, [] { return std::size_t{200}; }, /*every=*/10, 100, 0, std::chrono::seconds(0));
    progress.game_done(1, kMate);
    progress.game_done(2, kMate);
    progress.pair_done(1, summary_of(1));
    EXPECT_EQ(lines_in(out.str()), 0) << out.str();
    EXPECT_EQ(out.str().front(), '\r');
}

// The live line was 155-190 characters whatever the terminal: in 100 columns each update left
// a cut row behind. It now fits one column short of the width asked at each redraw, the least
// telling fields left out first.
TEST(Progress, TheStatusLineFitsTheTerminalAsItIsResized) {
    std::ostringstream out;
    std::size_t columns = 200;
    Progress progress(
        out, [&columns] { return columns; }, /*every=*/10, 100, 0, std::chrono::seconds(0));
    const auto last_line = [&out] {
        const std::string text = out.str();
        const std::size_t start = text.rfind('\r') + 1;
        return text.substr(start, text.rfind("\x1b[K") - start);
    };
    progress.pair_done(3, summary_of(3));
    const std::string wide = last_line();
    EXPECT_NE(wide.find("| Ptnml "), std::string::npos) << wide;
    EXPECT_NE(wide.find("| ETA "), std::string::npos) << wide;
    columns = 60;
    progress.pair_done(4, summary_of(4));
    const std::string narrow = last_line();
    std::size_t shown = 0;  // UTF-8 code points: "±" is one column
    for (const char c : narrow) shown += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    EXPECT_LE(shown, 59u) << narrow;
    EXPECT_EQ(narrow.rfind("Pairs 4/100 | ", 0), 0u) << narrow;
    EXPECT_NE(narrow.find("| Elo "), std::string::npos) << narrow;
    EXPECT_EQ(narrow.find("Ptnml"), std::string::npos) << narrow;
}

TEST(Progress, WithoutATerminalNoRedrawCodesAreWritten) {
    std::ostringstream out;
    Progress progress(out, /*terminal=*/{}, /*every=*/1, 100, 0, std::chrono::hours(1));
    for (int pairs = 1; pairs <= 3; ++pairs) progress.pair_done(pairs, summary_of(pairs));
    progress.message("a message");
    progress.close();
    EXPECT_EQ(out.str().find('\r'), std::string::npos) << out.str();
    EXPECT_EQ(out.str().find('\x1b'), std::string::npos) << out.str();
    EXPECT_EQ(lines_in(out.str()), 4) << out.str();
}

// Time forfeits and crashes are named in the progress lines, and once they pass 3 % of the
// session's games (after 20 games), a warning line says so (it went unmentioned: 4 of 65 games
// lost on time on an overloaded machine).
TEST(Progress, EngineFaultsAreCountedInTheLinesAndWarnedAboutOnce) {
    std::ostringstream out;
    Progress progress(out, /*terminal=*/{}, /*every=*/1, 100, 0, std::chrono::hours(1));
    long games = 0;
    const auto pair = [&](core::Termination first, core::Termination second) {
        progress.game_done(++games, first);
        progress.game_done(++games, second);
        progress.pair_done(games / 2, summary_of(games / 2));
    };
    for (int i = 0; i < 9; ++i) pair(kMate, kMate);
    EXPECT_EQ(out.str().find("faults"), std::string::npos) << out.str();
    pair(core::Termination::kTimeForfeit, kMate);  // 1 of 20: 5 %, but 20 games only now
    EXPECT_NE(out.str().find("Warning: engine faults ended 1 of 20 games (5.0 %: 1 time forfeit)"),
              std::string::npos)
        << out.str();
    pair(core::Termination::kCrash, core::Termination::kTimeForfeit);
    const std::string text = out.str();
    EXPECT_NE(text.find("| faults 3: 2 time forfeit, 1 crash |"), std::string::npos) << text;
    EXPECT_EQ(text.find("Warning"), text.rfind("Warning")) << "one warning per session";
    pair(core::Termination::kAdjudication, core::Termination::kRepetition);  // no faults
    EXPECT_NE(out.str().rfind("| faults 3: 2 time forfeit, 1 crash |"), text.rfind("| faults 3"));
}

}  // namespace
}  // namespace lmr::tournament
