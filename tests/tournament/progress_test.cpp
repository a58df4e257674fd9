// Progress lines of a run whose output is not a terminal: every `every` pairs, and never more
// than max_quiet of silence while games finish (a CI log at a long time control).

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
    Progress progress(out, /*live=*/false, /*every=*/10, 100, 0, std::chrono::hours(1));
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
    Progress progress(out, /*live=*/false, /*every=*/10, 100, 0, std::chrono::seconds(0));
    progress.game_done(1, kMate);
    progress.game_done(2, kMate);
    progress.pair_done(1, summary_of(1));
    EXPECT_EQ(lines_in(out.str()), 3) << out.str();
    EXPECT_NE(out.str().find("Games 1 of 200 finished"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("Pairs 1/100"), std::string::npos) << out.str();
}

TEST(Progress, OnATerminalTheStatusLineIsRewrittenNotRepeated) {
    std::ostringstream out;
    Progress progress(out, /*live=*/true, /*every=*/10, 100, 0, std::chrono::seconds(0));
    progress.game_done(1, kMate);
    progress.game_done(2, kMate);
    progress.pair_done(1, summary_of(1));
    EXPECT_EQ(lines_in(out.str()), 0) << out.str();
    EXPECT_EQ(out.str().front(), '\r');
}

// Time forfeits and crashes are named in the progress lines, and once they pass 3 % of the
// session's games (after 20 games), a warning line says so (it went unmentioned: 4 of 65 games
// lost on time on an overloaded machine).
TEST(Progress, EngineFaultsAreCountedInTheLinesAndWarnedAboutOnce) {
    std::ostringstream out;
    Progress progress(out, /*live=*/false, /*every=*/1, 100, 0, std::chrono::hours(1));
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
