// Legal move generation with pin masks and check evasion masks: only legal moves are
// produced, so no make/test/unmake filtering is needed. The same template also counts
// moves without storing them (perft's bulk counting at the last ply).
#include "engine/chess/movegen.hpp"

namespace lmr::chess {

namespace {

// Collects moves into an array, or only counts them.
template <bool kCountOnly>
struct Sink {
    Move* out;
    int n = 0;

    void add(Square from, Square to) {
        if constexpr (kCountOnly) {
            ++n;
        } else {
            out[n++] = Move(from, to);
        }
    }
    void add(Move m) {
        if constexpr (kCountOnly) {
            ++n;
        } else {
            out[n++] = m;
        }
    }
    // One move from `from` to every square of `targets`.
    void add_targets(Square from, Bitboard targets) {
        if constexpr (kCountOnly) {
            n += popcount(targets);
        } else {
            while (targets) out[n++] = Move(from, pop_lsb(targets));
        }
    }
    // Pawn moves whose destination squares are `targets`, each from to - delta.
    void add_pawn(Bitboard targets, int delta) {
        if constexpr (kCountOnly) {
            n += popcount(targets);
        } else {
            while (targets) {
                Square to = pop_lsb(targets);
                out[n++] = Move(to - delta, to);
            }
        }
    }
    template <GenType kType>
    void add_promotions(Bitboard targets, int delta) {
        // Every promotion belongs to kCaptures (and kAll), none to kQuiets.
        if constexpr (kType == GenType::kQuiets) return;
        if constexpr (kCountOnly) {
            n += 4 * popcount(targets);
        } else {
            while (targets) {
                Square to = pop_lsb(targets);
                for (PieceType pt : {kQueen, kKnight, kRook, kBishop})
                    out[n++] = Move::make_promotion(to - delta, to, pt);
            }
        }
    }
};

inline bool king_square_attacked(const Position& pos, Color them, Square sq, Bitboard occ) {
    return (pawn_attacks(~them, sq) & pos.pieces(them, kPawn)) ||
           (knight_attacks(sq) & pos.pieces(them, kKnight)) ||
           (king_attacks(sq) & pos.pieces(them, kKing)) ||
           (bishop_attacks(sq, occ) & (pos.pieces(them, kBishop) | pos.pieces(them, kQueen))) ||
           (rook_attacks(sq, occ) & (pos.pieces(them, kRook) | pos.pieces(them, kQueen)));
}

template <Color kUs, GenType kType, bool kCountOnly>
int generate_moves(const Position& pos, Move* out) {
    constexpr Color kThem = ~kUs;
    constexpr int kUp = kUs == kWhite ? 8 : -8;
    constexpr int kUpLeft = kUs == kWhite ? 7 : -9;   // towards the a-file
    constexpr int kUpRight = kUs == kWhite ? 9 : -7;  // towards the h-file
    constexpr Bitboard kRank3 = relative_rank_bb(kUs, 2);
    constexpr Bitboard kRank7 = relative_rank_bb(kUs, 6);
    constexpr bool kWantCaptures = kType != GenType::kQuiets;
    constexpr bool kWantQuiets = kType != GenType::kCaptures;

    Sink<kCountOnly> sink{out};
    const Bitboard us_bb = pos.pieces(kUs);
    const Bitboard them_bb = pos.pieces(kThem);
    const Bitboard occ = us_bb | them_bb;
    const Bitboard empty = ~occ;
    const Square ksq = pos.king_square(kUs);
    const Bitboard checkers = pos.checkers();

    // King moves: test each destination with the king removed (it must not hide behind itself).
    {
        Bitboard targets = king_attacks(ksq) & ~us_bb;
        if constexpr (!kWantCaptures) targets &= ~them_bb;
        if constexpr (!kWantQuiets) targets &= them_bb;
        const Bitboard occ_without_king = occ ^ square_bb(ksq);
        while (targets) {
            Square to = pop_lsb(targets);
            if (!king_square_attacked(pos, kThem, to, occ_without_king)) sink.add(ksq, to);
        }
    }
    if (more_than_one(checkers)) return sink.n;  // double check: only the king may move

    // Destination mask: anywhere, or when in check, the checker and the squares between.
    const Bitboard check_mask = checkers ? between_bb(ksq, lsb(checkers)) | checkers : ~Bitboard{0};
    const Bitboard pinned = pos.blockers_for_king(kUs) & us_bb;
    Bitboard capture_targets = them_bb & check_mask;
    Bitboard quiet_targets = empty & check_mask;
    if constexpr (!kWantCaptures) capture_targets = 0;
    if constexpr (!kWantQuiets) quiet_targets = 0;

    // Pawns. Pinned pawns are rare: they go one by one with their pin line as extra mask.
    {
        const Bitboard pawns = pos.pieces(kUs, kPawn);
        const Bitboard free_pawns = pawns & ~pinned;
        auto pawn_moves = [&](Bitboard movers, Bitboard allowed) {
            Bitboard normal = movers & ~kRank7;
            Bitboard promoting = movers & kRank7;
            if constexpr (kWantQuiets) {
                Bitboard single = shift_up(kUs, normal) & empty;
                Bitboard dbl = shift_up(kUs, single & kRank3) & empty;
                sink.add_pawn(single & check_mask & allowed, kUp);
                sink.add_pawn(dbl & check_mask & allowed, 2 * kUp);
            }
            if constexpr (kWantCaptures) {
                Bitboard left =
                    (kUs == kWhite ? shift_north_west(normal) : shift_south_west(normal));
                Bitboard right =
                    (kUs == kWhite ? shift_north_east(normal) : shift_south_east(normal));
                sink.add_pawn(left & capture_targets & allowed, kUpLeft);
                sink.add_pawn(right & capture_targets & allowed, kUpRight);
            }
            if (promoting) {
                Bitboard push = shift_up(kUs, promoting) & empty & check_mask & allowed;
                Bitboard left =
                    (kUs == kWhite ? shift_north_west(promoting) : shift_south_west(promoting)) &
                    them_bb & check_mask & allowed;
                Bitboard right =
                    (kUs == kWhite ? shift_north_east(promoting) : shift_south_east(promoting)) &
                    them_bb & check_mask & allowed;
                sink.template add_promotions<kType>(push, kUp);
                sink.template add_promotions<kType>(left, kUpLeft);
                sink.template add_promotions<kType>(right, kUpRight);
            }
        };
        pawn_moves(free_pawns, ~Bitboard{0});
        if (!checkers) {  // a pinned piece can never resolve a check
            Bitboard pinned_pawns = pawns & pinned;
            while (pinned_pawns) {
                Square from = pop_lsb(pinned_pawns);
                pawn_moves(square_bb(from), line_bb(ksq, from));
            }
        }

        Square ep = pos.en_passant_square();
        if (kWantCaptures && ep != kNoSquare) {
            Bitboard candidates = pawn_attacks(kThem, ep) & pawns;
            while (candidates) {
                Move m = Move::make(pop_lsb(candidates), ep, Move::kEnPassant);
                if (pos.is_legal(m)) sink.add(m);  // rare; handles every discovered check
            }
        }
    }

    // Pieces.
    const Bitboard targets = capture_targets | quiet_targets;
    {
        Bitboard knights = pos.pieces(kUs, kKnight) & ~pinned;  // a pinned knight never moves
        while (knights) {
            Square from = pop_lsb(knights);
            sink.add_targets(from, knight_attacks(from) & targets);
        }
    }
    const Bitboard diagonal = pos.pieces(kUs, kBishop) | pos.pieces(kUs, kQueen);
    const Bitboard straight = pos.pieces(kUs, kRook) | pos.pieces(kUs, kQueen);
    {
        Bitboard movers = diagonal & ~pinned;
        while (movers) {
            Square from = pop_lsb(movers);
            sink.add_targets(from, bishop_attacks(from, occ) & targets);
        }
        movers = straight & ~pinned;
        while (movers) {
            Square from = pop_lsb(movers);
            sink.add_targets(from, rook_attacks(from, occ) & targets);
        }
    }
    if (!checkers && (pinned & (diagonal | straight))) {
        Bitboard movers = pinned & diagonal;
        while (movers) {
            Square from = pop_lsb(movers);
            sink.add_targets(from, bishop_attacks(from, occ) & targets & line_bb(ksq, from));
        }
        movers = pinned & straight;
        while (movers) {
            Square from = pop_lsb(movers);
            sink.add_targets(from, rook_attacks(from, occ) & targets & line_bb(ksq, from));
        }
    }

    // Castling (standard chess): rights imply king and rook on their home squares.
    if constexpr (kWantQuiets) {
        if (!checkers) {
            constexpr int kOO = kUs == kWhite ? kWhiteOO : kBlackOO;
            constexpr int kOOO = kUs == kWhite ? kWhiteOOO : kBlackOOO;
            constexpr Square kKingFrom = relative_square(kUs, kE1);
            if (pos.can_castle(kOO) &&
                !(occ & (square_bb(kKingFrom + 1) | square_bb(kKingFrom + 2))) &&
                !king_square_attacked(pos, kThem, kKingFrom + 1, occ) &&
                !king_square_attacked(pos, kThem, kKingFrom + 2, occ))
                sink.add(Move::make(kKingFrom, kKingFrom + 2, Move::kCastling));
            if (pos.can_castle(kOOO) &&
                !(occ & (square_bb(kKingFrom - 1) | square_bb(kKingFrom - 2) |
                         square_bb(kKingFrom - 3))) &&
                !king_square_attacked(pos, kThem, kKingFrom - 1, occ) &&
                !king_square_attacked(pos, kThem, kKingFrom - 2, occ))
                sink.add(Move::make(kKingFrom, kKingFrom - 2, Move::kCastling));
        }
    }
    return sink.n;
}

template <GenType kType>
int generate_for(const Position& pos, Move* out) {
    return pos.side_to_move() == kWhite ? generate_moves<kWhite, kType, false>(pos, out)
                                        : generate_moves<kBlack, kType, false>(pos, out);
}

}  // namespace

void generate(const Position& pos, MoveList& list, GenType type) {
    switch (type) {
        case GenType::kAll:
            list.count = generate_for<GenType::kAll>(pos, list.moves);
            break;
        case GenType::kCaptures:
            list.count = generate_for<GenType::kCaptures>(pos, list.moves);
            break;
        case GenType::kQuiets:
            list.count = generate_for<GenType::kQuiets>(pos, list.moves);
            break;
    }
}

MoveList& scratch_move_list() {
    thread_local MoveList list;
    return list;
}

int count_legal_moves(const Position& pos) {
    return pos.side_to_move() == kWhite ? generate_moves<kWhite, GenType::kAll, true>(pos, nullptr)
                                        : generate_moves<kBlack, GenType::kAll, true>(pos, nullptr);
}

}  // namespace lmr::chess
