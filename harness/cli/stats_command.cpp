// `lmr-harness stats`: the statistics block for given counts, without playing anything —
// to check a result by hand or reproduce fishtest's numbers.

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/cli/command.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/sprt_flags.hpp"
#include "harness/stats/format.hpp"

namespace lmr::cli {
namespace {

// Far beyond any real match, and small enough that doubling a count cannot overflow and every
// count is exact as a double.
constexpr long kMaxCount = 1'000'000'000'000L;

constexpr const char* kDescription =
    "Prints games, W/D/L, pentanomial, Elo, nElo, LOS, draw ratio and the SPRT LLR with its\n"
    "bounds and verdict for the given counts, as a run prints them. With --ptnml the\n"
    "statistics are per pair (pentanomial), with --wdl per game (trinomial).\n"
    "Exit code 0, or 2 for a bad command line."
    "\n\nExamples:\n"
    "  lmr-harness stats --ptnml 2,18,10,40,24,6 --elo0 0 --elo1 5\n"
    "  lmr-harness stats --wdl 46,122,32 --model logistic --json";

std::vector<long> read_counts(const std::string& flag, const std::string& text) {
    std::vector<long> counts = parse_count_list(flag, text);
    for (std::size_t i = 0; i < counts.size(); ++i) {
        if (counts[i] > kMaxCount) {
            throw flag_error(
                flag, text,
                "item " + std::to_string(i + 1) + " is larger than " + std::to_string(kMaxCount));
        }
    }
    return counts;
}

stats::MatchCounts counts_from_ptnml(const std::string& text) {
    const std::vector<long> c = read_counts("--ptnml", text);
    stats::MatchCounts counts;
    if (c.size() == 6) {
        const stats::Pentanomial p{
            .ll = c[0], .ld = c[1], .wl = c[2], .dd = c[3], .wd = c[4], .ww = c[5]};
        counts.pairs = p;
        counts.games = stats::to_trinomial(p);
    } else if (c.size() == 5) {
        // WL and DD arrive summed: the statistics need only the sum, W/D/L cannot be derived.
        counts.pairs =
            stats::Pentanomial{.ll = c[0], .ld = c[1], .wl = 0, .dd = c[2], .wd = c[3], .ww = c[4]};
        counts.wl_dd_split_known = false;
    } else {
        throw flag_error("--ptnml", text,
                         "expected 6 counts LL,LD,WL,DD,WD,WW or 5 counts LL,LD,WL+DD,WD,WW, got " +
                             std::to_string(c.size()));
    }
    return counts;
}

stats::MatchCounts counts_from_wdl(const std::string& text) {
    const std::vector<long> c = read_counts("--wdl", text);
    if (c.size() != 3) {
        throw flag_error("--wdl", text, "expected 3 counts W,D,L, got " + std::to_string(c.size()));
    }
    stats::MatchCounts counts;
    counts.games = stats::Trinomial{.wins = c[0], .draws = c[1], .losses = c[2]};
    return counts;
}

}  // namespace

int run_stats_command(CommandContext& context) {
    po::options_description options("Options");
    // Values are read as text and converted here, so every error names the flag and the value.
    // clang-format off
    options.add_options()
        ("ptnml", po::value<std::string>()->value_name("LL,LD,WL,DD,WD,WW"),
         "pentanomial pair counts (or the five bins LL,LD,WL+DD,WD,WW)")
        ("wdl", po::value<std::string>()->value_name("W,D,L"), "game counts")
        ("json", "print JSON instead of text");
    // clang-format on
    add_sprt_options(options);
    po::variables_map values;
    if (!parse_command_line(context, options, values,
                            "(--ptnml LL,LD,WL,DD,WD,WW | --wdl W,D,L) [options]", kDescription)) {
        return kExitOk;
    }

    const bool has_ptnml = values.count("ptnml") != 0U;
    const bool has_wdl = values.count("wdl") != 0U;
    if (has_ptnml == has_wdl) {
        throw UsageError(has_ptnml ? "give either --ptnml or --wdl, not both"
                                   : "give the counts with --ptnml or --wdl");
    }
    const stats::MatchCounts counts = has_ptnml
                                          ? counts_from_ptnml(values["ptnml"].as<std::string>())
                                          : counts_from_wdl(values["wdl"].as<std::string>());
    const stats::SprtParams params = sprt_params(values);
    if (params.model == stats::EloModel::kBayesElo && !counts.games) {
        throw flag_error("--model", values["model"].as<std::string>(),
                         "needs W/D/L: give --wdl, or --ptnml with six counts (WL and DD apart)");
    }

    const stats::Summary summary = stats::summarize(counts, params);
    if (values.count("json") != 0U) {
        context.out << stats::format_json(summary) << '\n';
    } else {
        stats::write_block(context.out, summary);
    }
    return kExitOk;
}

}  // namespace lmr::cli
