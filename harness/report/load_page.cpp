#include "harness/report/load.hpp"

namespace lmr::report {

void upgrade_database(const std::filesystem::path& db) {
    (void)store::Store::open(db, {.mode = store::OpenMode::kReadWrite, .create = false});
}

PageData load_page(const store::Store& store, const std::string& db, const PageRequest& request) {
    PageData page;
    page.database = db;
    page.generated_at = store::now_timestamp();
    page.single_run = request.run_id.has_value();
    if (request.run_id) {
        page.runs.push_back(load_run(store, *request.run_id));
    } else {
        for (const auto& row : load_runs(store)) page.runs.push_back(load_run(store, row.run.id));
    }
    if (request.baseline)
        page.baseline = load_baseline(store, *request.baseline, request.time_control);
    if (request.anchor)
        page.ratings = rate({load_rating_source(store, request.time_control)}, *request.anchor);
    return page;
}

std::vector<PageData> load_whole_pages(const std::vector<std::string>& dbs, bool upgrade) {
    std::vector<PageData> parts;
    for (const std::string& db : dbs) {
        if (upgrade) upgrade_database(db);
        const auto store = store::Store::open(db, {.mode = store::OpenMode::kReadOnly});
        const store::ReadSnapshot snapshot(store);
        parts.push_back(load_page(store, db, {}));
    }
    return parts;
}

std::vector<RatingSource> load_rating_sources(const std::vector<std::string>& dbs, bool upgrade,
                                              const std::optional<std::string>& time_control) {
    std::vector<RatingSource> sources;
    for (const std::string& db : dbs) {
        if (upgrade) upgrade_database(db);
        const auto store = store::Store::open(db, {.mode = store::OpenMode::kReadOnly});
        const store::ReadSnapshot snapshot(store);
        sources.push_back(load_rating_source(store, time_control));
    }
    return sources;
}

}  // namespace lmr::report
