// UCI and SAN move notation.
#include "engine/chess/notation.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/quoted.hpp"
#include "engine/text/text.hpp"

namespace lmr::chess {

namespace {

constexpr char kPromotionLetters[] = "nbrq";  // indexed by PieceType - kKnight
constexpr char kPieceLetters[] = "PNBRQK";

bool set_error(std::string* error, std::string message) {
    if (error) *error = std::move(message);
    return false;
}

PieceType piece_from_letter(char c) {
    switch (c) {
        case 'P':
            return kPawn;
        case 'N':
            return kKnight;
        case 'B':
            return kBishop;
        case 'R':
            return kRook;
        case 'Q':
            return kQueen;
        case 'K':
            return kKing;
        default:
            return kNoPieceType;
    }
}

PieceType promotion_from_letter(char c) {
    switch (c) {
        case 'n':
        case 'N':
            return kKnight;
        case 'b':
        case 'B':
            return kBishop;
        case 'r':
        case 'R':
            return kRook;
        case 'q':
        case 'Q':
            return kQueen;
        default:
            return kNoPieceType;
    }
}

bool is_file(char c) {
    return c >= 'a' && c <= 'h';
}
bool is_rank(char c) {
    return c >= '1' && c <= '8';
}

}  // namespace

std::string square_name(Square sq) {
    if (!is_valid_square(sq)) return "-";
    return std::string{char('a' + file_of(sq)), char('1' + rank_of(sq))};
}

Square parse_square(std::string_view text) {
    if (text.size() != 2 || !is_file(text[0]) || !is_rank(text[1])) return kNoSquare;
    return make_square(text[0] - 'a', text[1] - '1');
}

std::string to_uci(Move m) {
    if (!m.is_ok()) return "0000";
    std::string out = square_name(m.from()) + square_name(m.to());
    if (m.is_promotion()) out += kPromotionLetters[m.promotion() - kKnight];
    return out;
}

Move parse_uci(const Position& pos, std::string_view input, std::string* error) {
    std::string_view text = text::trim(input);
    if (text == "0000") {
        set_error(error, "UCI move '0000' (null move) is not a legal move");
        return Move::none();
    }
    if ((text.size() != 4 && text.size() != 5) || !is_file(text[0]) || !is_rank(text[1]) ||
        !is_file(text[2]) || !is_rank(text[3])) {
        set_error(error, "malformed UCI move " + quoted(text) +
                             ": expected from-square, to-square and optional promotion "
                             "piece, like e2e4 or e7e8q");
        return Move::none();
    }
    PieceType promo = kNoPieceType;
    if (text.size() == 5) {
        promo = promotion_from_letter(text[4]);
        if (promo == kNoPieceType) {
            set_error(error, "malformed UCI move " + quoted(text) +
                                 ": promotion piece must be one of n, b, r, q");
            return Move::none();
        }
    }
    Square from = parse_square(text.substr(0, 2));
    Square to = parse_square(text.substr(2, 2));

    // Castling written as king-takes-rook (e1h1) means the same as e1g1.
    Piece mover = pos.piece_on(from);
    if (type_of(mover) == kKing && pos.piece_on(to) == make_piece(color_of(mover), kRook) &&
        from == relative_square(color_of(mover), kE1) && promo == kNoPieceType) {
        if (to == relative_square(color_of(mover), kH1))
            to = from + 2;
        else if (to == relative_square(color_of(mover), kA1))
            to = from - 2;
    }

    // The move this text names, built directly and checked by is_legal: a legal move costs no
    // move generation (the harness parses every move of every PV). What fails — an illegal
    // move, or a promotion written without its piece — is looked up in the generated moves
    // below, which word the error.
    const Move candidate =
        promo != kNoPieceType ? Move::make_promotion(from, to, promo)
        : type_of(mover) == kKing && (to == from + 2 || to == from - 2)
            ? Move::make(from, to, Move::kCastling)
        : type_of(mover) == kPawn && to == pos.en_passant_square() && file_of(from) != file_of(to)
            ? Move::make(from, to, Move::kEnPassant)
            : Move(from, to);
    if (pos.is_legal(candidate)) return candidate;

    MoveList list;
    generate(pos, list);
    bool needs_promotion = false;
    for (Move m : list) {
        if (m.from() != from || m.to() != to) continue;
        if (m.is_promotion()) {
            needs_promotion = true;
            if (m.promotion() == promo) return m;
        } else if (promo == kNoPieceType) {
            return m;
        }
    }
    if (needs_promotion && promo == kNoPieceType) {
        set_error(error, "UCI move " + quoted(text) + " is a promotion: add the piece, e.g. " +
                             std::string(text) + "q");
    } else {
        set_error(error, "illegal move " + quoted(text) + " in position " + pos.fen());
    }
    return Move::none();
}

namespace {

// SAN, or with `long_form` the long algebraic notation: the origin square always written in
// full (pawns too) instead of SAN's minimal disambiguation.
std::string algebraic(const Position& pos, Move m, bool long_form) {
    if (!m.is_ok()) return "--";             // PGN's null move
    if (!pos.is_legal(m)) return to_uci(m);  // never guess at an illegal move
    std::string out;
    if (m.is_castling()) {
        out = m.to() > m.from() ? "O-O" : "O-O-O";
    } else {
        Square from = m.from();
        Square to = m.to();
        PieceType pt = type_of(pos.moved_piece(m));
        bool capture = pos.is_capture(m);
        if (pt != kPawn) out += kPieceLetters[pt];
        if (long_form) {
            out += square_name(from);
        } else if (pt == kPawn) {
            if (capture) out += char('a' + file_of(from));
        } else {
            MoveList list;
            generate(pos, list);
            bool ambiguous = false, same_file = false, same_rank = false;
            for (Move other : list) {
                if (other == m || other.to() != to || other.from() == from) continue;
                if (type_of(pos.moved_piece(other)) != pt) continue;
                ambiguous = true;
                same_file |= file_of(other.from()) == file_of(from);
                same_rank |= rank_of(other.from()) == rank_of(from);
            }
            if (ambiguous) {
                if (!same_file) {
                    out += char('a' + file_of(from));
                } else if (!same_rank) {
                    out += char('1' + rank_of(from));
                } else {
                    out += square_name(from);
                }
            }
        }
        if (capture) out += 'x';
        out += square_name(to);
        if (m.is_promotion()) {
            out += '=';
            out += kPieceLetters[m.promotion()];
        }
    }
    if (pos.gives_check(m)) {
        Position after = pos;
        after.make_move(m);
        out += count_legal_moves(after) == 0 ? '#' : '+';
    }
    return out;
}

}  // namespace

std::string to_san(const Position& pos, Move m) {
    return algebraic(pos, m, false);
}

std::string to_lan(const Position& pos, Move m) {
    return algebraic(pos, m, true);
}

Move parse_san(const Position& pos, std::string_view input, std::string* error) {
    std::string_view text = text::trim(input);
    std::string_view original = text;
    // Annotations and check marks carry no information we need.
    while (!text.empty() &&
           (text.back() == '+' || text.back() == '#' || text.back() == '!' || text.back() == '?'))
        text.remove_suffix(1);
    if (text.size() > 4 && text.substr(text.size() - 4) == "e.p.") text.remove_suffix(4);
    text = text::trim(text);
    if (text.empty()) {
        set_error(error, "empty SAN move " + quoted(original));
        return Move::none();
    }

    MoveList list;
    generate(pos, list);

    // Castling.
    if (text == "O-O" || text == "0-0" || text == "O-O-O" || text == "0-0-0") {
        bool king_side = text.size() == 3;
        for (Move m : list)
            if (m.is_castling() && (m.to() > m.from()) == king_side) return m;
        set_error(error, "castling " + quoted(original) + " is not legal in position " + pos.fen());
        return Move::none();
    }

    auto malformed = [&](const char* why) {
        set_error(error, "malformed SAN move " + quoted(original) + ": " + why);
        return Move::none();
    };

    PieceType pt = piece_from_letter(text[0]);
    if (pt != kNoPieceType) {
        text.remove_prefix(1);
    } else {
        pt = kPawn;
    }

    // Promotion suffix: "=Q", "=q" or a bare upper-case "Q".
    PieceType promo = kNoPieceType;
    if (text.size() >= 2 && text[text.size() - 2] == '=') {
        promo = promotion_from_letter(text.back());
        if (promo == kNoPieceType) return malformed("promotion piece must be N, B, R or Q");
        text.remove_suffix(2);
    } else if (!text.empty() && piece_from_letter(text.back()) != kNoPieceType) {
        promo = promotion_from_letter(text.back());
        if (promo == kNoPieceType) return malformed("promotion piece must be N, B, R or Q");
        text.remove_suffix(1);
    }
    if (promo != kNoPieceType && pt != kPawn) return malformed("only pawns promote");

    if (text.size() < 2) return malformed("missing destination square");
    Square to = parse_square(text.substr(text.size() - 2));
    if (to == kNoSquare) return malformed("expected a destination square like e4");
    text.remove_suffix(2);

    bool capture_mark = false;
    if (!text.empty() && (text.back() == 'x' || text.back() == ':')) {
        capture_mark = true;
        text.remove_suffix(1);
    }
    int from_file = -1;
    int from_rank = -1;
    if (text.size() > 2) return malformed("too many characters before the destination");
    for (char c : text) {
        if (is_file(c) && from_file < 0 && from_rank < 0) {
            from_file = c - 'a';
        } else if (is_rank(c) && from_rank < 0) {
            from_rank = c - '1';
        } else {
            return malformed("expected piece letter, origin file/rank, 'x' and a square");
        }
    }
    if (pt == kPawn && from_rank >= 0 && from_file < 0)
        return malformed("a pawn move names its origin by file only");
    // A pawn move without an origin file is a push along the destination's file.
    if (pt == kPawn && from_file < 0) from_file = file_of(to);

    Move found = Move::none();
    int matches = 0;
    bool promotion_needed = false;
    std::string alternatives;
    for (Move m : list) {
        if (m.to() != to || m.is_castling()) continue;
        if (type_of(pos.moved_piece(m)) != pt) continue;
        if (from_file >= 0 && file_of(m.from()) != from_file) continue;
        if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
        if (m.is_promotion()) {
            promotion_needed = true;
            if (m.promotion() != promo) continue;
        } else if (promo != kNoPieceType) {
            continue;
        }
        ++matches;
        found = m;
        if (!alternatives.empty()) alternatives += " or ";
        alternatives += to_san(pos, m);
    }
    if (matches == 0) {
        if (promotion_needed && promo == kNoPieceType)
            set_error(error, "SAN move " + quoted(original) +
                                 " is a promotion: add the piece, e.g. " + square_name(to) + "=Q");
        else
            set_error(error, "illegal move " + quoted(original) + " in position " + pos.fen());
        return Move::none();
    }
    if (matches > 1) {
        set_error(error, "ambiguous move " + quoted(original) + ": could be " + alternatives);
        return Move::none();
    }
    if (capture_mark && !pos.is_capture(found)) {
        set_error(error, "SAN move " + quoted(original) + " marks a capture but " +
                             square_name(to) + " holds nothing to capture");
        return Move::none();
    }
    return found;
}

}  // namespace lmr::chess
