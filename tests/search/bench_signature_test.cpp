// Bench signatures, as Stockfish's "Bench: N": the node count of `lmr-engine --config FILE
// bench D` for every preset config (D = 7; 5 on the plain search, which prunes nothing). Any change
// to what a preset searches changes its count, so a change that means to alter the search updates
// the number here in the same commit and says why; one that does not (a refactor, a speed-up of
// REBEL's ordering score) must leave every number as it is. These depths keep the whole list to a
// few seconds while every LMR rule still has depth to act (min_depth is 3 in every preset).
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>

#include "engine/lmr/config.hpp"
#include "engine/search/bench.hpp"

namespace lmr::search {
namespace {

struct Signature {
    const char* config;  // under configs/
    int depth;
    std::uint64_t nodes;
};

std::uint64_t bench_nodes(const std::string& config, int depth) {
    std::ostringstream out;
    const reduction::LmrConfig c =
        reduction::load_config(std::filesystem::path(LMR_CONFIG_DIR) / config);
    return run_bench(depth, c, 16, out).nodes;
}

TEST(BenchSignature, EveryPresetSearchesTheTreeItSearchedWhenItsNumberWasWritten) {
    const Signature kSignatures[] = {
        {"cpw-simple.json", 7, 295335},
        {"default.json", 7, 135796},
        {"mediocre.json", 7, 298816},
        {"none.json", 7, 465107},
        {"rebel-ed2-ordering.json", 7, 211872},
        {"rebel-ed3-history.json", 7, 276880},
        {"rebel-ed4-quad.json", 7, 276880},
        {"rebel-expert.json", 7, 210790},
        {"textbook-log.json", 7, 160566},
        {"tuned/default-spsa-start.json", 7, 135796},
        {"tuned/rebel-expert-spsa.json", 7, 124090},
        {"tuned/default-spsa.json", 7, 120381},
        {"table-readings/rebel-expert-table-default.json", 7, 165641},
        {"table-readings/rebel-expert-table-flat.json", 7, 254184},
        {"combine/default-rebel-history.json", 7, 121932},
        {"combine/default-threat-escape.json", 7, 136222},
        {"plain/cpw-simple.json", 5, 328658},
        {"plain/default.json", 5, 182501},
        {"plain/mediocre.json", 5, 407843},
        {"plain/none.json", 5, 1454178},
        {"plain/rebel-ed2-ordering.json", 5, 355057},
        {"plain/rebel-ed3-history.json", 5, 389890},
        {"plain/rebel-ed4-quad.json", 5, 389890},
        {"plain/rebel-expert.json", 5, 280533},
        {"plain/textbook-log.json", 5, 210728},
    };
    for (const Signature& s : kSignatures)
        EXPECT_EQ(bench_nodes(s.config, s.depth), s.nodes) << s.config << " bench " << s.depth;
}

// Editions 3 and 4 differ only in a history between -1,500 and -1,000 (triple against double):
// at depth 7 no history of the bench falls that low and both count 276,880 nodes, so the list
// above cannot tell them apart. At depth 8 it can; a change that made edition 4 search as
// edition 3 (its third threshold dropped, say) fails here.
TEST(BenchSignature, TellsEditionThreeFromEditionFour) {
    const std::uint64_t ed3 = bench_nodes("rebel-ed3-history.json", 8);
    const std::uint64_t ed4 = bench_nodes("rebel-ed4-quad.json", 8);
    EXPECT_NE(ed3, ed4);
    EXPECT_EQ(ed3, 618993U);
    EXPECT_EQ(ed4, 618241U);
}

// With full_depth_moves 0 even the first move of a node is reduced, and searched again at full
// depth when it beats alpha (search_move's first-move shape); no preset does that, so its tree is
// signed here: default.json with the first move reduced.
TEST(BenchSignature, AReducedFirstMoveIsSearchedAgain) {
    reduction::LmrConfig config =
        reduction::load_config(std::filesystem::path(LMR_CONFIG_DIR) / "default.json");
    config.lmr.full_depth_moves = 0;
    std::ostringstream out;
    EXPECT_EQ(run_bench(7, config, 16, out).nodes, 144689U);
}

}  // namespace
}  // namespace lmr::search
