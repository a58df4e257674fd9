// Which time controls a pooled figure mixes: a baseline's Elo and a rating list pool every run
// between two configs, and a config's strength at nodes=2000 is not its strength at 10+0.1, so
// each says which it pooled, and `--tc` restricts them to one.

#include <algorithm>
#include <string>

#include "engine/text/text.hpp"
#include "harness/report/load.hpp"

namespace lmr::report {

std::set<std::int64_t> run_id_set(std::string_view run_ids) {
    std::set<std::int64_t> ids;
    if (run_ids.empty()) return ids;
    for (const std::string_view id : text::split(run_ids, ','))
        ids.insert(std::stoll(std::string(id)));
    return ids;
}

std::vector<PooledTimeControl> pooled_time_controls(const std::vector<store::RunRecord>& runs,
                                                    const std::set<std::int64_t>& ids,
                                                    const std::string& database) {
    std::vector<PooledTimeControl> pooled;
    for (const store::RunRecord& run : runs) {
        if (ids.count(run.id) == 0U) continue;
        auto at = std::find_if(pooled.begin(), pooled.end(), [&run](const PooledTimeControl& p) {
            return p.time_control == run.time_control;
        });
        if (at == pooled.end())
            at = pooled.insert(
                at, {.time_control = run.time_control, .database = database, .run_ids = {}});
        at->run_ids += (at->run_ids.empty() ? "" : ",") + std::to_string(run.id);
    }
    return pooled;
}

void require_time_control(const store::Store& store, const std::string& time_control) {
    const std::vector<std::string> known = store.meeting_time_controls();
    if (std::find(known.begin(), known.end(), time_control) != known.end()) return;
    throw ReportError("--tc " + time_control + ": no run in " + store.path().string() +
                      " was played at that time control" +
                      (known.empty() ? std::string(" (it has no runs)")
                                     : "; its time controls: " + text::joined(known, ", ")));
}

}  // namespace lmr::report
