// A tune's tables: its parameters and the trajectory of θ. One source for `report --run N`'s
// Tune section and `lmr-harness tune show` (harness/tune/show.cpp).

#include <string>

#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"

namespace lmr::report {
namespace {

// θ of parameter i after the last iteration (its start value before the first).
double current_theta(const TuneData& tune, std::size_t i) {
    if (tune.iterations.empty()) return tune.params[i].start;
    const auto& theta = tune.iterations.back().theta_after;
    return i < theta.size() ? theta[i] : tune.params[i].start;
}

}  // namespace

View<std::size_t> tune_params_view(const TuneData& tune) {
    // A row is a parameter's index in tune.params. People read θ and the bounds to two decimals,
    // the gains' ends in full, as machines read them all.
    const auto shown = [](double v, bool rounded) {
        return Value{number_value(v), rounded ? std::optional(fixed(v, 2)) : std::nullopt};
    };
    const auto param = [&tune, shown](double store::TuneParam::*member, bool rounded) {
        return [&tune, shown, member, rounded](const std::size_t& i) {
            return shown(tune.params[i].*member, rounded);
        };
    };
    using P = store::TuneParam;
    return {{"name", "Parameter", L,
             [&tune](const std::size_t& i) {
                 return Value{tune.params[i].name, {}};
             }},
            {"type", "Type", L,
             [&tune](const std::size_t& i) {
                 return Value{tune.params[i].is_integer ? "int" : "float", {}};
             }},
            {"start", "Start", R, param(&P::start, true)},
            {"min", "Min", R, param(&P::min, true)},
            {"max", "Max", R, param(&P::max, true)},
            {"c_end", "c_end", R, param(&P::c_end, false)},
            {"r_end", "r_end", R, param(&P::r_end, false)},
            {"theta", "θ now", R,
             [&tune, shown](const std::size_t& i) { return shown(current_theta(tune, i), true); }}};
}

std::vector<std::size_t> tune_param_rows(const TuneData& tune) {
    std::vector<std::size_t> rows(tune.params.size());
    for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = i;
    return rows;
}

Table tune_params_table(const TuneData& tune, Audience a, const std::vector<std::string>& sent) {
    Table t = view_table(tune_params_view(tune), tune_param_rows(tune), a);
    t.key = "tune_params";
    t.title = "Tuned parameters";
    if (!sent.empty()) {
        t.columns.push_back({"sent", a == Audience::kHuman ? "Sent" : "sent", L});
        for (std::size_t i = 0; i < t.rows.size(); ++i)
            t.rows[i].push_back(i < sent.size() ? sent[i] : "");
    }
    return t;
}

Table tune_trajectory_table(const TuneData& tune, Audience a, const std::vector<int>& shown,
                            const std::vector<std::string>& headings) {
    Table t;
    t.key = "tune_trajectory";
    t.title =
        "Trajectory: θ after each iteration (a_k, c_k: schedule factors; a parameter's "
        "gains are a_end·a_k, c_end·c_k)";
    t.columns = columns(a, {{"k", "k", R},
                            {"wins", "W", R},
                            {"draws", "D", R},
                            {"losses", "L", R},
                            {"net", "W-L", R},
                            {"a_k", "a_k", R},
                            {"c_k", "c_k", R}});
    const bool human = a == Audience::kHuman;
    for (std::size_t i = 0; i < tune.params.size(); ++i) {
        const std::string& name = tune.params[i].name;
        const bool headed = human && i < headings.size();
        t.columns.push_back({name, headed ? headings[i] : name, R});
    }
    for (const int k : shown) {
        if (k < 0 || static_cast<std::size_t>(k) >= tune.iterations.size()) continue;
        const auto& it = tune.iterations[static_cast<std::size_t>(k)];
        const long net = it.wins - it.losses;
        std::vector<std::string> row = {integer(it.k),
                                        integer(it.wins),
                                        integer(it.draws),
                                        integer(it.losses),
                                        (net >= 0 && human ? "+" : "") + integer(net),
                                        human ? fixed(it.a_k, 3) : number(it.a_k),
                                        human ? fixed(it.c_k, 3) : number(it.c_k)};
        for (std::size_t i = 0; i < tune.params.size(); ++i) {
            const double theta = i < it.theta_after.size() ? it.theta_after[i] : 0.0;
            row.push_back(human ? fixed(theta, 2) : number(theta));
        }
        t.rows.push_back(std::move(row));
    }
    t.empty_text = "(no iteration played yet)";
    return t;
}

}  // namespace lmr::report
