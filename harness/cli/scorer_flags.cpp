#include "harness/cli/scorer_flags.hpp"

#include <chrono>

#include "harness/cli/options.hpp"
#include "harness/cli/run_options.hpp"

namespace lmr::cli {

namespace po = boost::program_options;

namespace {

std::chrono::milliseconds milliseconds_flag(const po::variables_map& values,
                                            const std::string& name) {
    const long ms = parse_count("--" + name, values[name].as<std::string>());
    if (ms == 0) throw flag_error("--" + name, "0", "must be at least 1");
    return std::chrono::milliseconds(ms);
}

}  // namespace

void add_scorer_flags(po::options_description& options) {
    // clang-format off
    options.add_options()
        ("concurrency", po::value<std::string>()->default_value("2"), "engine processes at once")
        ("stall-timeout", po::value<std::string>()->default_value("60000"),
         "milliseconds one search may take before the engine counts as hung (it is restarted "
         "and the search retried once)")
        ("startup-timeout", po::value<std::string>()->default_value("10000"),
         "milliseconds the engine may take to answer `uci` when it starts (restarts too)");
    // clang-format on
}

void apply_scorer_flags(const po::variables_map& values, openings::ScorerOptions& scorer) {
    scorer.concurrency = int_flag(values, "concurrency", 256);
    if (scorer.concurrency == 0) throw flag_error("--concurrency", "0", "must be at least 1");
    scorer.search_timeout = milliseconds_flag(values, "stall-timeout");
    scorer.timeouts.handshake = milliseconds_flag(values, "startup-timeout");
    scorer.interrupt = &install_interrupt_handler();
}

int scoring_interrupted(CommandContext& context, const std::string& command,
                        const std::string& what, const std::string& out_path) {
    context.err << context.program << ' ' << command << ": " << what << "; nothing written ("
                << out_path << " is as it was)\n";
    return kExitRunStopped;
}

}  // namespace lmr::cli
