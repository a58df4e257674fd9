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

stats::Summary summary_of(long pairs) {
    stats::Pentanomial penta;
    penta.dd = pairs;
    return stats::summarize(penta, std::nullopt);
}

TEST(Progress, WithoutATerminalALineComesEveryNPairsOnly) {
    std::ostringstream out;
    Progress progress(out, /*live=*/false, /*every=*/10, 100, 0, std::chrono::hours(1));
    for (long pair = 1; pair <= 25; ++pair) {
        progress.game_done(2 * pair - 1);
        progress.game_done(2 * pair);
        progress.pair_done(pair, summary_of(pair));
    }
    EXPECT_EQ(lines_in(out.str()), 2) << out.str();
    EXPECT_NE(out.str().find("Pairs 20/100"), std::string::npos) << out.str();
}

TEST(Progress, WithoutATerminalAFinishedGameIsShownOnceTheLastLineIsTooOld) {
    std::ostringstream out;
    Progress progress(out, /*live=*/false, /*every=*/10, 100, 0, std::chrono::seconds(0));
    progress.game_done(1);
    progress.game_done(2);
    progress.pair_done(1, summary_of(1));
    EXPECT_EQ(lines_in(out.str()), 3) << out.str();
    EXPECT_NE(out.str().find("Games 1 of 200 finished"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("Pairs 1/100"), std::string::npos) << out.str();
}

TEST(Progress, OnATerminalTheStatusLineIsRewrittenNotRepeated) {
    std::ostringstream out;
    Progress progress(out, /*live=*/true, /*every=*/10, 100, 0, std::chrono::seconds(0));
    progress.game_done(1);
    progress.game_done(2);
    progress.pair_done(1, summary_of(1));
    EXPECT_EQ(lines_in(out.str()), 0) << out.str();
    EXPECT_EQ(out.str().front(), '\r');
}

}  // namespace
}  // namespace lmr::tournament
