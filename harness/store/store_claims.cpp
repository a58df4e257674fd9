// Store: who plays a run (run_claims) and what changed under it (run_changes).

#include "harness/store/store.hpp"
#include "harness/store/store_internal.hpp"

namespace lmr::store {

namespace {

RunClaim read_claim(sqlite::Row& row) {
    RunClaim claim;
    claim.host = row.text();
    claim.pid = row.int64();
    claim.claimed_at = row.real();
    claim.heartbeat_at = row.real();
    return claim;
}

}  // namespace

std::optional<RunClaim> Store::run_claim(std::int64_t run_id) const {
    auto stmt =
        statement("SELECT host, pid, claimed_at, heartbeat_at FROM run_claims WHERE run_id = ?1");
    stmt->bind(1, run_id);
    return stmt->first_row(read_claim);
}

std::optional<RunClaim> Store::claim_run(std::int64_t run_id, const RunClaim& mine,
                                         const std::function<bool(const RunClaim&)>& is_stale) {
    require_writable("claim a run");
    require_run(run_id);
    // Read and write under one write lock: two processes claiming at once cannot both win.
    sqlite::Transaction tx(db_);
    if (auto holder = run_claim(run_id); holder && !is_stale(*holder)) return holder;
    auto stmt = statement(
        "INSERT OR REPLACE INTO run_claims (run_id, host, pid, claimed_at, heartbeat_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5)");
    stmt->bind(1, run_id)
        .bind(2, mine.host)
        .bind(3, mine.pid)
        .bind(4, mine.claimed_at)
        .bind(5, mine.heartbeat_at);
    stmt->run();
    tx.commit();
    return std::nullopt;
}

bool Store::renew_claim(std::int64_t run_id, const RunClaim& mine, double now) {
    require_writable("renew a run's claim");
    auto stmt = statement(
        "UPDATE run_claims SET heartbeat_at = ?4 WHERE run_id = ?1 AND host = ?2 AND pid = ?3");
    stmt->bind(1, run_id).bind(2, mine.host).bind(3, mine.pid).bind(4, now);
    stmt->run();
    return db_.changes() == 1;
}

void Store::release_claim(std::int64_t run_id, const RunClaim& mine) {
    require_writable("release a run's claim");
    auto stmt = statement("DELETE FROM run_claims WHERE run_id = ?1 AND host = ?2 AND pid = ?3");
    stmt->bind(1, run_id).bind(2, mine.host).bind(3, mine.pid);
    stmt->run();
}

void Store::record_run_change(std::int64_t run_id, const RunChange& change) {
    require_writable("record a changed input");
    require_run(run_id);
    auto stmt = statement(
        "INSERT INTO run_changes (run_id, subject, file, recorded, current) "
        "VALUES (?1, ?2, ?3, ?4, ?5)");
    stmt->bind(1, run_id)
        .bind(2, change.subject)
        .bind(3, change.file)
        .bind(4, change.recorded)
        .bind(5, change.current);
    internal::with_context("cannot record the change of " + change.subject, [&] { stmt->run(); });
}

std::vector<RunChange> Store::run_changes(std::int64_t run_id) const {
    auto stmt = statement(
        "SELECT subject, file, recorded, current, changed_at FROM run_changes "
        "WHERE run_id = ?1 ORDER BY id");
    stmt->bind(1, run_id);
    return stmt->rows([](sqlite::Row& row) {
        return RunChange{row.text(), row.text(), row.text(), row.text(), row.text()};
    });
}

}  // namespace lmr::store
