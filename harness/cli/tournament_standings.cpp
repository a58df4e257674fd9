#include "harness/cli/tournament_standings.hpp"

#include "harness/report/load.hpp"
#include "harness/report/render.hpp"
#include "harness/report/tables.hpp"
#include "harness/store/store.hpp"

namespace lmr::cli {

void print_tournament_standings(std::ostream& out, const report::RunEndReading& reading,
                                const std::string& db, std::int64_t run_id,
                                const std::string& program) {
    if (!reading.error.empty()) {
        out << "Standings: cannot read them back (" << reading.error << "); " << program
            << " report --db " << db << " --run " << run_id << " shows them\n";
        return;
    }
    const report::Standings& standings = reading.standings;
    if (standings.rows.empty()) return;
    report::Document document;
    document.sections.push_back(report::standings_section(standings, report::Audience::kHuman));
    out << '\n';
    report::render_text(out, document);
}

}  // namespace lmr::cli
