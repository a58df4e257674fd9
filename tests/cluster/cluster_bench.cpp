// The coordinator's own limit (issue 22): how many games per second rank 0 of an MPI job can
// hand out, store and put through the SPRT when the games cost nothing to play.
//
// Rank 0 runs the real command path: lmr::cli::run with an `sprt` command line (real configs
// from configs/, --tc nodes=1000, the default book, a --db in a temporary directory, SPRT bounds
// the games never reach), so its sink is the runner's own — record_game (games, moves, LMR and
// PV rows in one transaction), the claim's heartbeat, the pentanomial, the SPRT and its stats
// row per pair. Every other rank plays no engine: it speaks harness/cluster/worker.cpp's
// protocol (kSession; then kRequest → kJob → kResult per game; kNoMore/kStop end the session;
// kSessionDone; kShutdown), but with --slots requests outstanding at once (one reply per
// request, as worker.cpp's slots do), and answers each job at once with a game made up from
// the job's opening: pseudo-random legal moves (engine/chess) for --plies plies or to the end
// by the rules (worked out once per opening and reused: the workers must not be what sets the
// pace), scores, depths and node counts as a nodes=1000 search would report them, both sides'
// LMR and PV tallies, and a result consistent with its termination (the rules, else
// adjudication). The results follow the pair index (WW, LL, DD, WL, ...), so the
// score stays at 50% and the SPRT never decides: every planned game is stored.
//
// Rank 0 is measured through the MPI profiling interface (its MPI_Iprobe/MPI_Recv/MPI_Send:
// the time from taking a message to its next poll is the time it spent on that message; a
// batch's store comes after the poll that ends its gathering, so it is in none of them), through
// SQLite's sqlite3_step/sqlite3_exec/sqlite3_prepare_v2 (wrapped at link time:
// tests/cluster/CMakeLists.txt) and by its thread's CPU time over the command. It prints games
// stored per second, rank 0's time per message (mean and p99, hand-out and result), its CPU
// time, SQLite's share of it by statement, and exits 1 unless every planned game was stored.
// A batch holds about one game per worker rank here (a worker rank has about one result
// waiting at a time): run it with 8 or more worker ranks to see full batches.
//
//   mpirun --oversubscribe --allow-run-as-root -n RANKS build/dev/tests/cluster/cluster_bench
//       [--pairs N (2000)] [--slots S (4): requests each worker rank keeps outstanding]
//       [--plies P (100)] [--source DIR (the source tree)] [--engine FILE (lmr-engine)]
//       [--keep DIR: put the database there and keep it]
//
// Ranks ≥ 2; one worker rank with a few slots already keeps rank 0 busy.

#include <mpi.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "engine/chess/game_end.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "harness/cli/cli.hpp"
#include "harness/cluster/world.hpp"
#include "harness/core/game_record.hpp"
#include "harness/games/wire.hpp"
#include "harness/match/pgn.hpp"
#include "harness/match/rules_ending.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using lmr::cluster::Tag;

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
        .count();
}

// This thread's CPU time: what a message cost rank 0 even when the machine is shared.
std::int64_t cpu_ns() {
    timespec t{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

// ---------------------------------------------------------------------------------------------
// Rank 0's measurements (only rank 0 records; one thread: the coordinator's).

struct Handled {
    std::int64_t ns = 0;      // from taking the message to the next poll (a batch's store
                              // comes after that poll: see the thread's CPU figure)
    std::int64_t cpu_ns = 0;  // the thread's CPU time over the same span
};

struct SqlTotals {
    std::int64_t calls = 0;
    std::int64_t ns = 0;
};

struct Meter {
    bool on = false;
    // The message being handled: its tag, when it was taken.
    int open_tag = -1;
    std::int64_t open_at = 0;
    std::int64_t open_cpu = 0;
    std::vector<Handled> requests, results, other;
    std::int64_t idle_polls = 0, busy_polls = 0;
    std::int64_t mpi_ns = 0;  // inside MPI_Iprobe/MPI_Recv/MPI_Send themselves
    std::int64_t first_request = 0, last_result = 0;
    std::int64_t sqlite_ns = 0;
    std::map<std::string, SqlTotals> sql;
};

Meter& meter() {
    static Meter m;
    return m;
}

void close_window(std::int64_t at) {
    Meter& m = meter();
    if (m.open_tag < 0) return;
    const Handled h{at - m.open_at, cpu_ns() - m.open_cpu};
    if (m.open_tag == static_cast<int>(Tag::kRequest))
        m.requests.push_back(h);
    else if (m.open_tag == static_cast<int>(Tag::kResult)) {
        m.results.push_back(h);
        m.last_result = at;
    } else
        m.other.push_back(h);
    m.open_tag = -1;
}

std::string sql_category(const char* sql) {
    if (!sql) return "?";
    std::istringstream words(sql);
    std::string word, key;
    for (int n = 0; n < 3 && words >> word; ++n) {
        const auto paren = word.find('(');
        if (paren != std::string::npos) word.resize(paren);
        if (word.empty()) break;
        key += (key.empty() ? "" : " ") + word;
        if (word == "SELECT" || word == "BEGIN" || word == "COMMIT" || word == "ROLLBACK" ||
            word == "PRAGMA")
            break;
    }
    return key;
}

// cached: the text is a prepared statement's, which lives as long as the statement (an exec's
// text may be a temporary whose address the next one reuses: BEGIN and COMMIT were counted as
// one).
void add_sql(const char* sql, std::int64_t ns, bool cached) {
    Meter& m = meter();
    if (!m.on) return;
    m.sqlite_ns += ns;
    // The statements are the store's cached ones: remember each text's category.
    static std::unordered_map<const char*, std::string> categories;
    auto it = categories.find(sql);
    if (!cached)
        it = categories.end();
    else if (it == categories.end())
        it = categories.emplace(sql, sql_category(sql)).first;
    SqlTotals& t = m.sql[it == categories.end() ? sql_category(sql) : it->second];
    ++t.calls;
    t.ns += ns;
}

}  // namespace

// The MPI profiling interface: harness/cluster/world.cpp's calls land here first.
extern "C" {

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status) {
    Meter& m = meter();
    if (!m.on) return PMPI_Iprobe(source, tag, comm, flag, status);
    const std::int64_t start = now_ns();
    close_window(start);
    const int rc = PMPI_Iprobe(source, tag, comm, flag, status);
    const std::int64_t end = now_ns();
    m.mpi_ns += end - start;
    if (*flag)
        ++m.busy_polls;
    else
        ++m.idle_polls;
    return rc;
}

int MPI_Recv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
             MPI_Status* status) {
    Meter& m = meter();
    if (!m.on) return PMPI_Recv(buf, count, datatype, source, tag, comm, status);
    const std::int64_t start = now_ns();
    const int rc = PMPI_Recv(buf, count, datatype, source, tag, comm, status);
    const std::int64_t end = now_ns();
    m.mpi_ns += end - start;
    m.open_tag = tag;
    m.open_at = end;
    m.open_cpu = cpu_ns();
    if (tag == static_cast<int>(Tag::kRequest) && m.first_request == 0) m.first_request = end;
    return rc;
}

int MPI_Send(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
    Meter& m = meter();
    if (!m.on) return PMPI_Send(buf, count, datatype, dest, tag, comm);
    const std::int64_t start = now_ns();
    const int rc = PMPI_Send(buf, count, datatype, dest, tag, comm);
    m.mpi_ns += now_ns() - start;
    return rc;
}

// SQLite, wrapped by the linker (--wrap): the store's statements.
int __real_sqlite3_step(sqlite3_stmt* stmt);
int __wrap_sqlite3_step(sqlite3_stmt* stmt) {
    if (!meter().on) return __real_sqlite3_step(stmt);
    const std::int64_t start = now_ns();
    const int rc = __real_sqlite3_step(stmt);
    add_sql(sqlite3_sql(stmt), now_ns() - start, true);
    return rc;
}

int __real_sqlite3_exec(sqlite3* db, const char* sql, int (*callback)(void*, int, char**, char**),
                        void* arg, char** error);
int __wrap_sqlite3_exec(sqlite3* db, const char* sql, int (*callback)(void*, int, char**, char**),
                        void* arg, char** error) {
    if (!meter().on) return __real_sqlite3_exec(db, sql, callback, arg, error);
    const std::int64_t start = now_ns();
    const int rc = __real_sqlite3_exec(db, sql, callback, arg, error);
    add_sql(sql, now_ns() - start, false);
    return rc;
}

int __real_sqlite3_prepare_v2(sqlite3* db, const char* sql, int bytes, sqlite3_stmt** stmt,
                              const char** tail);
int __wrap_sqlite3_prepare_v2(sqlite3* db, const char* sql, int bytes, sqlite3_stmt** stmt,
                              const char** tail) {
    if (!meter().on) return __real_sqlite3_prepare_v2(db, sql, bytes, stmt, tail);
    const std::int64_t start = now_ns();
    const int rc = __real_sqlite3_prepare_v2(db, sql, bytes, stmt, tail);
    static const char kPrepare[] = "(prepare)";
    add_sql(kPrepare, now_ns() - start, true);
    return rc;
}

}  // extern "C"

namespace {

// ---------------------------------------------------------------------------------------------
// The games: made up at once, valid for the job's opening.

struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return s;
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

// The test engine's outcome (+1 win, 0 draw, -1 loss) by pair and round: over every four pairs
// WW, LL, DD, WL, so the score stays at one half and the SPRT does not decide.
int planned_outcome(std::int64_t job_id) {
    const std::int64_t pair = job_id / 2;
    const int round = static_cast<int>(job_id % 2);
    switch (pair % 4) {
        case 0:
            return 1;
        case 1:
            return -1;
        case 2:
            return 0;
        default:
            return round == 0 ? 1 : -1;
    }
}

std::uint64_t seed_of(std::int64_t job_id) {
    return 0x9E3779B97F4A7C15ull ^ static_cast<std::uint64_t>(job_id + 1) * 0xBF58476D1CE4E5B9ull;
}

struct SessionInfo {
    std::vector<std::string> names;
    std::string time_control;
    int test_engine = 1;  // head-to-head runs list the base first, then the test
};

// The moves of a made-up game from one opening: pseudo-random legal moves for `plies` plies or
// to the end by the rules. Working them out (generation, SAN) is most of a fake game's cost,
// so a worker makes one line per opening and reuses it for every game from that opening:
// the workers then cost so little that rank 0 alone sets the pace, as it would with 50,000
// cores behind it.
struct Line {
    std::string start_fen, opening_fen, final_fen;
    std::vector<std::string> opening_moves;
    std::vector<std::pair<std::string, std::string>> moves;  // UCI, SAN
    lmr::chess::GameEnd end = lmr::chess::GameEnd::kNone;
    lmr::chess::Color side_to_move_at_end = lmr::chess::kWhite;
};

Line make_line(const lmr::match::Opening& opening, int plies, std::uint64_t seed) {
    using namespace lmr;
    Line line;
    const std::string fen =
        opening.fen.empty() ? std::string(chess::Position::kStartFen) : opening.fen;
    auto start = chess::Position::from_fen(fen);
    if (!start) throw std::runtime_error("bad FEN " + fen);
    chess::Position pos = *start;
    line.start_fen = pos.fen();
    for (const std::string& text : opening.moves) {
        const chess::Move move = chess::parse_uci(pos, text);
        if (move.is_none()) throw std::runtime_error("bad book move " + text);
        line.opening_moves.push_back(chess::to_uci(move));
        pos.make_move(move);
    }
    line.opening_fen = pos.fen();
    Rng rng{seed};
    chess::MoveList list;
    chess::GameEnd end = chess::game_end(pos);
    for (int ply = 1; ply <= plies && end == chess::GameEnd::kNone; ++ply) {
        chess::generate(pos, list);
        const chess::Move move = list[rng.below(list.size())];
        line.moves.emplace_back(chess::to_uci(move), chess::to_san(pos, move));
        pos.make_move(move);
        end = chess::game_end(pos);
    }
    line.final_fen = pos.fen();
    line.end = end;
    line.side_to_move_at_end = pos.side_to_move();
    return line;
}

// A game of `line` for one job: its players, scores, depths and node counts as a nodes=1000
// search would report them, a result consistent with the termination, LMR and PV tallies.
lmr::core::GameRecord fake_game(const lmr::games::GameJob& job, const SessionInfo& session,
                                const Line& line) {
    using namespace lmr;
    core::GameRecord game;
    game.white = session.names.at(static_cast<std::size_t>(job.white));
    game.black = session.names.at(static_cast<std::size_t>(job.black));
    game.time_control = session.time_control;
    game.start_fen = line.start_fen;
    game.opening_moves = line.opening_moves;
    game.opening_fen = line.opening_fen;
    const int plies = static_cast<int>(line.moves.size());
    game.finished = std::chrono::system_clock::now();
    game.started = game.finished - std::chrono::milliseconds(2 * plies);

    const int outcome = planned_outcome(job.id);  // the test engine's
    const int test_white = job.white == session.test_engine;
    // +1 White wins, -1 Black wins, 0 draw
    const int white_outcome = outcome == 0 ? 0 : ((outcome > 0) == test_white ? 1 : -1);
    Rng rng{seed_of(job.id)};
    // The side to move before ply 1 is the opening position's.
    const bool white_first = line.opening_fen.find(" w ") != std::string::npos;
    std::array<int, 2> searched{0, 0};
    game.moves.reserve(line.moves.size());
    for (int ply = 1; ply <= plies; ++ply) {
        const auto& [uci, san] = line.moves[static_cast<std::size_t>(ply - 1)];
        const chess::Color side = (ply % 2 == 1) == white_first ? chess::kWhite : chess::kBlack;
        const int side_outcome = side == chess::kWhite ? white_outcome : -white_outcome;
        core::MoveRecord m;
        m.ply = ply;
        m.uci = uci;
        m.san = san;
        const int drift = std::min(900, ply * 8);
        m.score = core::Score::cp(side_outcome * drift + rng.below(41) - 20);
        m.depth = 7 + rng.below(5);
        m.seldepth = m.depth + rng.below(9);
        m.nodes = 1000 + static_cast<std::uint64_t>(rng.below(40));
        m.nps = 600'000 + static_cast<std::uint64_t>(rng.below(200'000));
        m.time_ms = 1 + rng.below(3);
        game.moves.push_back(std::move(m));
        ++searched[side];
    }
    game.final_fen = line.final_fen;
    using core::GameResult;
    if (auto ending = match::rules_ending(line.end, line.side_to_move_at_end)) {
        game.result = ending->result;
        game.termination = ending->termination;
        game.reason = std::move(ending->reason);
    } else {
        game.termination = core::Termination::kAdjudication;
        if (white_outcome == 0) {
            game.result = GameResult::kDraw;
            game.reason = "draw by adjudication: scores within 10 cp";
        } else {
            game.result = white_outcome > 0 ? GameResult::kWhiteWins : GameResult::kBlackWins;
            game.reason =
                std::string(white_outcome > 0 ? "Black" : "White") + " resigns by adjudication";
        }
    }
    // What lmr-engine reports over a game: a handful of rules per side (the store's real
    // games carry about six rows per side), and PV tallies.
    for (chess::Color side : {chess::kWhite, chess::kBlack}) {
        if (searched[side] == 0) continue;
        core::LmrGameStats stats;
        stats.reports = searched[side];
        auto& s = stats.total.stats;
        for (int rule = 0; rule < 8; ++rule) {
            const auto r =
                static_cast<::lmr::reduction::Rule>((rule * 5 + 2) % ::lmr::reduction::kRuleCount);
            for (int i = 0; i < 50 + rng.below(500); ++i) s.record(r, 10);
            s.record_changed(r);
        }
        for (int i = 0; i < 800; ++i) s.record_result(rng.below(5) - 1);
        stats.total.reduced_searches = s.reduced();
        stats.total.re_searches = s.reduced() / 10;
        game.lmr_stats[side] = stats;
        game.pv_checks[side].searches = searched[side];
        game.pv_checks[side].pvs = searched[side] * 6;
    }
    return game;
}

// ---------------------------------------------------------------------------------------------
// Worker ranks.

struct WorkerCounts {
    std::int64_t games = 0;
    std::int64_t make_ns = 0;  // making and encoding the games
    std::int64_t sessions = 0;
};

// The next message from rank 0, without spinning a core away from it.
lmr::cluster::Message next_from_rank0() {
    for (;;) {
        if (auto message = lmr::cluster::poll(0, std::nullopt)) return std::move(*message);
        std::this_thread::sleep_for(std::chrono::microseconds(20));
    }
}

std::string fake_session(const std::string& text, int slots, int plies, WorkerCounts& counts) {
    using namespace lmr;
    try {
        const auto session = nlohmann::json::parse(text);
        const auto engines = games::decode_engine_settings(session.at("settings").dump());
        SessionInfo info;
        for (const auto& engine : engines.engines) info.names.push_back(engine.name);
        info.time_control = engines.game.time_control.to_pgn_tag();
        std::unordered_map<std::string, Line> lines;  // by opening: FEN and book moves
        int outstanding = 0;
        for (int slot = 0; slot < slots; ++slot, ++outstanding) cluster::send(0, Tag::kRequest, "");
        bool stopped = false;
        while (outstanding > 0) {
            cluster::Message message = next_from_rank0();
            switch (message.tag) {
                case Tag::kStop:
                    stopped = true;  // the replies to the requests out are still to come
                    break;
                case Tag::kNoMore:
                    --outstanding;
                    break;
                case Tag::kJob: {
                    --outstanding;
                    if (stopped) break;
                    const std::int64_t start = now_ns();
                    const auto job = games::decode_game_job(message.text);
                    std::string key = job.opening.fen;
                    for (const std::string& move : job.opening.moves) key += ' ' + move;
                    auto line = lines.find(key);
                    if (line == lines.end())
                        line = lines.emplace(key, make_line(job.opening, plies, seed_of(job.id)))
                                   .first;
                    const std::string result = std::to_string(job.id) + '\n' +
                                               games::encode(fake_game(job, info, line->second));
                    counts.make_ns += now_ns() - start;
                    ++counts.games;
                    cluster::send(0, Tag::kResult, result);
                    cluster::send(0, Tag::kRequest, "");
                    ++outstanding;
                    break;
                }
                default:
                    return "unexpected message " + std::to_string(static_cast<int>(message.tag)) +
                           " in a session";
            }
        }
        return "";
    } catch (const std::exception& e) {
        return e.what();
    }
}

int serve(int slots, int plies) {
    using namespace lmr::cluster;
    WorkerCounts counts;
    for (;;) {
        Message message = next_from_rank0();
        switch (message.tag) {
            case Tag::kSession:
                ++counts.sessions;
                send(0, Tag::kSessionDone, fake_session(message.text, slots, plies, counts));
                break;
            case Tag::kShutdown:
                std::printf("rank %d: %lld games made up, %.1f us each (made, encoded)\n", rank(),
                            static_cast<long long>(counts.games),
                            counts.games ? counts.make_ns / 1e3 / counts.games : 0.0);
                std::fflush(stdout);
                return 0;
            case Tag::kStop:
                break;
            default:
                std::fprintf(stderr, "rank %d: unexpected message %d between sessions\n", rank(),
                             static_cast<int>(message.tag));
                return 1;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Rank 0.

struct Summary {
    double mean_us = 0, p50_us = 0, p99_us = 0, max_us = 0;
    double cpu_mean_us = 0, cpu_p99_us = 0;
};

Summary summarize(std::vector<Handled> list) {
    Summary s;
    if (list.empty()) return s;
    double total = 0, cpu = 0;
    std::vector<std::int64_t> cpus;
    for (const auto& h : list) {
        total += static_cast<double>(h.ns);
        cpu += static_cast<double>(h.cpu_ns);
        cpus.push_back(h.cpu_ns);
    }
    std::sort(cpus.begin(), cpus.end());
    s.cpu_mean_us = cpu / 1e3 / static_cast<double>(list.size());
    s.cpu_p99_us =
        static_cast<double>(cpus[std::min(cpus.size() - 1, cpus.size() * 99 / 100)]) / 1e3;
    std::sort(list.begin(), list.end(),
              [](const Handled& a, const Handled& b) { return a.ns < b.ns; });
    const auto at = [&](double q) {
        return static_cast<double>(
                   list[std::min(list.size() - 1,
                                 static_cast<std::size_t>(q * static_cast<double>(list.size())))]
                       .ns) /
               1e3;
    };
    s.mean_us = total / 1e3 / static_cast<double>(list.size());
    s.p50_us = at(0.5);
    s.p99_us = at(0.99);
    s.max_us = static_cast<double>(list.back().ns) / 1e3;
    return s;
}

void print(const char* what, const Summary& s) {
    std::printf(
        "  %-26s wall mean %7.1f us  p50 %7.1f  p99 %8.1f  max %8.1f;  CPU mean %7.1f  p99 "
        "%8.1f\n",
        what, s.mean_us, s.p50_us, s.p99_us, s.max_us, s.cpu_mean_us, s.cpu_p99_us);
}

double cpu_seconds() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

std::int64_t stored_games(const std::string& db_path) {
    sqlite3* db = nullptr;
    std::int64_t count = -1;
    if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT count(*) FROM games", -1, &stmt, nullptr) == SQLITE_OK &&
            sqlite3_step(stmt) == SQLITE_ROW)
            count = sqlite3_column_int64(stmt, 0);
        sqlite3_finalize(stmt);
    }
    sqlite3_close(db);
    return count;
}

// What one game costs rank 0 outside the sink: decoding the result, and (inside the sink) its PGN.
void codec_figures(const std::string& source, int plies) {
    using namespace lmr;
    games::GameJob job;
    job.id = 0;
    job.opening.moves = {"e2e4", "e7e5", "g1f3", "b8c6"};
    (void)source;
    SessionInfo info{{"base", "test"}, "-", 1};
    const auto game = fake_game(job, info, make_line(job.opening, plies, seed_of(job.id)));
    const std::string text = games::encode(game);
    constexpr int kRounds = 2000;
    std::int64_t start = now_ns();
    std::size_t sink = 0;
    for (int i = 0; i < kRounds; ++i) sink += games::decode_game_record(text).moves.size();
    const double decode_us = static_cast<double>(now_ns() - start) / 1e3 / kRounds;
    start = now_ns();
    for (int i = 0; i < kRounds; ++i) sink += match::to_pgn(game).size();
    const double pgn_us = static_cast<double>(now_ns() - start) / 1e3 / kRounds;
    std::printf("  one %zu-ply game: %zu bytes on the wire; decode %.1f us, PGN %.1f us%s\n",
                game.moves.size(), text.size(), decode_us, pgn_us, sink ? "" : " ");
}

struct Options {
    long pairs = 2000;
    int slots = 4;
    int plies = 100;
    std::string source = LMR_SOURCE_DIR;
    std::string engine = LMR_ENGINE;
    std::string keep;
};

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw std::invalid_argument(flag + " needs a value");
            return argv[++i];
        };
        if (flag == "--pairs")
            o.pairs = std::stol(value());
        else if (flag == "--slots")
            o.slots = std::stoi(value());
        else if (flag == "--plies")
            o.plies = std::stoi(value());
        else if (flag == "--source")
            o.source = value();
        else if (flag == "--engine")
            o.engine = value();
        else if (flag == "--keep")
            o.keep = value();
        else
            throw std::invalid_argument("unknown flag " + flag);
    }
    if (o.pairs < 1 || o.slots < 1 || o.plies < 1) throw std::invalid_argument("bad count");
    return o;
}

int coordinate(const Options& o) {
    namespace fs = std::filesystem;
    std::string dir = o.keep;
    if (dir.empty()) {
        char name[] = "/tmp/cluster_bench.XXXXXX";
        if (!::mkdtemp(name)) throw std::runtime_error("mkdtemp failed");
        dir = name;
    }
    fs::create_directories(dir);
    const std::string db = dir + "/bench.db";
    fs::remove(db);
    fs::remove(db + "-wal");
    fs::remove(db + "-shm");
    const std::vector<std::string> args = {
        "lmr-harness", "sprt", "--base", o.source + "/configs/none.json", "--test",
        o.source + "/configs/default.json", "--tc", "nodes=1000",
        // Normalized Elo ±2 at α = β = 0.001: the WW/LL/DD/WL pattern keeps the LLR near 0.
        "--elo0", "-2", "--elo1", "2", "--alpha", "0.001", "--beta", "0.001", "--max-pairs",
        std::to_string(o.pairs), "--concurrency", "1", "--seed", "7", "--book",
        o.source + "/openings/default.epd", "--engine-binary", o.engine, "--db", db};
    std::vector<const char*> argv;
    for (const auto& a : args) argv.push_back(a.c_str());
    std::ostringstream out, err;

    const double cpu_before = cpu_seconds();
    const std::int64_t thread_cpu_before = cpu_ns();
    const std::int64_t start = now_ns();
    meter().on = true;
    const int code = lmr::cli::run(static_cast<int>(argv.size()), argv.data(), out, err);
    meter().on = false;
    const std::int64_t end = now_ns();
    const double cpu = cpu_seconds() - cpu_before;
    const double thread_cpu_s = static_cast<double>(cpu_ns() - thread_cpu_before) / 1e9;
    close_window(end);

    const Meter& m = meter();
    const std::int64_t stored = stored_games(db);
    const std::int64_t planned = 2 * o.pairs;
    const double window_s = static_cast<double>(m.last_result - m.first_request) / 1e9;
    const double wall_s = static_cast<double>(end - start) / 1e9;
    const auto requests = summarize(m.requests);
    const auto results = summarize(m.results);
    double handled_s = 0;
    for (const auto* list : {&m.requests, &m.results, &m.other})
        for (const auto& h : *list) handled_s += static_cast<double>(h.ns) / 1e9;

    std::printf(
        "cluster_bench: %d ranks (rank 0 coordinating, %d fake worker ranks x %d slots), "
        "%d plies per game, database %s\n",
        lmr::cluster::ranks(), lmr::cluster::ranks() - 1, o.slots, o.plies, db.c_str());
    std::printf("sprt exit code %d; games planned %lld, stored %lld\n", code,
                static_cast<long long>(planned), static_cast<long long>(stored));
    std::printf("wall: command %.2f s; first request to last result %.2f s\n", wall_s, window_s);
    std::printf("games stored per second (first request to last result): %.1f\n",
                static_cast<double>(m.results.size()) / window_s);
    std::printf("rank 0 CPU (user+sys, whole command): %.2f s = %.1f us per game\n", cpu,
                cpu * 1e6 / static_cast<double>(std::max<std::size_t>(1, m.results.size())));
    std::printf("rank 0 time per message, from taking it to its next poll:\n");
    print("request (hand out a job)", requests);
    print("result (taking it: decode)", results);
    // The coordinator runs the sink on its one thread: the time that thread was not on a CPU
    // is time it waited (for a message, or for the machine), whatever it was doing.
    std::printf(
        "rank 0 time over the command: handling messages %.2f s, in MPI calls %.2f s, on a "
        "CPU %.2f s, off it %.2f s (%lld polls found nothing, %lld a message)\n",
        handled_s, static_cast<double>(m.mpi_ns) / 1e9, thread_cpu_s, wall_s - thread_cpu_s,
        static_cast<long long>(m.idle_polls), static_cast<long long>(m.busy_polls));
    std::printf(
        "SQLite on rank 0: %.2f s in all = %.1f us per game (%.0f%% of its thread's CPU); by "
        "statement:\n",
        static_cast<double>(m.sqlite_ns) / 1e9,
        static_cast<double>(m.sqlite_ns) / 1e3 /
            static_cast<double>(std::max<std::size_t>(1, m.results.size())),
        thread_cpu_s > 0 ? 100.0 * static_cast<double>(m.sqlite_ns) / 1e9 / thread_cpu_s : 0.0);
    std::vector<std::pair<std::string, SqlTotals>> sql(m.sql.begin(), m.sql.end());
    std::sort(sql.begin(), sql.end(),
              [](const auto& a, const auto& b) { return a.second.ns > b.second.ns; });
    for (const auto& [what, t] : sql)
        if (t.ns > 0.002 * static_cast<double>(m.sqlite_ns))
            std::printf("  %-34s %8lld calls %8.3f s  %7.2f us per call\n", what.c_str(),
                        static_cast<long long>(t.calls), static_cast<double>(t.ns) / 1e9,
                        static_cast<double>(t.ns) / 1e3 / static_cast<double>(t.calls));
    codec_figures(o.source, o.plies);
    if (code != 3 || stored != planned) {
        std::fprintf(stderr,
                     "FAIL: sprt exited %d (3 expected: undecided), stored %lld of %lld "
                     "games\n%s",
                     code, static_cast<long long>(stored), static_cast<long long>(planned),
                     err.str().c_str());
        return 1;
    }
    if (o.keep.empty()) fs::remove_all(dir);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    lmr::cluster::Membership membership(argc, argv);
    try {
        const Options options = parse(argc, argv);
        if (membership.is_worker()) return serve(options.slots, options.plies);
        if (!lmr::cluster::coordinates()) {
            std::fprintf(stderr, "cluster_bench: start it under mpirun with 2 ranks or more\n");
            return 2;
        }
        return coordinate(options);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "cluster_bench rank %d: %s\n", lmr::cluster::rank(), e.what());
        return 2;
    }
}
