// What one LMR decision costs the search: LmrPolicy::reduction over a fixed, varied set of
// late-move contexts, for presets from the simplest to REBEL's expert, with the statistics off
// (a plain search) and on (what lmr-engine does in a harness game, where the UCI option
// LmrStats is on and each fired rule is decided again without it). Every heap allocation is
// counted: exits 1 when a decision allocates, which ctest runs as a test; the times are the
// figures docs/architecture.md quotes.
//
//   policy_bench [decisions per preset]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/lmr/config.hpp"
#include "engine/lmr/policy.hpp"
#include "tests/support/counted_new.hpp"

using lmr::test::g_allocations;

namespace {

using namespace lmr::reduction;

// 4,096 late moves from a fixed linear congruential stream: depths 3..22, move numbers
// 2..41, every flag and score varied, so that each gate, step and term fires on some.
std::vector<MoveContext> contexts() {
    std::vector<MoveContext> out(4096);
    unsigned state = 12345;
    const auto next = [&state](unsigned range) {
        state = state * 1103515245u + 12345u;
        return static_cast<int>((state >> 8) % range);
    };
    for (MoveContext& c : out) {
        c.depth = 3 + next(20);
        c.ply = 1 + next(30);
        c.move_number = 2 + next(40);
        c.is_pv = next(8) == 0;
        c.cut_node = !c.is_pv && next(2) == 0;
        c.tt_move_is_capture = next(5) == 0;
        c.in_check = next(12) == 0;
        c.improving = next(2) == 0;
        c.root_iteration = c.ply + c.depth;
        c.is_capture = next(6) == 0;
        c.see_ge0 = next(3) != 0;
        c.gives_check = next(10) == 0;
        c.is_killer1 = next(12) == 0;
        c.is_killer2 = !c.is_killer1 && next(12) == 0;
        c.rebel_history = next(4001) - 2000;
        c.history = next(40001) - 20000;
        c.butterfly_history = next(16001) - 8000;
        c.ordering_score = next(256);
        c.static_eval = next(601) - 300;
        c.alpha = next(601) - 300;
        c.beta = c.is_pv ? c.alpha + 1 + next(50) : c.alpha + 1;
        c.eval_minus_material = next(201) - 100;
        c.passed_pawn_delta = next(81) - 40;
        c.king_safety_delta = next(81) - 40;
        c.eval_change = next(201) - 100;
        c.pst_delta = next(61) - 30;
        c.creates_threat = next(8) == 0;
        c.escapes_threat = next(8) == 0;
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    const long decisions = argc > 1 ? std::atol(argv[1]) : 4000000;
    const std::vector<MoveContext> moves = contexts();
    const char* presets[] = {"none",    "cpw-simple",         "mediocre",    "textbook-log",
                             "default", "rebel-ed2-ordering", "rebel-expert"};
    long sink = 0;
    bool allocated = false;
    std::printf("%-20s %14s %14s\n", "preset", "ns/decision", "with stats");
    for (const char* name : presets) {
        const LmrPolicy policy(
            load_config(std::string(LMR_SOURCE_DIR) + "/configs/" + name + ".json"));
        double ns[2] = {};
        for (int with_stats = 0; with_stats < 2; ++with_stats) {
            LmrStats stats;
            LmrStats* counted = with_stats ? &stats : nullptr;
            const long before = g_allocations;
            const auto start = std::chrono::steady_clock::now();
            for (long i = 0; i < decisions; ++i)
                sink += policy.reduction(moves[static_cast<std::size_t>(i) & 4095], counted);
            const auto elapsed = std::chrono::steady_clock::now() - start;
            ns[with_stats] = std::chrono::duration<double, std::nano>(elapsed).count() / decisions;
            if (g_allocations != before) {
                std::fprintf(stderr, "%s: %ld allocations in %ld decisions\n", name,
                             g_allocations - before, decisions);
                allocated = true;
            }
        }
        std::printf("%-20s %14.1f %14.1f\n", name, ns[0], ns[1]);
    }
    std::printf("(sum of plies %ld)\n", sink);
    return allocated ? 1 : 0;
}
