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
    if (d.row.run.verdict == store::Verdict::kUndecided) {
        s.notes.push_back(
            "The block's verdict is the test's state for these counts; the run "
            "reached its pair limit first: undecided.");
    }
    return s;
}

Table terminations(const RunDetail& d, Audience a) {
    Table t;
    t.key = "terminations";
    t.title = "Terminations";
    t.columns = columns(a, {{"termination", "Termination", L},
                            {"games", "Games", R},
                            {"share", "Share", R},
                            {"white_wins", "White wins", R},
                            {"black_wins", "Black wins", R},
                            {"draws", "Draws", R}});
    long total = 0;
    for (const auto& r : d.terminations) total += r.games;
    for (const auto& r : d.terminations) {
        const double share = total ? static_cast<double>(r.games) / total : 0.0;
        t.rows.push_back({r.termination, integer(r.games),
                          a == Audience::kHuman ? percent(share, 1) : number(share),
                          integer(r.white_wins), integer(r.black_wins), integer(r.draws)});
    }
    return t;
}

Table faults(const RunDetail& d, Audience a) {
    Table t;
    t.key = "faults";
    t.title = "Crashes, time forfeits, illegal moves and stalls";
    t.columns = columns(a, {{"game_id", "Game", R},
                            {"pair_index", "Pair", R},
                            {"round_in_pair", "Round", R},
                            {"white", "White", L},
                            {"black", "Black", L},
                            {"result", "Result", L},
                            {"termination", "Termination", L},
                            {"lost_by", "Lost by", L},
                            {"detail", "Detail", L}});
    for (const auto& r : d.faults) {
        t.rows.push_back({integer(r.game_id), integer(r.pair_index), integer(r.round_in_pair),
                          r.white, r.black, r.result, r.termination, r.loser, r.detail});
    }
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
    Table t;
    t.key = "search";
    t.title = "Search per move (averages over the engines' moves)";
    t.columns = columns(a, {{"engine", "Engine", L},
                            {"role", "Role", L},
                            {"moves", "Moves", R},
                            {"avg_depth", "Depth", R},
                            {"avg_seldepth", "Seldepth", R},
                            {"avg_nodes", "Nodes", R},
                            {"avg_time_ms", "Time ms", R},
                            {"total_nodes", "Total nodes", R},
                            {"nps", "Nodes/s", R}});
    for (const auto& r : d.sides) {
        const std::optional<double> nps =
            r.total_time_ms > 0
                ? std::optional<double>(1000.0 * static_cast<double>(r.total_nodes) /
                                        static_cast<double>(r.total_time_ms))
                : std::nullopt;
        auto human = [](const std::optional<double>& v, int decimals) {
            return v ? fixed(*v, decimals) : std::string("-");
        };
        if (a == Audience::kHuman) {
            t.rows.push_back({r.name, std::string(store::to_string(r.role)), integer(r.moves),
                              human(r.avg_depth, 2), human(r.avg_seldepth, 2),
                              human(r.avg_nodes, 0), human(r.avg_time_ms, 1),
                              integer(r.total_nodes), human(nps, 0)});
        } else {
            t.rows.push_back({r.name, std::string(store::to_string(r.role)), integer(r.moves),
                              number(r.avg_depth), number(r.avg_seldepth), number(r.avg_nodes),
                              number(r.avg_time_ms), integer(r.total_nodes), number(nps)});
        }
    }
    return t;
}

Table openings(const RunDetail& d, Audience a) {
    Table t;
    t.key = "openings";
    t.title = "Results per opening (" + view_name(d.row) + "'s side, completed pairs)";
    t.columns = columns(a, {{"opening_index", "Opening", R},
                            {"pairs", "Pairs", R},
                            {"wdl", "W/D/L", R},
                            {"score", "Score", R},
                            {"fen", "FEN", L}});
    if (a == Audience::kMachine) {
        t.columns = columns(a, {{"opening_index", "", L},
                                {"pairs", "", L},
                                {"wins", "", L},
                                {"draws", "", L},
                                {"losses", "", L},
                                {"score", "", L},
                                {"fen", "", L}});
    }
    for (const auto& r : d.openings) {
        const std::string index = r.opening_index ? integer(*r.opening_index) : "";
        if (a == Audience::kHuman) {
            t.rows.push_back({index.empty() ? "-" : index, integer(r.pairs),
                              wdl(r.wins, r.draws, r.losses), percent(r.score, 1), r.opening_fen});
        } else {
            t.rows.push_back({index, integer(r.pairs), integer(r.wins), integer(r.draws),
                              integer(r.losses), number(r.score), r.opening_fen});
        }
    }
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
    Table t;
    t.key = "lmr_rules";
    t.title = "Rules";
    t.columns = columns(Audience::kHuman, {{"rule", "Rule", L},
                                           {"fired", "Fired", R},
                                           {"fired_rate", "Fired %", R},
                                           {"changed", "Changed", R},
                                           {"changed_rate", "Changed %", R}});
    for (const auto& r : e.rules) {
        t.rows.push_back({r.rule, integer(r.fired), percent_or_dash(r.fired_rate),
                          integer(r.changed), percent_or_dash(r.changed_rate)});
    }
    s.tables.push_back(std::move(t));
    s.notes.push_back(
        "Fired % and changed % are per late move. A rule changed a move's reduction when, "
        "without it, the final reduction would have been a different number of plies.");
    return s;
}

// Machine: every engine's LMR totals in one table and every rule of every engine in another.
Section lmr_tables(const RunDetail& d) {
    Section s;
    Table totals;
    totals.key = "lmr";
    totals.columns = columns(Audience::kMachine, {{"engine", "", L},
                                                  {"role", "", L},
                                                  {"games", "", L},
                                                  {"reports", "", L},
                                                  {"late", "", L},
                                                  {"reduced", "", L},
                                                  {"extended", "", L},
                                                  {"searches", "", L},
                                                  {"researches", "", L},
                                                  {"plies", "", L},
                                                  {"reduced_rate", "", L},
                                                  {"research_rate", "", L},
                                                  {"avg_plies", "", L}});
    Table rules;
    rules.key = "lmr_rules";
    rules.columns = columns(Audience::kMachine, {{"engine", "", L},
                                                 {"rule", "", L},
                                                 {"fired", "", L},
                                                 {"changed", "", L},
                                                 {"units", "", L},
                                                 {"fired_rate", "", L},
                                                 {"changed_rate", "", L}});
    for (const auto& e : d.lmr) {
        totals.rows.push_back({e.name, std::string(store::to_string(e.role)), integer(e.games),
                               integer(e.reports), integer(e.late), integer(e.reduced),
                               integer(e.extended), integer(e.searches), integer(e.researches),
                               integer(e.plies), number(e.reduced_rate), number(e.research_rate),
                               number(e.avg_plies)});
        for (const auto& r : e.rules) {
            rules.rows.push_back({e.name, r.rule, integer(r.fired), integer(r.changed),
                                  integer(r.units), number(r.fired_rate), number(r.changed_rate)});
        }
    }
    s.tables.push_back(std::move(totals));
    s.tables.push_back(std::move(rules));
    return s;
}

}  // namespace

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
