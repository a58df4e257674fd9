// Position core: piece placement, attack queries, check information and make/unmake.
#include "engine/chess/position.hpp"

#include <algorithm>
#include <iterator>

#include "engine/chess/zobrist.hpp"

namespace lmr::chess {

namespace {

constexpr std::size_t kReservedPlies = 1024;
// A copy (e.g. for a search thread or a SAN check test) gets this much room to play on
// before the history grows; smaller than kReservedPlies to keep copies cheap.
constexpr std::size_t kCopyHeadroom = 256;

// Castling rights that survive a move touching each square (king and rook home squares).
constexpr std::array<int, 64> make_castling_masks() {
    std::array<int, 64> mask{};
    for (auto& m : mask) m = kAllCastling;
    mask[kE1] &= ~(kWhiteOO | kWhiteOOO);
    mask[kH1] &= ~kWhiteOO;
    mask[kA1] &= ~kWhiteOOO;
    mask[kE8] &= ~(kBlackOO | kBlackOOO);
    mask[kH8] &= ~kBlackOO;
    mask[kA8] &= ~kBlackOOO;
    return mask;
}
constexpr std::array<int, 64> kCastlingMask = make_castling_masks();

}  // namespace

Position::Position() : Position(startpos()) {}

Position::Position(EmptyBoard) : side_to_move_(kWhite), game_ply_(0) {
    for (auto& p : board_) p = kNoPiece;
    for (auto& b : by_type_) b = 0;
    for (auto& b : by_color_) b = 0;
    states_.reserve(kReservedPlies);
    StateInfo s{};
    s.ep_square = kNoSquare;
    s.captured = kNoPiece;
    states_.push_back(s);
}

Position::Position(const Position& other)
    : side_to_move_(other.side_to_move_), game_ply_(other.game_ply_) {
    std::copy(std::begin(other.board_), std::end(other.board_), board_);
    std::copy(std::begin(other.by_type_), std::end(other.by_type_), by_type_);
    std::copy(std::begin(other.by_color_), std::end(other.by_color_), by_color_);
    states_.reserve(other.states_.size() + kCopyHeadroom);
    states_ = other.states_;
}

Position& Position::operator=(const Position& other) {
    if (this == &other) return *this;
    side_to_move_ = other.side_to_move_;
    game_ply_ = other.game_ply_;
    std::copy(std::begin(other.board_), std::end(other.board_), board_);
    std::copy(std::begin(other.by_type_), std::end(other.by_type_), by_type_);
    std::copy(std::begin(other.by_color_), std::end(other.by_color_), by_color_);
    states_.reserve(other.states_.size() + kCopyHeadroom);
    states_.assign(other.states_.begin(), other.states_.end());
    return *this;
}

Position Position::startpos() {
    // The start position is valid by construction, so from_fen cannot fail here.
    return *from_fen(kStartFen);
}

void Position::put_piece(Piece p, Square sq) {
    board_[sq] = p;
    by_type_[type_of(p)] |= square_bb(sq);
    by_color_[color_of(p)] |= square_bb(sq);
}

void Position::remove_piece(Square sq) {
    Piece p = board_[sq];
    by_type_[type_of(p)] ^= square_bb(sq);
    by_color_[color_of(p)] ^= square_bb(sq);
    board_[sq] = kNoPiece;
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard from_to = square_bb(from) | square_bb(to);
    by_type_[type_of(p)] ^= from_to;
    by_color_[color_of(p)] ^= from_to;
    board_[from] = kNoPiece;
    board_[to] = p;
}

Bitboard Position::attackers_to(Square sq, Bitboard occ) const {
    return (pawn_attacks(kBlack, sq) & pieces(kWhite, kPawn)) |
           (pawn_attacks(kWhite, sq) & pieces(kBlack, kPawn)) |
           (knight_attacks(sq) & by_type_[kKnight]) |
           (rook_attacks(sq, occ) & (by_type_[kRook] | by_type_[kQueen])) |
           (bishop_attacks(sq, occ) & (by_type_[kBishop] | by_type_[kQueen])) |
           (king_attacks(sq) & by_type_[kKing]);
}

bool Position::is_attacked_by(Color by, Square sq) const {
    return (attackers_to(sq) & by_color_[by]) != 0;
}

int Position::non_pawn_material(Color c) const {
    return count(c, kKnight) * piece_value(kKnight) + count(c, kBishop) * piece_value(kBishop) +
           count(c, kRook) * piece_value(kRook) + count(c, kQueen) * piece_value(kQueen);
}

Bitboard Position::slider_blockers(Bitboard sliders, Square target, Bitboard& pinners) const {
    Bitboard blockers = 0;
    pinners = 0;
    Bitboard snipers = ((rook_attacks(target, 0) & pieces(kRook, kQueen)) |
                        (bishop_attacks(target, 0) & pieces(kBishop, kQueen))) &
                       sliders;
    // Plain occupancy: a piece shielded from a slider by another enemy slider (e.g. the
    // checker) is not pinned, which lets movegen skip pinned pieces when in check.
    Bitboard occ = occupied();
    Color target_color = color_of(board_[target]);
    while (snipers) {
        Square s = pop_lsb(snipers);
        Bitboard b = between_bb(s, target) & occ;
        if (b && !more_than_one(b)) {
            blockers |= b;
            if (b & by_color_[target_color]) pinners |= square_bb(s);
        }
    }
    return blockers;
}

void Position::update_check_info() {
    StateInfo& s = st();
    Color us = side_to_move_;
    Color them = ~us;
    s.checkers = attackers_to(king_square(us)) & by_color_[them];
    s.blockers[kWhite] = slider_blockers(by_color_[kBlack], king_square(kWhite), s.pinners[kWhite]);
    s.blockers[kBlack] = slider_blockers(by_color_[kWhite], king_square(kBlack), s.pinners[kBlack]);
    Square their_king = king_square(them);
    Bitboard occ = occupied();
    s.check_squares[kPawn] = pawn_attacks(them, their_king);
    s.check_squares[kKnight] = knight_attacks(their_king);
    s.check_squares[kBishop] = bishop_attacks(their_king, occ);
    s.check_squares[kRook] = rook_attacks(their_king, occ);
    s.check_squares[kQueen] = s.check_squares[kBishop] | s.check_squares[kRook];
    s.check_squares[kKing] = 0;
}

bool Position::ep_capture_possible() const {
    Square ep = st().ep_square;
    if (ep == kNoSquare) return false;
    Color us = side_to_move_;
    Bitboard candidates = pawn_attacks(~us, ep) & pieces(us, kPawn);
    while (candidates) {
        Square from = pop_lsb(candidates);
        if (is_legal_pseudo(Move::make(from, ep, Move::kEnPassant))) return true;
    }
    return false;
}

void Position::compute_keys() {
    StateInfo& s = st();
    s.key = 0;
    s.pawn_key = 0;
    for (Square sq = 0; sq < 64; ++sq) {
        Piece p = board_[sq];
        if (p == kNoPiece) continue;
        s.key ^= zobrist::kKeys.piece_square[p][sq];
        if (type_of(p) == kPawn) s.pawn_key ^= zobrist::kKeys.piece_square[p][sq];
    }
    if (side_to_move_ == kBlack) s.key ^= zobrist::kKeys.side;
    s.key ^= zobrist::kKeys.castling[s.castling];
    s.ep_in_key = ep_capture_possible();
    if (s.ep_in_key) s.key ^= zobrist::kKeys.ep_file[file_of(s.ep_square)];
}

void Position::make_move(Move m) {
    // Copy-make: the new state starts as a copy of the current one. Growing beyond the
    // reserved capacity is rare (games longer than 1024 plies) and handled explicitly so
    // the reference to the previous state is never taken across a reallocation.
    if (states_.size() == states_.capacity()) states_.reserve(states_.capacity() * 2);
    states_.push_back(states_.back());
    StateInfo& s = states_.back();
    const auto& keys = zobrist::kKeys;

    Color us = side_to_move_;
    Color them = ~us;
    Square from = m.from();
    Square to = m.to();
    Piece pc = board_[from];
    Key key = s.key ^ keys.side;

    if (s.ep_in_key) key ^= keys.ep_file[file_of(s.ep_square)];
    s.ep_square = kNoSquare;
    s.ep_in_key = false;
    s.rule50 += 1;
    s.plies_from_null += 1;
    s.captured = kNoPiece;

    if (m.is_castling()) {
        bool king_side = to > from;
        Square rook_from = king_side ? from + 3 : from - 4;
        Square rook_to = king_side ? from + 1 : from - 1;
        Piece rook = board_[rook_from];
        move_piece(from, to);
        move_piece(rook_from, rook_to);
        key ^= keys.piece_square[pc][from] ^ keys.piece_square[pc][to] ^
               keys.piece_square[rook][rook_from] ^ keys.piece_square[rook][rook_to];
    } else {
        Square cap_sq = m.is_en_passant() ? (us == kWhite ? to - 8 : to + 8) : to;
        Piece captured = board_[cap_sq];
        if (captured != kNoPiece) {
            remove_piece(cap_sq);
            key ^= keys.piece_square[captured][cap_sq];
            if (type_of(captured) == kPawn) s.pawn_key ^= keys.piece_square[captured][cap_sq];
            s.rule50 = 0;
            s.captured = captured;
        }
        move_piece(from, to);
        key ^= keys.piece_square[pc][from] ^ keys.piece_square[pc][to];
        if (type_of(pc) == kPawn) {
            s.rule50 = 0;
            s.pawn_key ^= keys.piece_square[pc][from] ^ keys.piece_square[pc][to];
            if ((from ^ to) == 16) {
                s.ep_square = (from + to) / 2;
            } else if (m.is_promotion()) {
                Piece promoted = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promoted, to);
                key ^= keys.piece_square[pc][to] ^ keys.piece_square[promoted][to];
                s.pawn_key ^= keys.piece_square[pc][to];
            }
        }
    }

    int rights = s.castling & kCastlingMask[from] & kCastlingMask[to];
    if (rights != s.castling) {
        key ^= keys.castling[s.castling] ^ keys.castling[rights];
        s.castling = rights;
    }

    side_to_move_ = them;
    ++game_ply_;
    update_check_info();
    if (s.ep_square != kNoSquare && (pawn_attacks(us, s.ep_square) & pieces(them, kPawn)) &&
        ep_capture_possible()) {
        s.ep_in_key = true;
        key ^= keys.ep_file[file_of(s.ep_square)];
    }
    s.key = key;
}

void Position::unmake_move(Move m) {
    side_to_move_ = ~side_to_move_;
    --game_ply_;
    Color us = side_to_move_;
    Square from = m.from();
    Square to = m.to();

    if (m.is_castling()) {
        bool king_side = to > from;
        Square rook_from = king_side ? from + 3 : from - 4;
        Square rook_to = king_side ? from + 1 : from - 1;
        move_piece(to, from);
        move_piece(rook_to, rook_from);
    } else {
        if (m.is_promotion()) {
            remove_piece(to);
            put_piece(make_piece(us, kPawn), to);
        }
        move_piece(to, from);
        Piece captured = st().captured;
        if (captured != kNoPiece) {
            Square cap_sq = m.is_en_passant() ? (us == kWhite ? to - 8 : to + 8) : to;
            put_piece(captured, cap_sq);
        }
    }
    states_.pop_back();
}

void Position::make_null_move() {
    if (states_.size() == states_.capacity()) states_.reserve(states_.capacity() * 2);
    states_.push_back(states_.back());
    StateInfo& s = states_.back();
    s.key ^= zobrist::kKeys.side;
    if (s.ep_in_key) s.key ^= zobrist::kKeys.ep_file[file_of(s.ep_square)];
    s.ep_square = kNoSquare;
    s.ep_in_key = false;
    s.rule50 += 1;
    s.plies_from_null = 0;
    s.captured = kNoPiece;
    side_to_move_ = ~side_to_move_;
    ++game_ply_;
    update_check_info();
}

void Position::unmake_null_move() {
    side_to_move_ = ~side_to_move_;
    --game_ply_;
    states_.pop_back();
}

}  // namespace lmr::chess
