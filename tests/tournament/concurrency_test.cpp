// --concurrency N plays N games at once even on a machine with fewer cores: the games wait on
// engine pipes, not the CPU, so the oneTBB arena must not be capped at the core count.
//
// Each game is made to last about half a second without using the CPU (fixture_hang plays one
// move, then never answers, and loses on time at st + margin), and the overlap of the games'
// stored [started_at, finished_at] intervals is counted.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <thread>

#include "tests/tournament/support.hpp"

namespace lmr::tournament_test {
namespace {

// "2024-05-01T12:00:00.123Z" (UTC) → milliseconds since the epoch.
long long timestamp_ms(const std::string& text) {
    std::tm tm{};
    int ms = 0;
    if (std::sscanf(text.c_str(), "%d-%d-%dT%d:%d:%d.%dZ", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                    &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &ms) != 7)
        throw std::runtime_error("not a timestamp: " + text);
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    return static_cast<long long>(::timegm(&tm)) * 1000 + ms;
}

// The most intervals open at one instant (an interval ending as another starts does not count).
int max_overlap(const std::vector<std::pair<long long, long long>>& intervals) {
    std::vector<std::pair<long long, int>> events;
    for (const auto& [start, end] : intervals) {
        events.emplace_back(start, +1);
        events.emplace_back(end, -1);
    }
    std::sort(events.begin(), events.end());  // at equal times the end (-1) sorts first
    int open = 0, best = 0;
    for (const auto& [time, delta] : events) best = std::max(best, open += delta);
    return best;
}

TEST(Concurrency, MaxOverlapHelper) {
    EXPECT_EQ(max_overlap({{0, 10}, {5, 15}, {10, 20}}), 2);
    EXPECT_EQ(max_overlap({{0, 10}, {10, 20}}), 1);
    EXPECT_EQ(max_overlap({{0, 100}, {1, 99}, {2, 98}, {3, 97}}), 4);
    EXPECT_EQ(timestamp_ms("2024-05-01T00:00:01.250Z") - timestamp_ms("2024-05-01T00:00:00.000Z"),
              1250);
}

TEST(Concurrency, FourSlotsPlayFourGamesAtOnceOnFewerCores) {
    TempDir dir;
    const std::string db_path = dir / "parallel.db";
    constexpr int kSlots = 4;
    const auto r = run_harness(
        dir,
        {"match", "--engine", "name=sleeper", "cmd=" + kFixtureHang, "arg=1", "--engine",
         "name=random", "cmd=" + kFixtureRandom, "--pairs", "4", "--tc", "st=0.5", "--concurrency",
         std::to_string(kSlots), "--force-concurrency", "--book", "none", "--db", db_path},
        std::chrono::seconds(60));
    ASSERT_EQ(r.exit_code, 0) << describe(r);
    Db db(db_path);
    const auto rows = db.rows("SELECT started_at, finished_at, termination FROM games");
    ASSERT_EQ(rows.size(), 8u);
    std::vector<std::pair<long long, long long>> intervals;
    for (const auto& row : rows) {
        EXPECT_EQ(*row[2], "time forfeit");
        intervals.emplace_back(timestamp_ms(*row[0]), timestamp_ms(*row[1]));
        EXPECT_GE(intervals.back().second - intervals.back().first, 400)
            << "each game waits out its move time";
    }
    EXPECT_EQ(max_overlap(intervals), kSlots)
        << "games at once with --concurrency " << kSlots << " on "
        << std::thread::hardware_concurrency() << " cores";
}

}  // namespace
}  // namespace lmr::tournament_test
