#include "harness/cli/sprt_flags.hpp"

#include "harness/cli/command.hpp"

namespace lmr::cli {

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
    const auto model = stats::parse_model(model_text);
    if (!model)
        throw flag_error(model_flag, model_text, "expected normalized, logistic or bayesian");
    params.model = *model;
    if (auto problem = stats::validate(params)) throw UsageError(*problem);
    return params;
}

stats::SprtParams sprt_params(const po::variables_map& values) {
    stats::SprtParams params;
    params.elo0 = parse_double("--elo0", values["elo0"].as<std::string>());
    params.elo1 = parse_double("--elo1", values["elo1"].as<std::string>());
    params.alpha = parse_probability("--alpha", values["alpha"].as<std::string>());
    params.beta = parse_probability("--beta", values["beta"].as<std::string>());
    return checked_sprt_params(params, values["model"].as<std::string>(), "--model");
}

int sprt_exit_code(const tournament::RunOutcome& outcome) {
    if (outcome.status != store::RunStatus::kFinished) return kExitRunStopped;
    switch (outcome.verdict) {
        case store::Verdict::kH1:
            return kExitOk;
        case store::Verdict::kH0:
            return kExitFailure;
        case store::Verdict::kNone:  // a finished sprt stores a verdict; none decided nothing
        case store::Verdict::kUndecided:
            return kExitUndecided;
    }
    return kExitUndecided;
}

}  // namespace lmr::cli
