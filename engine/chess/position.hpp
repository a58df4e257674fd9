// The board: pieces, side to move, castling, en passant, counters, Zobrist keys and the
// history of earlier states (for unmake and repetition detection).
//
// Conventions:
// - Castling is standard chess only (king on e1/e8, rooks on a/h files).
// - The en passant square is stored (and printed by fen()) after every double pawn push,
//   as the FEN standard prescribes. It enters the Zobrist key only when an en passant
//   capture is actually legal, so positions that differ only by an unusable en passant
//   square have the same key (and count as repetitions), as the FIDE rules require.
// - key() covers pieces, side to move, castling rights and (usable) en passant file.
// - pawn_key() covers pawns only (both colours).
// - non_pawn_material(c) is the sum of kPieceValue (centipawns: N 320, B 330, R 500, Q 900)
//   of c's knights, bishops, rooks and queens.
// - make_move() does not allocate unless the game grows beyond the reserved history
//   (1024 plies); it then grows the buffer, so arbitrarily long games still work.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/attacks.hpp"
#include "engine/chess/bitboard.hpp"
#include "engine/chess/types.hpp"

namespace lmr::chess {

class Position {
  public:
    static constexpr const char* kStartFen =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    // Parses a 6-field FEN or a 4-field EPD FEN (counters then default to "0 1"; EPD
    // operations after the 4th field, such as "bm e4; id \"x\";", are ignored). On failure
    // returns nullopt and, if error is given, sets it to a message naming the field and
    // what is wrong. Accepted positions are safe for every operation: one king per side,
    // no pawn on rank 1/8, material reachable by promotions, the side not to move not in
    // check, castling rights matching king and rook squares, a plausible en passant square.
    static std::optional<Position> from_fen(std::string_view fen, std::string* error = nullptr);
    static Position startpos();
    // The start position (so a Position can be a plain member and be assigned later).
    Position();
    // 6-field FEN.
    std::string fen() const;

    // Copies keep the full history (repetitions stay detectable) and reserve 256 more
    // plies of history so make_move() on a copy does not allocate either.
    Position(const Position& other);
    Position(Position&&) noexcept = default;
    Position& operator=(const Position& other);
    Position& operator=(Position&&) noexcept = default;

    // --- Board queries ---
    Color side_to_move() const { return side_to_move_; }
    Piece piece_on(Square sq) const { return board_[sq]; }
    bool empty(Square sq) const { return board_[sq] == kNoPiece; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard occupied() const { return by_color_[kWhite] | by_color_[kBlack]; }
    Square king_square(Color c) const { return lsb(pieces(c, kKing)); }
    int count(Color c, PieceType pt) const { return popcount(pieces(c, pt)); }

    // --- State queries ---
    Bitboard checkers() const { return st().checkers; }
    bool in_check() const { return st().checkers != 0; }
    Key key() const { return st().key; }
    Key pawn_key() const { return st().pawn_key; }
    int halfmove_clock() const { return st().rule50; }
    int fullmove_number() const { return 1 + game_ply_ / 2; }
    // Half-moves since the start of the game as implied by the FEN's fullmove number.
    int game_ply() const { return game_ply_; }
    int castling_rights() const { return st().castling; }
    bool can_castle(int rights) const { return (st().castling & rights) != 0; }
    // The en passant target square after a double push (kNoSquare otherwise).
    Square en_passant_square() const { return st().ep_square; }
    // The piece captured by the last make_move (kNoPiece if none / after a null move).
    Piece last_captured() const { return st().captured; }
    // Plies since the last null move (or since the start of the history).
    int plies_from_null() const { return st().plies_from_null; }

    // Pieces of either colour that block a slider attack on c's king (pins and discoveries).
    Bitboard blockers_for_king(Color c) const { return st().blockers[c]; }
    // Sliders of ~c that pin a piece of c to c's king.
    Bitboard pinners(Color c) const { return st().pinners[c]; }
    // Squares from which a piece of type pt of the side to move would check the enemy king.
    Bitboard check_squares(PieceType pt) const { return st().check_squares[pt]; }

    // All pieces (both colours) attacking sq, given occupancy occ.
    Bitboard attackers_to(Square sq, Bitboard occ) const;
    Bitboard attackers_to(Square sq) const { return attackers_to(sq, occupied()); }
    // True if any piece of colour by attacks sq (with the current occupancy).
    bool is_attacked_by(Color by, Square sq) const;

    int non_pawn_material(Color c) const;
    bool has_non_pawn_material(Color c) const { return (pieces(c) & ~pieces(kPawn, kKing)) != 0; }

    // --- Moves ---
    // m must be legal in this position (e.g. from generate() or validated by is_legal()).
    void make_move(Move m);
    // m must be the move passed to the matching make_move().
    void unmake_move(Move m);
    // Passes the turn; must not be called when in check.
    void make_null_move();
    void unmake_null_move();

    bool gives_check(Move m) const;  // m must be legal
    // True only for a fully legal move in this position; safe for any 16-bit value.
    bool is_legal(Move m) const;
    bool is_capture(Move m) const {  // includes en passant; m must be pseudo-legal
        return m.is_en_passant() || (!m.is_castling() && board_[m.to()] != kNoPiece);
    }
    Piece moved_piece(Move m) const { return board_[m.from()]; }
    // The piece m captures (the pawn for en passant), kNoPiece if none.
    Piece captured_piece(Move m) const {
        if (m.is_en_passant()) return make_piece(~side_to_move_, kPawn);
        if (m.is_castling()) return kNoPiece;
        return board_[m.to()];
    }

    // --- Static exchange evaluation (values from kPieceValue; promotions are treated as
    // ordinary pawn moves; castling is 0) ---
    int see(Move m) const;
    bool see_ge(Move m, int threshold) const;

    // --- Draw rules ---
    // Draw by fifty-move rule (unless the side to move is checkmated), insufficient
    // material, or repetition: one repetition of a position reached after the root
    // (ply_from_root plies ago) suffices; otherwise the position must occur three times.
    bool is_draw(int ply_from_root) const;
    // The current position has occurred at least three times in the recorded history.
    bool is_repetition_threefold() const;
    // KvK, K+minor vs K, and K+B(s) vs K+B(s) with all bishops on one colour.
    bool is_insufficient_material() const;

  private:
    // Everything that make_move() changes besides the board; copied forward on make.
    struct StateInfo {
        Key key;
        Key pawn_key;
        int castling;
        Square ep_square;
        int rule50;
        int plies_from_null;
        Piece captured;
        bool ep_in_key;  // the en passant file is part of key
        Bitboard checkers;
        Bitboard blockers[2];
        Bitboard pinners[2];
        Bitboard check_squares[6];
    };

    struct EmptyBoard {};
    explicit Position(EmptyBoard);
    const StateInfo& st() const { return states_.back(); }
    StateInfo& st() { return states_.back(); }

    void put_piece(Piece p, Square sq);
    void remove_piece(Square sq);
    void move_piece(Square from, Square to);
    // Recomputes checkers, blockers, pinners and check squares of the current state.
    void update_check_info();
    Bitboard slider_blockers(Bitboard sliders, Square target, Bitboard& pinners) const;
    bool ep_capture_possible() const;  // a legal en passant capture exists right now
    void compute_keys();
    bool is_pseudo_legal(Move m) const;
    bool is_legal_pseudo(Move m) const;  // legality of a pseudo-legal move
    std::string validate() const;        // "" when the parsed position is usable

    Piece board_[64];
    Bitboard by_type_[6];
    Bitboard by_color_[2];
    Color side_to_move_;
    int game_ply_;
    std::vector<StateInfo> states_;
};

}  // namespace lmr::chess
