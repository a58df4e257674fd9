// One run in depth: its settings, the statistics block, terminations, faults, what each
// engine's searches looked like, standings, results per opening, each engine's LMR statistics
// and tune parameters.

#include <cmath>
#include <cstdio>
#include <map>

#include "harness/report/cells.hpp"
#include "harness/report/tables.hpp"

namespace lmr::report {
namespace {

std::string short_hash(const std::string& hash) {
    return hash.size() > 12 ? hash.substr(0, 12) : hash;
}

std::string view_name(const RunRow& row) {
    return row.summary.test_name.empty() ? "the first engine" : row.summary.test_name;
}

Section overview(const RunDetail& d) {
    const auto& run = d.row.run;
    Section s;
    s.title = "Run " + integer(run.id);
    auto field = [&s](std::string label, std::string value) {
        if (!value.empty()) s.fields.emplace_back(std::move(label), std::move(value));
    };
    field("Kind", std::string(store::to_string(run.kind)));
    field("Status", std::string(store::to_string(run.status)));
    field("Verdict", verdict_text(d.row));
    std::string engines;
    for (const auto& e : d.engines) {
        if (!engines.empty()) engines += "; ";
        engines += std::string(store::to_string(e.role)) + " " + e.engine.name;
        if (!e.engine.config_sha256.empty())
            engines += " (config " + short_hash(e.engine.config_sha256) + ")";
    }
    field("Engines", engines);
    field("Time control", run.time_control);
    if (!run.book_path.empty()) {
        std::string book = run.book_path + " (" + run.book_format + ", " + run.book_order +
                           ", from opening " + integer(run.book_start);
        if (run.book_plies) book += ", " + integer(*run.book_plies) + " plies";
        field("Book", book + ")");
    } else {
        field("Book", "none (initial position)");
    }
    if (run.sprt) {
        char text[160];
        std::snprintf(text, sizeof text, "[%g, %g] %s, alpha %g, beta %g", run.sprt->elo0,
                      run.sprt->elo1, std::string(stats::model_name(run.sprt->model)).c_str(),
                      run.sprt->alpha, run.sprt->beta);
        field("SPRT", text);
    }
    // A tournament plans its pairs per pairing (--pairs), the others for the run.
    if (run.max_pairs)
        field(run.sprt                                  ? "Max pairs"
              : run.kind == store::RunKind::kTournament ? "Pairs per pairing"
                                                        : "Pairs planned",
              integer(*run.max_pairs));
    field("Pairs completed", integer(d.row.summary.pairs_completed) + " (" +
                                 integer(d.row.summary.games) + " games stored)");
    field("Concurrency", integer(run.concurrency));
    field("Seed", std::to_string(run.seed));
    field("Created", run.created_at);
    field("Started", run.started_at);
    field("Finished", run.finished_at);
    field("Harness", run.harness_version);
    field("Command", run.command_line);
    field("Error", run.error_message);
    return s;
}

Section statistics(const RunDetail& d) {
    Section s;
    s.title = "Statistics (" + view_name(d.row) + "'s point of view, over completed pairs)";
    s.preformatted = stats::format_block(*d.row.stats);
    if (d.row.run.verdict == stats::Verdict::kContinue) {
        s.notes.push_back(
            "The block's verdict is the test's state for these counts; the run "
            "reached its pair limit first: undecided.");
    }
    return s;
}

Table terminations(const RunDetail& d, Audience a) {
    Table t = view_table(terminations_view(d.terminations), d.terminations, a);
    t.key = "terminations";
    t.title = "Terminations";
    return t;
}

Table faults(const RunDetail& d, Audience a) {
    Table t = view_table(faults_view(), d.faults, a);
    t.key = "faults";
    t.title = "Crashes, time forfeits, illegal moves and stalls";
    return t;
}

// What `resume --allow-changed` let through: the run's games were not all played by the same
// inputs, which a reader of its results must know.
Table changes(const RunDetail& d, Audience a) {
    Table t;
    t.key = "changes";
    t.title = "Inputs changed during the run";
    t.columns = columns(a, {{"changed_at", "When", L},
                            {"subject", "What", L},
                            {"file", "File", L},
                            {"recorded_sha256", "Recorded SHA-256", L},
                            {"current_sha256", "New SHA-256", L}});
    for (const auto& c : d.changes)
        t.rows.push_back({c.changed_at, c.subject, c.file, c.recorded, c.current});
    return t;
}

// "crash: b 2 · time forfeit: a 1" — who failed how often.
std::string fault_counts(const RunDetail& d) {
    std::map<std::string, std::map<std::string, int>> counts;
    for (const auto& r : d.faults) ++counts[r.termination][r.loser.empty() ? "(draw)" : r.loser];
    std::string text;
    for (const auto& [termination, by_engine] : counts) {
        if (!text.empty()) text += "; ";
        text += termination + ":";
        for (const auto& [engine, n] : by_engine) text += " " + engine + " " + std::to_string(n);
    }
    return text;
}

Table search(const RunDetail& d, Audience a) {
    Table t = view_table(search_view(), d.sides, a);
    t.key = "search";
    t.title = "Search per move (averages over the engines' moves)";
    return t;
}

Table openings(const RunDetail& d, Audience a) {
    Table t = view_table(openings_view(), d.openings, a);
    t.key = "openings";
    t.title = "Results per opening (" + view_name(d.row) + "'s side, completed pairs)";
    return t;
}

// Human: a rate as a percentage, "-" where it is undefined (nothing to divide by).
std::string percent_or_dash(double fraction) {
    return std::isnan(fraction) ? std::string("-") : percent(fraction, 1);
}

// Human: what one engine's LMR did over the run, and how often each rule fired and decided.
Section lmr_section(const store::EngineLmrStats& e) {
    Section s;
    s.title = "LMR statistics: " + e.name + " (" + std::string(store::to_string(e.role)) + ")";
    s.fields.emplace_back("Late moves", integer(e.late) + " (" + integer(e.reports) +
                                            " searches in " + integer(e.games) + " games)");
    s.fields.emplace_back("Reduced", integer(e.reduced) + " (" + percent_or_dash(e.reduced_rate) +
                                         "), extended " + integer(e.extended));
    s.fields.emplace_back("Re-searches", integer(e.researches) + " of " + integer(e.searches) +
                                             " reduced searches (" +
                                             percent_or_dash(e.research_rate) + ")");
    s.fields.emplace_back("Average plies",
                          std::isnan(e.avg_plies) ? "-" : fixed(e.avg_plies, 2) + " per late move");
    Table t = view_table(lmr_rules_view(), e.rules, Audience::kHuman);
    t.key = "lmr_rules";
    t.title = "Rules";
    s.tables.push_back(std::move(t));
    s.notes.push_back(
        "Fired % and changed % are per late move. A rule changed a move's reduction when, "
        "without it, the final reduction would have been a different number of plies.");
    return s;
}

// Machine: every engine's LMR totals in one table and every rule of every engine in another.
Section lmr_tables(const RunDetail& d) {
    Section s;
    Table totals = view_table(lmr_view(), d.lmr, Audience::kMachine);
    totals.key = "lmr";
    // Each rule row starts with its engine's name.
    Table rules_table =
        view_table(owned_view(lmr_view(), 1, lmr_rules_view()),
                   owned_rows(d.lmr, &store::EngineLmrStats::rules), Audience::kMachine);
    rules_table.key = "lmr_rules";
    s.tables.push_back(std::move(totals));
    s.tables.push_back(std::move(rules_table));
    return s;
}

}  // namespace

View<store::TerminationTotals> terminations_view(const std::vector<store::TerminationTotals>& all) {
    long total = 0;
    for (const auto& r : all) total += r.games;
    using T = store::TerminationTotals;
    return {member_field<T>("termination", "Termination", L, &T::termination),
            member_field<T>("games", "Games", R, &T::games),
            {"share", "Share", R,
             [total](const T& r) {
                 const double share = total ? static_cast<double>(r.games) / total : 0.0;
                 return Value{share, percent(share, 1)};
             }},
            member_field<T>("white_wins", "White wins", R, &T::white_wins),
            member_field<T>("black_wins", "Black wins", R, &T::black_wins),
            member_field<T>("draws", "Draws", R, &T::draws)};
}

View<store::GameFault> faults_view() {
    using F = store::GameFault;
    return {member_field<F>("game_id", "Game", R, &F::game_id),
            member_field<F>("pair_index", "Pair", R, &F::pair_index),
            member_field<F>("round_in_pair", "Round", R, &F::round_in_pair),
            member_field<F>("white", "White", L, &F::white),
            member_field<F>("black", "Black", L, &F::black),
            member_field<F>("result", "Result", L, &F::result),
            member_field<F>("termination", "Termination", L, &F::termination),
            {"lost_by", "Lost by", L,
             [](const F& r) {
                 return Value{text_or_null(r.loser), ""};
             }},
            member_field<F>("detail", "Detail", L, &F::detail)};
}

View<SideRow> search_view() {
    // People read an undefined average as "-", rounded to what it means.
    const auto average = [](const std::optional<double>& v, int decimals) {
        return Value{number_value(v), v ? fixed(*v, decimals) : std::string("-")};
    };
    return {
        member_field<SideRow>("engine", "Engine", L, &SideRow::name),
        role_field<SideRow>(),
        member_field<SideRow>("moves", "Moves", R, &SideRow::moves),
        {"avg_depth", "Depth", R, [average](const SideRow& r) { return average(r.avg_depth, 2); }},
        {"avg_seldepth", "Seldepth", R,
         [average](const SideRow& r) { return average(r.avg_seldepth, 2); }},
        {"avg_nodes", "Nodes", R, [average](const SideRow& r) { return average(r.avg_nodes, 0); }},
        {"avg_time_ms", "Time ms", R,
         [average](const SideRow& r) { return average(r.avg_time_ms, 1); }},
        member_field<SideRow>("total_nodes", "Total nodes", R, &SideRow::total_nodes),
        member_field<SideRow>("total_time_ms", "Total ms", R, &SideRow::total_time_ms,
                              Shown::kMachine),
        {"nps", "Nodes/s", R, [average](const SideRow& r) {
             const std::optional<double> nps =
                 r.total_time_ms > 0
                     ? std::optional<double>(1000.0 * static_cast<double>(r.total_nodes) /
                                             static_cast<double>(r.total_time_ms))
                     : std::nullopt;
             return average(nps, 0);
         }}};
}

View<store::OpeningResult> openings_view() {
    using O = store::OpeningResult;
    return {{"opening_index", "Opening", R,
             [](const O& r) {
                 return r.opening_index ? Value{*r.opening_index, {}} : Value{nullptr, "-"};
             }},
            member_field<O>("pairs", "Pairs", R, &O::pairs),
            {"wdl", "W/D/L", R,
             [](const O& r) {
                 return Value{nullptr, wdl(r.wins, r.draws, r.losses)};
             },
             Shown::kHuman},
            member_field<O>("wins", "W", R, &O::wins, Shown::kMachine),
            member_field<O>("draws", "D", R, &O::draws, Shown::kMachine),
            member_field<O>("losses", "L", R, &O::losses, Shown::kMachine),
            member_field<O>("half_points", "Points", R, &O::half_points, Shown::kMachine),
            {"score", "Score", R,
             [](const O& r) {
                 return Value{r.score, percent(r.score, 1)};
             }},
            member_field<O>("opening_fen", "FEN", L, &O::opening_fen)};
}

View<store::EngineLmrStats> lmr_view() {
    using E = store::EngineLmrStats;
    return {member_field<E>("engine", "Engine", L, &E::name),
            role_field<E>(),
            member_field<E>("games", "Games", R, &E::games),
            member_field<E>("reports", "Searches", R, &E::reports),
            member_field<E>("late", "Late", R, &E::late),
            member_field<E>("reduced", "Reduced", R, &E::reduced),
            member_field<E>("extended", "Extended", R, &E::extended),
            member_field<E>("searches", "Reduced searches", R, &E::searches),
            member_field<E>("researches", "Re-searches", R, &E::researches),
            member_field<E>("plies", "Plies", R, &E::plies),
            number_field<E>("reduced_rate", "Reduced %", R, &E::reduced_rate),
            number_field<E>("research_rate", "Re-search %", R, &E::research_rate),
            number_field<E>("avg_plies", "Average plies", R, &E::avg_plies)};
}

View<store::LmrRuleTotals> lmr_rules_view() {
    using T = store::LmrRuleTotals;
    const auto rate = [](double fraction) {
        return Value{number_value(fraction), percent_or_dash(fraction)};
    };
    return {member_field<T>("rule", "Rule", L, &T::rule),
            member_field<T>("fired", "Fired", R, &T::fired),
            member_field<T>("changed", "Changed", R, &T::changed),
            member_field<T>("units", "Units", R, &T::units, Shown::kMachine),
            {"fired_rate", "Fired %", R, [rate](const T& r) { return rate(r.fired_rate); }},
            {"changed_rate", "Changed %", R, [rate](const T& r) { return rate(r.changed_rate); }}};
}

Document run_document(const RunDetail& d, Audience a) {
    Document doc;
    doc.title = "Run " + integer(d.row.run.id) + ": " + matchup(d.row);
    if (a == Audience::kHuman) {
        doc.sections.push_back(overview(d));
        if (d.row.head_to_head && d.row.stats) doc.sections.push_back(statistics(d));
    } else {
        Section s;
        Table run = runs_table({d.row}, a);
        run.key = "run";
        s.tables.push_back(std::move(run));
        doc.sections.push_back(std::move(s));
    }
    // Shown to people only when there is something to say; CSV and JSON always have the table.
    if (a != Audience::kHuman || !d.changes.empty()) {
        Section inputs;
        inputs.title = "Changed inputs";
        inputs.tables.push_back(changes(d, a));
        if (a == Audience::kHuman)
            inputs.notes.push_back(
                "The run was resumed with --allow-changed: games played "
                "after each change used the new input.");
        doc.sections.push_back(std::move(inputs));
    }
    if (!d.standings.rows.empty()) doc.sections.push_back(standings_section(d.standings, a));
    Section games;
    games.title = "Games";
    games.tables.push_back(terminations(d, a));
    games.tables.push_back(faults(d, a));
    if (a == Audience::kHuman && !d.faults.empty())
        games.notes.push_back("Faults: " + fault_counts(d));
    games.tables.push_back(search(d, a));
    if (a == Audience::kHuman) {
        games.notes.push_back(
            "Search: averages of depth, seldepth and nodes from each engine's last info line per "
            "move, and of the time from `go` to `bestmove`.");
    }
    games.tables.push_back(openings(d, a));
    // A tune stores its iterations, not its games: an empty games section would say nothing.
    if (d.row.run.kind != store::RunKind::kTune || d.row.summary.games > 0) {
        doc.sections.push_back(std::move(games));
        // Engines that do not report LMR statistics get no section; CSV keeps its two blocks,
        // empty, so a script finds them in every run with games.
        if (a == Audience::kHuman) {
            for (const auto& engine : d.lmr) doc.sections.push_back(lmr_section(engine));
        } else {
            doc.sections.push_back(lmr_tables(d));
        }
        // Games stored before schema version 6 were not checked: people see no section then.
        if (a != Audience::kHuman || !d.pv.empty()) doc.sections.push_back(pv_checks_section(d, a));
    }
    if (d.tune) {
        Section tune;
        tune.title = "Tune";
        tune.fields.emplace_back(
            "Iterations", integer(static_cast<std::int64_t>(d.tune->iterations.size())) + " of " +
                              integer(d.tune->settings.iterations));
        tune.fields.emplace_back("Pairs per iteration",
                                 integer(d.tune->settings.pairs_per_iteration));
        tune.tables.push_back(tune_params_table(*d.tune, a, {}));
        if (a == Audience::kHuman)
            tune.notes.push_back("`lmr-harness tune show --run " + integer(d.row.run.id) +
                                 "` prints the whole trajectory.");
        doc.sections.push_back(std::move(tune));
    }
    return doc;
}

}  // namespace lmr::report
