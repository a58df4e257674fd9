#include "harness/cli/tournament_standings.hpp"

#include "harness/report/load.hpp"
#include "harness/report/render.hpp"
#include "harness/report/tables.hpp"
#include "harness/store/store.hpp"

namespace lmr::cli {

void print_tournament_standings(std::ostream& out, const std::string& db, std::int64_t run_id,
                                const std::string& program) {
    report::Standings standings;
    try {
        store::OpenOptions options;
        options.mode = store::OpenMode::kReadOnly;
        // The run has just written the file; a full check of a large database would take long.
        options.quick_check = false;
        standings = report::load_standings(store::Store::open(db, options), run_id);
    } catch (const store::StoreError& e) {
        out << "Standings: cannot read them back (" << e.what() << "); " << program
            << " report --db " << db << " --run " << run_id << " shows them\n";
        return;
    }
    if (standings.rows.empty()) return;
    report::Document document;
    document.sections.push_back(report::standings_section(standings, report::Audience::kHuman));
    out << '\n';
    report::render_text(out, document);
}

}  // namespace lmr::cli
