// The service's data as text for another process (harness/games/wire.hpp): every field of a
// game, a job and the engine settings survives the trip, and a message that lacks a field or
// carries a value this build does not know is refused by name.

#include "harness/games/wire.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "engine/lmr/stats.hpp"
#include "tests/support/text.hpp"

namespace lmr::games {
namespace {

using core::Score;
using test::contains;

core::GameRecord full_game() {
    core::GameRecord g;
    g.white = "lmr-engine default";
    g.black = "glaurung";
    g.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    g.opening_moves = {"e2e4", "e7e5"};
    g.opening_fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    core::MoveRecord cp;
    cp.ply = 1;
    cp.uci = "g1f3";
    cp.san = "Nf3";
    cp.score = Score::cp(-35);
    cp.score->bound = Score::Bound::kLower;
    cp.depth = 12;
    cp.seldepth = 19;
    cp.nodes = 123456789012ULL;  // beyond 32 bits
    cp.nps = 2'000'000;
    cp.time_ms = 250;
    cp.clock_left_ms = 9'870;
    cp.hashfull = 412;
    cp.tbhits = 5'000'000'000ULL;  // beyond 32 bits
    cp.engine_time_ms = 248;
    cp.pv = {"g1f3", "b8c6", "f1b5"};
    cp.kept_lines = {"info depth 12 string any text\tat all", ""};
    core::MoveRecord mate;
    mate.ply = 2;
    mate.uci = "b8c6";
    mate.san = "Nc6";
    mate.score = Score::mate(-3);
    mate.time_ms = 7;
    core::MoveRecord silent;  // an engine that said nothing: no score, no clock
    silent.ply = 3;
    silent.uci = "f1b5";
    silent.san = "Bb5";
    g.moves = {cp, mate, silent};
    const auto report =
        reduction::parse_report_line("lmrstats late=12 searches=5 researches=2 plies=1:4,2:1");
    EXPECT_TRUE(report.has_value());
    g.lmr_stats[chess::kWhite] = core::LmrGameStats{2, *report};
    g.pv_checks[chess::kBlack].searches = 2;
    g.pv_checks[chess::kBlack].pvs = 9;
    g.pv_checks[chess::kBlack].counts[0] = 1;
    g.pv_checks[chess::kBlack].first[0] = "Warning; Illegal PV move - move 1 from glaurung";
    g.final_fen = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
    g.result = core::GameResult::kBlackWins;
    g.termination = core::Termination::kCrash;
    g.reason = "White's engine crashed (exited with code 3)";
    g.white_time_control = "10+0.1";  // time odds: each side's, no shared TimeControl
    g.black_time_control = "20+0.2";
    g.started = std::chrono::system_clock::time_point(
        std::chrono::nanoseconds(1'764'120'000'123'456'789LL));
    g.finished = g.started + std::chrono::milliseconds(4321);
    return g;
}

TEST(Wire, AGameArrivesWithEveryField) {
    const core::GameRecord sent = full_game();
    const core::GameRecord got = decode_game_record(encode(sent));
    EXPECT_EQ(got.white, sent.white);
    EXPECT_EQ(got.black, sent.black);
    EXPECT_EQ(got.start_fen, sent.start_fen);
    EXPECT_EQ(got.opening_moves, sent.opening_moves);
    EXPECT_EQ(got.opening_fen, sent.opening_fen);
    ASSERT_EQ(got.moves.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        const auto &a = got.moves[i], &b = sent.moves[i];
        EXPECT_EQ(a.ply, b.ply);
        EXPECT_EQ(a.uci, b.uci);
        EXPECT_EQ(a.san, b.san);
        EXPECT_EQ(a.score, b.score) << i;
        EXPECT_EQ(a.depth, b.depth);
        EXPECT_EQ(a.seldepth, b.seldepth);
        EXPECT_EQ(a.nodes, b.nodes);
        EXPECT_EQ(a.nps, b.nps);
        EXPECT_EQ(a.time_ms, b.time_ms);
        EXPECT_EQ(a.clock_left_ms, b.clock_left_ms);
        EXPECT_EQ(a.hashfull, b.hashfull);
        EXPECT_EQ(a.tbhits, b.tbhits);
        EXPECT_EQ(a.engine_time_ms, b.engine_time_ms);
        EXPECT_EQ(a.pv, b.pv);
        EXPECT_EQ(a.kept_lines, b.kept_lines);
    }
    EXPECT_EQ(got.moves[0].score->bound, Score::Bound::kLower);
    EXPECT_FALSE(got.moves[2].score.has_value());
    ASSERT_TRUE(got.lmr_stats[chess::kWhite].has_value());
    EXPECT_FALSE(got.lmr_stats[chess::kBlack].has_value());
    EXPECT_EQ(got.lmr_stats[chess::kWhite]->reports, 2);
    EXPECT_EQ(reduction::format_report_line(got.lmr_stats[chess::kWhite]->total),
              "lmrstats late=12 searches=5 researches=2 plies=1:4,2:1");
    EXPECT_EQ(got.pv_checks[chess::kBlack].searches, 2);
    EXPECT_EQ(got.pv_checks[chess::kBlack].pvs, 9);
    EXPECT_EQ(got.pv_checks[chess::kBlack].counts, sent.pv_checks[chess::kBlack].counts);
    EXPECT_EQ(got.pv_checks[chess::kBlack].first, sent.pv_checks[chess::kBlack].first);
    EXPECT_EQ(got.pv_checks[chess::kWhite].searches, 0);
    EXPECT_EQ(got.final_fen, sent.final_fen);
    EXPECT_EQ(got.result, core::GameResult::kBlackWins);
    EXPECT_EQ(got.termination, core::Termination::kCrash);
    EXPECT_EQ(got.reason, sent.reason);
    EXPECT_EQ(got.time_control, "");
    EXPECT_EQ(got.white_time_control, "10+0.1");
    EXPECT_EQ(got.black_time_control, "20+0.2");
    EXPECT_EQ(got.started, sent.started);  // to the clock's tick
    EXPECT_EQ(got.finished, sent.finished);
}

TEST(Wire, ACancelledGameKeepsItsMissingResult) {
    core::GameRecord cancelled = full_game();
    cancelled.result.reset();
    cancelled.termination = core::Termination::kUnterminated;
    const auto got = decode_game_record(encode(cancelled));
    EXPECT_FALSE(got.result.has_value());
    EXPECT_FALSE(got.finished_normally());
    EXPECT_EQ(got.termination, core::Termination::kUnterminated);
}

TEST(Wire, AJobArrivesWhole) {
    GameJob job;
    job.id = (std::int64_t{1} << 40) + 3;
    job.white = 2;
    job.black = 0;
    job.opening.fen = "8/8/8/8/8/8/k7/K7 w - - 0 1";
    job.opening.moves = {"a1b1"};
    const GameJob got = decode_game_job(encode(job));
    EXPECT_EQ(got.id, job.id);
    EXPECT_EQ(got.white, 2);
    EXPECT_EQ(got.black, 0);
    EXPECT_EQ(got.opening.fen, job.opening.fen);
    EXPECT_EQ(got.opening.moves, job.opening.moves);
}

TEST(Wire, EngineSettingsArriveWithoutTheLocalCallbacks) {
    EngineSettings s;
    uci_client::EngineSpec spec;
    spec.name = "base";
    spec.argv = {"/opt/lmr-engine", "--config", "/tmp/a b.json"};
    spec.options = {{"Hash", "16"}, {"Clear Hash", ""}};
    spec.options_if_offered = {{"LmrStats", "true"}};
    spec.working_dir = "/srv/engines";
    spec.strict_options = false;
    spec.discard_stderr = true;
    s.engines = {spec, spec};
    s.engines[1].name = "test";
    s.timeouts.handshake = std::chrono::milliseconds(1234);
    s.timeouts.ready = std::chrono::milliseconds(567);
    s.timeouts.quit_grace = std::chrono::milliseconds(89);
    s.game.time_control = match::parse_time_control("tc=10+0.1 nodes=5000");
    s.game.time_margin = std::chrono::milliseconds(250);
    s.game.adjudication.draw = {true, 34, 8, 20};
    s.game.adjudication.resign = {true, 3, 600, true};
    s.game.adjudication.max_moves = 200;
    s.game.stall_timeout = std::chrono::milliseconds(4000);
    s.own_limits[1] = {match::parse_time_control("tc=20+0.2"), std::chrono::milliseconds(75)};
    s.restart_after_game = true;
    s.protocol_log = [](const std::string&, bool, std::string_view) {};

    const EngineSettings got = decode_engine_settings(encode(s));
    ASSERT_EQ(got.engines.size(), 2u);
    EXPECT_EQ(got.engines[1].name, "test");
    EXPECT_EQ(got.engines[0].argv, spec.argv);
    EXPECT_EQ(got.engines[0].options, spec.options);
    EXPECT_EQ(got.engines[0].options_if_offered, spec.options_if_offered);
    EXPECT_EQ(got.engines[0].working_dir, spec.working_dir);
    EXPECT_FALSE(got.engines[0].strict_options);
    EXPECT_TRUE(got.engines[0].discard_stderr);
    EXPECT_EQ(got.timeouts.handshake.count(), 1234);
    EXPECT_EQ(got.timeouts.ready.count(), 567);
    EXPECT_EQ(got.timeouts.quit_grace.count(), 89);
    EXPECT_EQ(got.game.time_control, s.game.time_control);
    EXPECT_EQ(got.game.time_margin.count(), 250);
    ASSERT_EQ(got.own_limits.size(), 1u);
    EXPECT_EQ(got.own_limits.at(1), s.own_limits.at(1));
    EXPECT_EQ(got.game.adjudication.draw.move_number, 34);
    EXPECT_EQ(got.game.adjudication.draw.score_cp, 20);
    EXPECT_TRUE(got.game.adjudication.resign.two_sided);
    EXPECT_EQ(got.game.adjudication.max_moves, 200);
    EXPECT_EQ(got.game.stall_timeout.count(), 4000);
    EXPECT_TRUE(got.restart_after_game);
    EXPECT_FALSE(got.protocol_log) << "a log callback is local to its process";
}

// Expects `decode(text)` to throw a WireError whose message holds every needle.
template <typename Decode>
void expect_refused(Decode decode, const std::string& text,
                    const std::vector<std::string>& needles) {
    try {
        (void)decode(text);
        ADD_FAILURE() << "accepted: " << text.substr(0, 120);
    } catch (const WireError& e) {
        for (const auto& needle : needles) EXPECT_TRUE(contains(e.what(), needle)) << e.what();
    }
}

// `text` with the first `from` after `after` replaced by `to` (same length or not).
std::string replaced(std::string text, const std::string& after, const std::string& from,
                     const std::string& to) {
    const auto at = text.find(from, text.find(after));
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
}

TEST(Wire, AGameIsAFewBytesAMove) {
    core::GameRecord game = full_game();
    const std::size_t three = encode(game).size();
    for (int i = 0; i < 100; ++i) game.moves.push_back(game.moves[1]);
    // A move with a score and no PV: ply, 2 texts, score, figures; JSON took ~200 bytes.
    EXPECT_LT((encode(game).size() - three) / 100, 40u);
}

TEST(Wire, ACorruptGameIsRefusedNamingWhatIsWrong) {
    const std::string game = encode(full_game());
    // Enums and words this build does not know.
    expect_refused(decode_game_record,
                   replaced(game, "Nc6",
                            "\x05"
                            "crash",
                            "\x07"
                            "crashed"),
                   {"termination", "'crashed'"});
    expect_refused(decode_game_record,
                   replaced(game, "Nc6",
                            "\x03"
                            "0-1",
                            "\x03"
                            "1-1"),
                   {"result", "'1-1'"});
    // Move 1's score kind follows its SAN: 1 (centipawns) made 7.
    expect_refused(decode_game_record, replaced(game, "", "\x03Nf3\x01", "\x03Nf3\x07"),
                   {"move 1: score: 7 is none of the 3"});
    // Move 2's bound (exact: 0) follows its kind (mate: 2).
    expect_refused(decode_game_record,
                   replaced(game, "", std::string("\x03Nc6\x02\x00", 6), "\x03Nc6\x02\x05"),
                   {"move 2: score bound: 5"});
    // A text longer than what is left, a list longer than the message.
    expect_refused(decode_game_record, replaced(game, "", "\x04g1f3", "\xff\x7fg1f3"),
                   {"move 1: uci: 16383 bytes announced", "truncated"});
    expect_refused(decode_game_record,
                   replaced(game, "",
                            "\x02\x04"
                            "e2e4",
                            "\xff\x7f\x04"
                            "e2e4"),
                   {"opening_moves: 16383 items announced"});
    expect_refused(decode_game_record, game + "x", {"1 bytes after the last field"});
    expect_refused(decode_game_record, R"({"white":"a"})", {"game record: not one"});
    expect_refused(decode_game_record, replaced(game, "", "lmrstats", "lmrstaXs"),
                   {"LMR statistics line", "does not parse"});
}

TEST(Wire, EveryTruncationOfAGameIsRefused) {
    const std::string game = encode(full_game());
    for (std::size_t size = 0; size < game.size(); ++size)
        expect_refused(decode_game_record, game.substr(0, size), {"game record: "});
    // Past the leading mark, each names the field it ended in.
    expect_refused(decode_game_record, game.substr(0, game.find("Nf3") + 1),
                   {"move 1: san: 3 bytes announced, 1 left (truncated)"});
    expect_refused(decode_game_record, game.substr(0, game.size() - 1),
                   {"finished: the message ends inside it (truncated)"});
}

TEST(Wire, AJobOrSettingsThisBuildCannotReadAreRefusedByName) {
    GameJob job;
    job.id = 7;
    job.white = 1;
    job.opening.fen = "8/8/8/8/8/8/k7/K7 w - - 0 1";
    job.opening.moves = {"a1b1", "a2a3"};
    const std::string encoded = encode(job);
    for (std::size_t size = 0; size < encoded.size(); ++size)
        expect_refused(decode_game_job, encoded.substr(0, size), {"game job: "});
    expect_refused(decode_game_job, encoded.substr(0, encoded.size() - 1),
                   {"game job: moves: 4 bytes announced, 3 left (truncated)"});
    expect_refused(decode_game_job, encoded + "x", {"game job: its end: 1 bytes after"});
    expect_refused(decode_game_job, encode(full_game()), {"game job: not one"});
    expect_refused(decode_game_record, encoded, {"game record: not one"});
    expect_refused(decode_engine_settings, std::string(R"({"engines":[]})"), {"timeouts"});
}

}  // namespace
}  // namespace lmr::games
