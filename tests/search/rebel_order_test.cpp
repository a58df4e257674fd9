// REBEL's ordering (search.rebel_ordering): the per-node shortcuts give the answers of the
// plain per-move functions, and RebelMoveList hands out the moves in the order and with the
// scores that rebel_move_score gives each move on its own, the TT move first, also when the
// history changes while it is searched.
#include "engine/search/rebel_order.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/eval/eval.hpp"
#include "engine/lmr/features.hpp"

namespace lmr::search {
namespace {

using chess::Move;
using chess::Position;

// Openings, middlegames, endgames, promotions, castling, en passant (one that opens a rook's
// line to the capturing pawn), pins, and sliders behind a piece that moves along their line.
const char* kFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r3k2r/2pb1ppp/2pp1q2/p7/1nP1B3/1P2P3/P2N1PPP/R2QK2R w KQkq a6 0 14",
    "4rrk1/2p1b1p1/p1p3q1/4p3/2P2n1p/1P1NR2P/PB3PP1/3R1QK1 b - - 2 24",
    "r3qbrk/6p1/2b2pPp/p3pP1Q/PpPpP2P/3P1B2/2PB3K/R5R1 w - - 16 42",
    "6k1/1R3p2/6p1/2Bp3p/3P2q1/P7/1P2rQ1K/5R2 b - - 4 44",
    "r1bq1rk1/pp2b1pp/n1pp1n2/3P1p2/2P1p3/2N1P2N/PP2BPPP/R1BQ1RK1 b - - 2 10",
    "r3kbbr/pp1n1p1P/3ppnp1/q5N1/1P1pP3/P1N1B3/2P1QP2/R3KB1R b KQq b3 0 17",
    "5rr1/4n2k/4q2P/P1P2n2/3B1p2/4pP2/2N1P3/1RR1K2Q w - - 1 49",
    "r1bqr1k1/pp1p1ppp/2p5/8/3N1Q2/P2BB3/1PP2PPP/R3K2n b Q - 1 12",
    "4k3/8/8/3pP3/8/8/7K/3r4 w - d6 0 1",      // exd6 e.p. opens the rook's d-file to d6
    "4r1k1/8/8/8/4R3/8/8/4K3 w - - 0 1",       // Re4-e3 leaves the black rook's line open
    "4k3/8/8/8/1b6/8/3N4/2R1K3 w - - 0 1",     // the knight on d2 is pinned
    "6k1/5pp1/8/8/8/8/1q3PPP/R5K1 w - - 0 1",  // back rank, queen on b2
    "8/P6k/8/8/8/8/6Kp/8 w - - 0 1",           // promotions both sides
    "4k3/8/4n3/8/8/8/1B6/K3R3 w - - 0 1",      // Bb2-d4: the knight that attacks d4 is pinned
    "4k3/8/4b3/R7/8/8/8/K3R3 w - - 0 1",       // Ra5-d5: the bishop that attacks d5 is pinned
};

// Every position reached within `plies` legal moves of each FEN.
std::vector<Position> positions(int plies) {
    std::vector<Position> out;
    std::vector<Position> frontier;
    for (const char* fen : kFens) {
        const auto pos = Position::from_fen(fen);
        EXPECT_TRUE(pos.has_value()) << fen;
        if (pos) frontier.push_back(*pos);
    }
    for (int ply = 0;; ++ply) {
        out.insert(out.end(), frontier.begin(), frontier.end());
        if (ply == plies) break;
        std::vector<Position> next;
        for (const Position& p : frontier) {
            chess::MoveList list;
            chess::generate(p, list);
            for (Move m : list) {
                Position child = p;
                child.make_move(m);
                next.push_back(child);
            }
        }
        frontier.swap(next);
    }
    return out;
}

TEST(RebelNodeFacts, SameAnswersAsSeeGeAndIsThreatened) {
    const std::vector<Position> all = positions(2);
    ASSERT_GT(all.size(), 15000u);
    long moves = 0, shortcut_true = 0, threatened = 0;
    for (const Position& pos : all) {
        RebelNodeFacts facts(pos);
        EXPECT_EQ(facts.phase(), eval::game_phase(pos));
        chess::MoveList list;
        chess::generate(pos, list);
        for (Move m : list) {
            ++moves;
            const bool expected = pos.see_ge(m, 0);
            ASSERT_EQ(facts.see_ge0(m), expected) << pos.fen() << ' ' << chess::to_uci(m);
            shortcut_true += expected;
            const bool t = reduction::is_threatened(pos, m.from());
            ASSERT_EQ(facts.threatened(m.from()), t) << pos.fen() << ' ' << chess::to_uci(m);
            threatened += t;
        }
        // The memo answers again the same.
        for (Move m : list)
            ASSERT_EQ(facts.threatened(m.from()), reduction::is_threatened(pos, m.from()));
    }
    // The positions exercise both answers of both questions.
    EXPECT_GT(shortcut_true, 0);
    EXPECT_LT(shortcut_true, moves);
    EXPECT_GT(threatened, 0);
}

// A small deterministic generator for history values and table choices.
std::uint32_t next_random(std::uint32_t& state) {
    state = state * 1664525u + 1013904223u;
    return state >> 8;
}

struct Expected {
    std::uint16_t raw;
    int score;
};

// The order the list must give: rebel_move_score of every move on its own, winning captures
// ranked by SEE (ties in generation order), sorted best first, ties in generation order.
std::vector<Expected> reference_order(const Position& pos, const RebelOrderingTables& tables) {
    chess::MoveList list;
    chess::generate(pos, list);
    std::vector<Expected> out;
    for (int i = 0; i < list.size(); ++i) {
        const Move m = list[i];
        const int see = pos.is_capture(m) ? pos.see(m) : 0;
        int rank = 0;
        if (see > 0) {
            for (int j = 0; j < list.size(); ++j) {
                const int other = pos.is_capture(list[j]) ? pos.see(list[j]) : 0;
                rank += other > see || (other == see && j < i);
            }
        }
        out.push_back({m.raw(), rebel_move_score(pos, m, tables, rank)});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Expected& a, const Expected& b) { return a.score > b.score; });
    return out;
}

void fill_history(RebelHistory& h, std::uint32_t& state) {
    h.clear();
    for (int n = 0; n < 400; ++n) {
        const auto p = chess::Piece(next_random(state) % 12);
        const auto sq = chess::Square(next_random(state) % 64);
        h.update(0, p, sq, 1 + next_random(state) % 20, next_random(state) % 3 != 0);
    }
}

// The list hands out a legal TT move before it generates anything and scores the rest later.
// history_unchanged: the caller promises the history stays as it is (a node beyond
// RebelHistory's plies), so the list may read the table itself rather than a copy.
void expect_rebel_order(bool history_unchanged) {
    const std::vector<Position> all = positions(2);
    std::uint32_t state = 12345;
    RebelHistory history;
    int with_tt = 0;
    for (const Position& pos : all) {
        fill_history(history, state);
        chess::MoveList list;
        chess::generate(pos, list);
        auto pick = [&]() {
            // A legal move most of the time, sometimes none or a move of no piece here.
            const std::uint32_t r = next_random(state) % (list.size() + 2);
            if (r == 0) return Move::none();
            if (r == 1) return Move(chess::kA1, chess::kH8);
            return list[r - 2];
        };
        const Move killers[4] = {pick(), pick(), pick(), pick()};
        RebelOrderingTables tables{pick(), killers, pick(), &history};
        const std::vector<Expected> expected = reference_order(pos, tables);

        RebelMoveList rebel;
        rebel.start(pos, tables, history_unchanged);
        std::vector<Expected> got;
        for (Move m = rebel.next(); m != Move::none(); m = rebel.next()) {
            got.push_back({m.raw(), rebel.last_score()});
            if (got.size() == 1) {
                if (m == tables.tt_move) ++with_tt;
                // The search of the first move changes the history (the order must not
                // notice) unless the caller said it would not, and it reuses the scratch list.
                if (!history_unchanged) fill_history(history, state);
                chess::generate(all.front(), chess::scratch_move_list());
            }
        }
        ASSERT_EQ(got.size(), expected.size()) << pos.fen();
        for (std::size_t i = 0; i < got.size(); ++i) {
            EXPECT_EQ(chess::to_uci(Move::from_raw(got[i].raw)),
                      chess::to_uci(Move::from_raw(expected[i].raw)))
                << pos.fen() << " move " << i;
            EXPECT_EQ(got[i].score, expected[i].score) << pos.fen() << " move " << i;
        }
    }
    EXPECT_GT(with_tt, 100);
}

TEST(RebelMoveList, SameOrderAndScoresAsRebelMoveScoreWhileTheHistoryChanges) {
    expect_rebel_order(false);
}

TEST(RebelMoveList, SameOrderAndScoresAsRebelMoveScoreWhereTheHistoryStays) {
    expect_rebel_order(true);
}

}  // namespace
}  // namespace lmr::search
