#include "harness/cli/sprt_flags.hpp"

#include <cmath>
#include <utility>

#include "harness/cli/command.hpp"

namespace lmr::cli {
namespace {

stats::EloModel model_named(const std::string& text, std::string_view flag) {
    const auto model = stats::parse_model(text);
    if (!model) throw flag_error(flag, text, "expected normalized, logistic or bayesian");
    return *model;
}

}  // namespace

void add_sprt_options(po::options_description& options) {
    // clang-format off
    options.add_options()
        ("elo0", po::value<std::string>()->default_value("0"), "SPRT H0 bound")
        ("elo1", po::value<std::string>()->default_value("5"), "SPRT H1 bound")
        ("alpha", po::value<std::string>()->default_value("0.05"), "false positive rate")
        ("beta", po::value<std::string>()->default_value("0.05"), "false negative rate")
        ("model", po::value<std::string>()->default_value("normalized"),
         "Elo model of the bounds: normalized (nElo, as fishtest), logistic, or bayesian "
         "(BayesElo with the draw rate of the games, as fastchess; also spelt bayeselo)");
    // clang-format on
}

stats::SprtParams checked_sprt_params(stats::SprtParams params, const std::string& model_text,
                                      std::string_view model_flag) {
    params.model = model_named(model_text, model_flag);
    if (auto problem = stats::validate(params)) throw UsageError(*problem);
    return params;
}

stats::SprtParams sprt_params(const po::variables_map& values) {
    stats::SprtParams params;
    const auto text = [&values](const char* name) { return values[name].as<std::string>(); };
    params.elo0 = parse_double("--elo0", text("elo0"));
    params.elo1 = parse_double("--elo1", text("elo1"));
    params.alpha = parse_probability("--alpha", text("alpha"));
    params.beta = parse_probability("--beta", text("beta"));
    params.model = model_named(text("model"), "--model");
    if (!(params.elo0 < params.elo1)) {
        throw UsageError("--elo0 '" + text("elo0") + "' must be less than --elo1 '" + text("elo1") +
                         "'");
    }
    const double limit = stats::max_abs_elo(params.model);
    for (const auto& [name, value] : {std::pair{"elo0", params.elo0}, {"elo1", params.elo1}}) {
        if (std::abs(value) > limit) {
            throw flag_error(std::string("--") + name, text(name),
                             "outside the " + text("model") + " model's range of +/-" +
                                 std::to_string(static_cast<int>(limit)));
        }
    }
    if (!(params.alpha + params.beta < 1)) {
        throw UsageError("--alpha '" + text("alpha") + "' and --beta '" + text("beta") +
                         "' must add up to less than 1");
    }
    // Whatever the library still objects to (nothing, if the checks above match it); its
    // messages start with the parameter's name, so "--" turns that into the flag.
    if (const auto problem = stats::validate(params)) throw UsageError("--" + *problem);
    return params;
}

int sprt_exit_code(const tournament::RunOutcome& outcome) {
    if (outcome.status != store::RunStatus::kFinished) return kExitRunStopped;
    // A finished sprt stores a verdict; none (nullopt) decided nothing, as kContinue did not.
    if (outcome.verdict == stats::Verdict::kAcceptH1) return kExitOk;
    if (outcome.verdict == stats::Verdict::kAcceptH0) return kExitFailure;
    return kExitUndecided;
}

}  // namespace lmr::cli
