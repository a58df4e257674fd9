#pragma once
// A run's results recounted straight from its stored games, independently of the harness's own
// counting (run_stats, pair_results, views): what a test compares the harness's figures with.
// Header-only.

#include <string>

#include "tests/support/sqlite_db.hpp"

namespace lmr::test {

struct RunCounts {
    long ll = 0, ld = 0, wl = 0, dd = 0, wd = 0, ww = 0;  // pentanomial, in game points 0..4
    long wins = 0, draws = 0, losses = 0;                 // single games
    long pairs() const { return ll + ld + wl + dd + wd + ww; }
    std::string ptnml() const {
        return std::to_string(ll) + "," + std::to_string(ld) + "," + std::to_string(wl) + "," +
               std::to_string(dd) + "," + std::to_string(wd) + "," + std::to_string(ww);
    }
};

// The counts of the engine a head-to-head run is seen from — its test engine, else the one in
// seat 1, as the harness's reports do — over the complete pairs of `run`.
inline RunCounts counts_from_games(const std::string& db_path, int run) {
    Db db(db_path);
    const std::string id = std::to_string(run);
    const std::string view = db.text("SELECT engine_id FROM run_engines WHERE run_id = " + id +
                                     " ORDER BY role = 'test' DESC, seat = 1 DESC LIMIT 1");
    const auto rows = db.rows(
        "SELECT g0.result, g0.white_engine_id, g1.result, g1.white_engine_id FROM games g0 "
        "JOIN games g1 ON g1.run_id = g0.run_id AND g1.pair_index = g0.pair_index AND "
        "g1.round_in_pair = 1 WHERE g0.round_in_pair = 0 AND g0.run_id = " +
        id);
    RunCounts c;
    const auto points = [&](const std::string& result, const std::string& white) {
        const int p = result == "1/2-1/2" ? 1 : (result == "1-0") == (white == view) ? 2 : 0;
        (p == 2 ? c.wins : p == 1 ? c.draws : c.losses)++;
        return p;
    };
    for (const auto& r : rows) {
        const int p0 = points(*r[0], *r[1]), p1 = points(*r[2], *r[3]);
        switch (p0 + p1) {
            case 0:
                ++c.ll;
                break;
            case 1:
                ++c.ld;
                break;
            case 2:
                (p0 == 1 ? c.dd : c.wl)++;
                break;
            case 3:
                ++c.wd;
                break;
            default:
                ++c.ww;
                break;
        }
    }
    return c;
}

}  // namespace lmr::test
