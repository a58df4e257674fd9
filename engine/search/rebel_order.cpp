#include "engine/search/rebel_order.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <utility>

#include "engine/eval/eval.hpp"
#include "engine/lmr/features.hpp"

namespace lmr::search {

using chess::Move;

namespace {

// The inputs of m's score that are read off the move and the position at no cost: which slot
// names it, what it moves, captures or promotes to.
reduction::RebelOrderingInput plain_inputs(const chess::Position& pos, Move m, const Move* killers,
                                           Move mate_killer) {
    const bool capture = pos.is_capture(m);
    const bool promotion = m.is_promotion();
    reduction::RebelOrderingInput in;
    in.is_mate_killer = m == mate_killer && m != Move::none();
    in.killer = m == killers[0]   ? reduction::KillerSlot::kKiller1
                : m == killers[1] ? reduction::KillerSlot::kKiller2
                : m == killers[2] ? reduction::KillerSlot::kKiller1TwoPliesBack
                : m == killers[3] ? reduction::KillerSlot::kKiller2TwoPliesBack
                                  : reduction::KillerSlot::kNone;
    in.is_capture = capture;
    in.mover = chess::type_of(pos.moved_piece(m));
    in.captured = capture ? chess::type_of(pos.captured_piece(m)) : chess::kNoPieceType;
    in.is_queen_promotion = promotion && m.promotion() == chess::kQueen;
    in.is_minor_promotion = promotion && m.promotion() != chess::kQueen;
    in.is_castling = m.is_castling();
    in.is_short_castling = in.is_castling && chess::file_of(m.to()) == 6;
    return in;
}

}  // namespace

int rebel_move_score(const chess::Position& pos, Move m, const RebelOrderingTables& tables,
                     int winning_rank) {
    const chess::Piece moved = pos.moved_piece(m);
    reduction::RebelOrderingInput in = plain_inputs(pos, m, tables.killers, tables.mate_killer);
    in.is_tt_move = m == tables.tt_move;
    in.see = in.is_capture ? pos.see(m) : 0;
    in.winning_capture_rank = winning_rank;
    const int phase = eval::game_phase(pos);
    in.pst_delta = eval::pst_gain(moved, m.from(), m.to(), phase);
    in.rebel_history = tables.history->get(moved, m.to());
    in.piece_under_attack = reduction::is_threatened(pos, m.from());
    in.to_square_unsafe = !pos.see_ge(m, 0);
    return reduction::rebel_ordering_score(in);
}

void RebelNodeFacts::reset(const chess::Position& pos) {
    using namespace chess;
    pos_ = &pos;
    threat_known_ = threatened_ = 0;
    const Color them = ~pos.side_to_move();
    const Bitboard occ = pos.occupied();
    const Bitboard pinned = pos.blockers_for_king(them);
    // What the enemy's pieces of one kind attack (queens as bishops and as rooks) joins
    // `seen`; what its unpinned pieces of that type, queens left out, attack makes its map.
    Bitboard seen = 0;
    const Piece queen = make_piece(them, kQueen);
    auto scan = [&](PieceType pt, Bitboard movers, auto attacks_from) {
        Bitboard free = 0;
        for (Bitboard b = movers; b;) {
            const Square sq = pop_lsb(b);
            const Bitboard a = attacks_from(sq);
            seen |= a;
            if (pos.piece_on(sq) != queen && !(pinned & square_bb(sq))) free |= a;
        }
        free_attacks_[pt] = free;
    };
    scan(kBishop, pos.pieces(them, kBishop) | pos.pieces(them, kQueen),
         [&](Square sq) { return bishop_attacks(sq, occ); });
    scan(kRook, pos.pieces(them, kRook) | pos.pieces(them, kQueen),
         [&](Square sq) { return rook_attacks(sq, occ); });
    slider_seen_ = seen;
    scan(kKnight, pos.pieces(them, kKnight), knight_attacks);
    const Bitboard pawns = pos.pieces(them, kPawn);
    enemy_attacks_ = seen | pawn_attacks_bb(them, pawns) | king_attacks(pos.king_square(them));
    free_attacks_[kPawn] = pawn_attacks_bb(them, pawns & ~pinned);
    phase_ = eval::game_phase(pos);
}

bool RebelNodeFacts::see_ge0_worked_out(Move m) const {
    using namespace chess;
    const Position& pos = *pos_;
    if (m.is_castling()) return true;  // see_ge counts castling as 0
    // En passant also empties the captured pawn's square: the full SEE.
    if (m.is_en_passant()) return pos.see_ge(m, 0);
    const Square from = m.from(), to = m.to();
    const Color them = ~pos.side_to_move();
    if (!(enemy_attacks_ & square_bb(to))) {
        // see_ge(m, 0) is true when no enemy piece attacks the destination once the mover has
        // left: every balance it weighs before a recapture is >= 0. Only a slider that now
        // stops on the from-square can reach it then, through that square.
        if (!(slider_seen_ & square_bb(from))) return true;
        const Bitboard occ = pos.occupied() ^ square_bb(from);
        const Bitboard reach =
            (bishop_attacks(to, occ) & (pos.pieces(them, kBishop) | pos.pieces(them, kQueen))) |
            (rook_attacks(to, occ) & (pos.pieces(them, kRook) | pos.pieces(them, kQueen)));
        if (!reach) return true;
    } else if (!pos.is_capture(m)) {
        // A quiet move to a square that an enemy piece worth less than the mover attacks
        // once the mover has left: see_ge's first recapture takes it with the least valuable
        // attacker and the balance drops below 0. Only such a piece that blocks a line to its
        // own king may be left out by see_ge (as pinned); those go to the full SEE. The
        // node's maps hold what each unpinned type attacks now; a slider whose line runs
        // through the from-square reaches further once the mover has left, so then the
        // attackers are taken without the mover.
        const int value = piece_value(type_of(pos.moved_piece(m)));
        auto cheaper = [&](auto of_type) {
            Bitboard b = 0;
            for (PieceType pt : {kPawn, kKnight, kBishop, kRook})
                if (value > piece_value(pt)) b |= of_type(pt);
            return b;
        };
        const bool line_through_from = (slider_seen_ & square_bb(from)) != 0;
        if (!line_through_from &&
            (cheaper([&](PieceType pt) { return free_attacks_[pt]; }) & square_bb(to)))
            return false;
        const Color us = pos.side_to_move();
        const Bitboard occ = pos.occupied() ^ square_bb(from);
        const Bitboard attackers = pos.attackers_to(to, occ) & occ;
        const Bitboard theirs = attackers & pos.pieces(them), ours = attackers & pos.pieces(us);
        if (line_through_from && (theirs & cheaper([&](PieceType pt) { return pos.pieces(pt); }) &
                                  ~pos.blockers_for_king(them)))
            return false;
        // Without a cheaper attacker the exchange turns on who else takes part. Two common
        // cases need no SEE, as long as no slider joins from behind a piece that takes part:
        // nobody of ours defends the square (the mover is lost to an unpinned attacker), or
        // one unpinned enemy piece attacks it and an unpinned piece of ours takes back.
        const Bitboard behind = occ ^ attackers;
        const Bitboard joiners = ((bishop_attacks(to, behind) & pos.pieces(kBishop, kQueen)) |
                                  (rook_attacks(to, behind) & pos.pieces(kRook, kQueen))) &
                                 behind;
        if (!ours && !(joiners & pos.pieces(us)) && (theirs & ~pos.blockers_for_king(them)))
            return false;
        if (ours && !more_than_one(theirs) && !(theirs & pos.blockers_for_king(them)) &&
            !(joiners & pos.pieces(them)) && (ours & ~pos.blockers_for_king(us)))
            return true;
    }
    return pos.see_ge(m, 0);
}

bool RebelNodeFacts::threatened(chess::Square sq) {
    const chess::Bitboard b = chess::square_bb(sq);
    if (!(enemy_attacks_ & b)) return false;  // not attacked: is_threatened's first answer
    if (!(threat_known_ & b)) {
        threat_known_ |= b;
        if (reduction::is_threatened(*pos_, sq)) threatened_ |= b;
    }
    return (threatened_ & b) != 0;
}

void RebelMoveList::start(const chess::Position& pos, const RebelOrderingTables& tables,
                          bool history_unchanged) {
    pos_ = &pos;
    // The scores read the history as it is now: a copy of its terms where searching this
    // node's moves may change it.
    if (history_unchanged) {
        history_terms_ = tables.history->ordering_terms();
    } else {
        std::memcpy(history_snapshot_, tables.history->ordering_terms(), sizeof(history_snapshot_));
        history_terms_ = history_snapshot_;
    }
    tt_move_ = tables.tt_move;
    for (int i = 0; i < 4; ++i) killers_[i] = tables.killers[i];
    mate_killer_ = tables.mate_killer;
    cur_ = 0;
    if (tt_move_ != Move::none() && pos.is_legal(tt_move_)) {
        generated_ = false;
        stage_ = Stage::kTtMove;
        return;
    }
    generate_specials();
    stage_ = Stage::kScoreSpecial;
}

void RebelMoveList::generate_specials() {
    const chess::Position& pos = *pos_;
    generated_ = true;
    // Only the moves that some rule above the quiet part may score: captures and promotions
    // (generated by kind, in the order a generation of all moves gives them), then the slot
    // moves and castling where legal. The plain quiet moves are generated when asked for.
    chess::MoveList& list = chess::scratch_move_list();
    chess::generate(pos, list, chess::GenType::kCaptures);
    tt_index_ = -1;
    int n = 0;
    for (const Move m : list) {
        if (m == tt_move_) tt_index_ = n;  // ranked among the winning captures, handed out first
        raw_[n++] = m.raw();
    }
    const int captures = n;
    auto add_quiet = [&](Move m) {
        if (m == Move::none() || m == tt_move_ || pos.is_capture(m) || m.is_promotion()) return;
        for (int i = captures; i < n; ++i)
            if (raw_[i] == m.raw()) return;  // a killer of both plies
        if (pos.is_legal(m)) raw_[n++] = m.raw();
    };
    for (const Move slot : {mate_killer_, killers_[0], killers_[1], killers_[2], killers_[3]})
        add_quiet(slot);
    // A right to castle implies the king on its home square, so both destinations exist.
    const chess::Color us = pos.side_to_move();
    if (pos.can_castle(us == chess::kWhite ? chess::kWhiteOO | chess::kWhiteOOO
                                           : chess::kBlackOO | chess::kBlackOOO)) {
        const chess::Square king = pos.king_square(us);
        add_quiet(Move::make(king, king + 2, Move::kCastling));
        add_quiet(Move::make(king, king - 2, Move::kCastling));
    }
    int k = 0;
    for (int i = 0; i < n; ++i)
        if (i != tt_index_) keys_[k++] = 255 - i;
    count_ = special_end_ = k;
    facts_ready_ = false;
}

int RebelMoveList::score(Move m, int see, int rank) {
    const chess::Position& pos = *pos_;
    const chess::Piece moved = pos.moved_piece(m);
    reduction::RebelOrderingInput in = plain_inputs(pos, m, killers_, mate_killer_);
    in.is_tt_move = false;  // handed out unscored
    in.see = see;
    in.winning_capture_rank = rank;
    // The inputs that cost something are worked out only where the score reads them.
    const bool quiet_part = reduction::rebel_ordering_reads_quiet_part(in);
    const bool safety = reduction::rebel_ordering_reads_safety(in);
    if ((quiet_part || safety) && !facts_ready_) {
        facts_.reset(pos);
        facts_ready_ = true;
    }
    if (quiet_part) {
        // A losing capture or a non-capture that no killer or mate killer slot names: only
        // captures get here (the others are plain quiet moves), which read no history.
        const int phase = facts_.phase();
        in.pst_delta = eval::pst_gain(moved, m.from(), m.to(), phase);
        in.piece_under_attack = facts_.threatened(m.from());
    }
    // A capture's SEE is known here: see_ge(m, 0) is see >= 0.
    if (safety) in.to_square_unsafe = in.is_capture ? see < 0 : !facts_.see_ge0(m);
    return reduction::rebel_ordering_score(in);
}

void RebelMoveList::score_special() {
    const chess::Position& pos = *pos_;
    // Winning captures are ranked by their SEE, best first, the TT move among them; `see` is
    // indexed by generation order, as are the ties of the rank.
    int see[chess::kMaxMoves];
    int winners[chess::kMaxMoves];
    int winner_count = 0;
    auto take_see = [&](int index) {
        const Move m = Move::from_raw(raw_[index]);
        if (!pos.is_capture(m)) return;
        see[index] = pos.see(m);
        if (see[index] > 0) winners[winner_count++] = index;
    };
    if (tt_index_ >= 0) take_see(tt_index_);
    for (int k = 0; k < special_end_; ++k) take_see(255 - keys_[k]);
    for (int k = 0; k < special_end_; ++k) {
        const int index = 255 - keys_[k];
        const Move m = Move::from_raw(raw_[index]);
        const int s = pos.is_capture(m) ? see[index] : 0;
        int rank = 0;
        if (s > 0)
            for (int w = 0; w < winner_count; ++w) {
                const int j = winners[w];
                rank += see[j] > s || (see[j] == s && j < index);
            }
        keys_[k] += score(m, s, rank) * 256;
    }
}

void RebelMoveList::score_quiet() {
    const chess::Position& pos = *pos_;
    // The specials by move: a score for those still to hand out, -1 for those handed out.
    std::uint16_t special_raw[chess::kMaxMoves];
    int special_score[chess::kMaxMoves];
    chess::Bitboard special_squares = 0;
    for (int k = 0; k < special_end_; ++k) {
        const Move m = Move::from_raw(raw_[255 - (keys_[k] & 255)]);
        special_raw[k] = m.raw();
        special_score[k] = k < cur_ ? -1 : keys_[k] >> 8;
        special_squares |= chess::square_bb(m.to());
    }
    if (!facts_ready_) {
        facts_.reset(pos);
        facts_ready_ = true;
    }
    const int phase = facts_.phase();
    // All moves again, now in the order of a generation of all moves: equal scores go out in
    // that order, specials and plain quiet moves alike.
    chess::MoveList& list = chess::scratch_move_list();
    chess::generate(pos, list);
    int k = cur_;
    for (int i = 0; i < list.size(); ++i) {
        const Move m = list[i];
        raw_[i] = m.raw();
        if (m == tt_move_) continue;
        if (special_squares & chess::square_bb(m.to())) {  // seldom: a branch that predicts
            int j = 0;
            while (j < special_end_ && special_raw[j] != m.raw()) ++j;
            if (j < special_end_) {
                if (special_score[j] >= 0) keys_[k++] = special_score[j] * 256 + 255 - i;
                continue;
            }
        }
        // A plain quiet move: no rule above the quiet part applies (rebel_ordering_score).
        const chess::Piece moved = pos.moved_piece(m);
        const int pst_delta = eval::pst_gain(moved, m.from(), m.to(), phase);
        const int score =
            reduction::rebel_ordering_quiet_part(pst_delta, history_terms_[moved][m.to()],
                                                 facts_.threatened(m.from()), !facts_.see_ge0(m));
        keys_[k++] = score * 256 + 255 - i;
    }
    count_ = k;
    // Best first; the keys are unique, so equal scores keep generation order. Each key's
    // place is the number of larger keys. They are counted for 32 keys at once, which stay
    // in vector registers while every key is compared with all of them: no branch on the
    // data, and no sum across lanes (an insertion sort of these ~30 keys mispredicted its
    // way to twice the time; counting per key, 8 at a time, spent most of its work summing).
    constexpr int kLanes = 32;
    alignas(32) int keys[chess::kMaxMoves + kLanes];
    const int n = count_ - cur_;
    std::copy(keys_ + cur_, keys_ + count_, keys);
    std::fill_n(keys + n, kLanes, std::numeric_limits<int>::min());
    for (int first = 0; first < n; first += kLanes) {
        int larger[kLanes] = {};
        for (int j = 0; j < n; ++j) {
            const int key = keys[j];
            for (int i = 0; i < kLanes; ++i) larger[i] += key > keys[first + i];
        }
        const int lanes = std::min(kLanes, n - first);
        for (int i = 0; i < lanes; ++i) keys_[cur_ + larger[i]] = keys[first + i];
    }
}

Move RebelMoveList::next_stage() {
    switch (stage_) {
        case Stage::kTtMove:
            stage_ = generated_ ? Stage::kScoreSpecial : Stage::kGenerate;
            last_score_ = 255;
            return tt_move_;
        case Stage::kGenerate:
            generate_specials();  // finds the TT move among the captures and leaves it out
            [[fallthrough]];
        case Stage::kScoreSpecial:
            score_special();
            stage_ = Stage::kSpecial;
            [[fallthrough]];
        case Stage::kSpecial:
            if (cur_ < special_end_) {
                int best = cur_;
                for (int k = cur_ + 1; k < special_end_; ++k)
                    if (keys_[k] > keys_[best]) best = k;
                if ((keys_[best] >> 8) > 200) {  // above every plain quiet move
                    std::swap(keys_[cur_], keys_[best]);
                    return hand_out(cur_++);
                }
            }
            score_quiet();
            stage_ = Stage::kRest;
            [[fallthrough]];
        case Stage::kRest:
            break;
    }
    if (cur_ >= count_) return Move::none();
    return hand_out(cur_++);
}

}  // namespace lmr::search
