// The staged picker returns every legal move exactly once, whatever TT move, killers and
// countermove it is given (including illegal and duplicate ones), TT move first.
#include "engine/search/movepick.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/search/history.hpp"

namespace lmr::search {
namespace {

struct Fixture {
    ButterflyHistory butterfly;
    CaptureHistory captures;
    std::unique_ptr<ContinuationHistory> cont = std::make_unique<ContinuationHistory>();
    OrderingTables tables() {
        OrderingTables t;
        t.butterfly = &butterfly;
        t.captures = &captures;
        t.cont[0] = t.cont[1] = t.cont[2] = cont->sentinel();
        return t;
    }
};

const char* kFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/2pb1ppp/2pp1q2/p7/1nP1B3/1P2P3/P2N1PPP/R2QK2R w KQkq a6 0 14",
    "4k3/8/8/8/8/8/8/4K2r w - - 0 1",  // in check: evasions
};

std::multiset<std::uint16_t> all_moves(const chess::Position& pos) {
    chess::MoveList list;
    chess::generate(pos, list);
    std::multiset<std::uint16_t> s;
    for (auto m : list) s.insert(m.raw());
    return s;
}

TEST(MovePicker, MainSearchYieldsEachLegalMoveOnce) {
    Fixture f;
    const OrderingTables tables = f.tables();
    for (const char* fen : kFens) {
        const auto pos = *chess::Position::from_fen(fen);
        chess::MoveList legal;
        chess::generate(pos, legal);
        // A legal TT move, a killer equal to it, an illegal killer and a capture as killer.
        const chess::Move tt = legal.count ? legal[legal.count / 2] : chess::Move::none();
        const chess::Move killers[4] = {tt, chess::Move(chess::kA1, chess::kH8),
                                        legal.count ? legal[0] : chess::Move::none(),
                                        chess::Move::from_raw(0xffff)};
        MovePicker picker(pos, tt, killers, chess::Move(chess::kB1, chess::kC3), tables);
        std::multiset<std::uint16_t> got;
        bool first = true;
        for (auto m = picker.next(); m != chess::Move::none(); m = picker.next()) {
            if (first && tt != chess::Move::none()) {
                EXPECT_EQ(m, tt) << fen;
            }
            first = false;
            got.insert(m.raw());
        }
        EXPECT_EQ(got, all_moves(pos)) << fen;
    }
}

TEST(MovePicker, QuiescenceYieldsCapturesAndQueenPromotions) {
    Fixture f;
    const OrderingTables tables = f.tables();
    // Kiwipete with a white pawn on b7 ready to promote by capture or by push.
    const auto pos = *chess::Position::from_fen(
        "r3k2r/pPppqpb1/bn2pnp1/3PN3/4P3/2N2Q1p/P1PBBPPP/R3K2R w KQkq - 0 1");
    ASSERT_FALSE(pos.in_check());
    MovePicker picker(pos, chess::Move::none(), tables);
    std::set<std::string> got;
    for (auto m = picker.next(); m != chess::Move::none(); m = picker.next()) {
        EXPECT_TRUE(pos.is_capture(m) || (m.is_promotion() && m.promotion() == chess::kQueen));
        got.insert(chess::to_uci(m));
    }
    chess::MoveList caps;
    chess::generate(pos, caps, chess::GenType::kCaptures);
    int expected = 0;
    for (auto m : caps) expected += !m.is_promotion() || m.promotion() == chess::kQueen;
    EXPECT_EQ(static_cast<int>(got.size()), expected);
}

TEST(MovePicker, GoodCapturesFirstLosingCapturesLast) {
    Fixture f;
    const OrderingTables tables = f.tables();
    const chess::Move none[4] = {};
    auto order_of = [&](const char* fen) {
        const auto pos = *chess::Position::from_fen(fen);
        MovePicker picker(pos, chess::Move::none(), none, chess::Move::none(), tables);
        std::vector<std::string> order;
        for (auto m = picker.next(); m != chess::Move::none(); m = picker.next()) {
            order.push_back(chess::to_uci(m));
        }
        return order;
    };
    // exd5 Qxd5 is an even trade (SEE 0): a good capture, searched first.
    const auto even = order_of("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
    ASSERT_FALSE(even.empty());
    EXPECT_EQ(even.front(), "e4d5");
    // Nxe5 Nxe5 loses a knight for a pawn (SEE -220): searched after every quiet move.
    const auto losing = order_of("r1b1kbnr/pppp1ppp/2n5/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
    ASSERT_FALSE(losing.empty());
    EXPECT_EQ(losing.back(), "f3e5");
}

TEST(RebelHistory, FollowsSeedRules) {
    RebelHistory h;
    const auto p = chess::kWhiteKnight;
    h.update(3, p, chess::kF3, 5, true);
    EXPECT_EQ(h.get(p, chess::kF3), 25);  // +depth^2
    h.update(3, p, chess::kF3, 5, false);
    EXPECT_EQ(h.get(p, chess::kF3), 20);  // -depth
    h.update(9, p, chess::kF3, 10, true);
    EXPECT_EQ(h.get(p, chess::kF3), 20);                                // only at ply <= 8
    for (int i = 0; i < 19; ++i) h.update(8, p, chess::kF3, 10, true);  // 20 + 1900 = 1920
    EXPECT_EQ(h.get(p, chess::kF3), 1920);
    h.update(0, p, chess::kF3, 10, true);  // 2020 >= 2000 -> halved
    EXPECT_EQ(h.get(p, chess::kF3), 1010);
    h.clear();
    EXPECT_EQ(h.get(p, chess::kF3), 0);
}

TEST(CorrectionHistory, AveragesTowardsTheSearchResultWithinItsCap) {
    CorrectionHistory h;
    const std::uint64_t key = 0x1234567890ABCDEFULL;
    EXPECT_EQ(h.correction(chess::kWhite, key), 0);
    // One depth-15 update moves the entry 16/256 of the way: 100 cp -> 6 cp.
    h.update(chess::kWhite, key, 100, 15);
    EXPECT_EQ(h.correction(chess::kWhite, key), 6);
    EXPECT_EQ(h.correction(chess::kBlack, key), 0) << "the side to move has its own entries";
    // A shallow update moves it less than a deep one.
    CorrectionHistory shallow;
    shallow.update(chess::kWhite, key, 100, 1);
    EXPECT_LT(shallow.correction(chess::kWhite, key), h.correction(chess::kWhite, key));
    // Repeated evidence converges to it, but never past the +-64 cp cap.
    for (int i = 0; i < 500; ++i) h.update(chess::kWhite, key, 40, 20);
    EXPECT_NEAR(h.correction(chess::kWhite, key), 40, 1);
    for (int i = 0; i < 500; ++i) h.update(chess::kWhite, key, -1000, 20);
    EXPECT_EQ(h.correction(chess::kWhite, key), -CorrectionHistory::kMaxCorrection);
    h.clear();
    EXPECT_EQ(h.correction(chess::kWhite, key), 0);
}

}  // namespace
}  // namespace lmr::search
