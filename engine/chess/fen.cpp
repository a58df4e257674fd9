// FEN / EPD parsing and printing, with validation that makes every accepted position safe
// for move generation (one king each, no pawns on the back ranks, reachable material,
// the side not to move not in check, castling rights and en passant square consistent).
#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

#include "engine/chess/notation.hpp"
#include "engine/chess/position.hpp"
#include "engine/chess/quoted.hpp"
#include "engine/text/text.hpp"

namespace lmr::chess {

namespace {

constexpr std::string_view kPieceChars = "PNBRQKpnbrqk";
constexpr const char* kColorNames[2] = {"white", "black"};

bool is_number(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

std::string char_quoted(char c) {
    return quoted(std::string_view(&c, 1));
}

bool fail(std::string* error, std::string message) {
    if (error) *error = std::move(message);
    return false;
}

}  // namespace

std::optional<Position> Position::from_fen(std::string_view text, std::string* error) {
    std::vector<std::string_view> fields = text::split_words(text);
    if (fields.size() < 4) {
        fail(error, "FEN has " + std::to_string(fields.size()) +
                        " field(s); expected 6 (or 4 for EPD): placement, side to move, "
                        "castling, en passant[, halfmove clock, fullmove number]");
        return std::nullopt;
    }
    // A 5th field that is not a number starts EPD operations ("bm e4; id ..."), which are
    // ignored; EPD operations always end with ';', which tells them from a bad counter.
    bool has_counters = fields.size() >= 5 && is_number(fields[4]);
    if (!has_counters && fields.size() >= 5 && text.find(';') == std::string_view::npos) {
        fail(error, "FEN field 5 (halfmove clock): expected a non-negative number, got " +
                        quoted(fields[4]));
        return std::nullopt;
    }
    if (has_counters && fields.size() == 5) {
        fail(error, "FEN field 6 (fullmove number): missing");
        return std::nullopt;
    }
    if (has_counters && fields.size() > 6) {
        fail(error, "FEN has unexpected text after field 6: " + quoted(fields[6]));
        return std::nullopt;
    }

    Position pos{EmptyBoard{}};
    StateInfo& s = pos.st();

    // Field 1: piece placement, rank 8 first.
    {
        std::string_view placement = fields[0];
        int rank = 7;
        int file = 0;
        for (char c : placement) {
            if (c == '/') {
                if (file != 8) {
                    fail(error, "FEN field 1 (piece placement): rank " + std::to_string(rank + 1) +
                                    " has " + std::to_string(file) + " squares, expected 8");
                    return std::nullopt;
                }
                if (--rank < 0) {
                    fail(error, "FEN field 1 (piece placement): more than 8 ranks");
                    return std::nullopt;
                }
                file = 0;
            } else if (c >= '1' && c <= '8') {
                file += c - '0';
                if (file > 8) {
                    fail(error, "FEN field 1 (piece placement): rank " + std::to_string(rank + 1) +
                                    " has more than 8 squares");
                    return std::nullopt;
                }
            } else if (auto idx = kPieceChars.find(c); idx != std::string_view::npos) {
                if (file >= 8) {
                    fail(error, "FEN field 1 (piece placement): rank " + std::to_string(rank + 1) +
                                    " has more than 8 squares");
                    return std::nullopt;
                }
                pos.put_piece(Piece(idx), make_square(file, rank));
                ++file;
            } else {
                fail(error, "FEN field 1 (piece placement): unexpected character " +
                                char_quoted(c) + " (expected one of PNBRQKpnbrqk, 1-8 or '/')");
                return std::nullopt;
            }
        }
        if (rank != 0 || file != 8) {
            if (rank != 0)
                fail(error, "FEN field 1 (piece placement): expected 8 ranks, got " +
                                std::to_string(8 - rank));
            else
                fail(error, "FEN field 1 (piece placement): rank 1 has " + std::to_string(file) +
                                " squares, expected 8");
            return std::nullopt;
        }
    }

    // Field 2: side to move.
    if (fields[1] == "w") {
        pos.side_to_move_ = kWhite;
    } else if (fields[1] == "b") {
        pos.side_to_move_ = kBlack;
    } else {
        fail(error, "FEN field 2 (side to move): expected 'w' or 'b', got " + quoted(fields[1]));
        return std::nullopt;
    }

    // Field 3: castling rights.
    s.castling = 0;
    if (fields[2] != "-") {
        for (char c : fields[2]) {
            int right = c == 'K'   ? kWhiteOO
                        : c == 'Q' ? kWhiteOOO
                        : c == 'k' ? kBlackOO
                        : c == 'q' ? kBlackOOO
                                   : 0;
            if (right == 0) {
                fail(error, "FEN field 3 (castling): unexpected character " + char_quoted(c) +
                                " (expected '-' or letters from KQkq; Chess960 is not supported)");
                return std::nullopt;
            }
            if (s.castling & right) {
                fail(error, "FEN field 3 (castling): " + char_quoted(c) + " appears twice");
                return std::nullopt;
            }
            s.castling |= right;
        }
    }

    // Field 4: en passant target square.
    s.ep_square = kNoSquare;
    if (fields[3] != "-") {
        Square ep = parse_square(fields[3]);
        if (ep == kNoSquare) {
            fail(error, "FEN field 4 (en passant): expected '-' or a square like 'e3', got " +
                            quoted(fields[3]));
            return std::nullopt;
        }
        s.ep_square = ep;
    }

    // Fields 5 and 6: counters.
    s.rule50 = 0;
    int fullmove = 1;
    if (has_counters) {
        auto parse_counter = [&](std::string_view field, int number, const char* name, int& value) {
            if (!is_number(field) || field.size() > 6) {
                return fail(error, "FEN field " + std::to_string(number) + " (" + name +
                                       "): expected a number from 0 to 999999, got " +
                                       quoted(field));
            }
            std::from_chars(field.data(), field.data() + field.size(), value);
            return true;
        };
        if (!parse_counter(fields[4], 5, "halfmove clock", s.rule50)) return std::nullopt;
        if (!is_number(fields[5])) {
            fail(error, "FEN field 6 (fullmove number): expected a positive number, got " +
                            quoted(fields[5]));
            return std::nullopt;
        }
        if (!parse_counter(fields[5], 6, "fullmove number", fullmove)) return std::nullopt;
        if (fullmove == 0) fullmove = 1;  // common in the wild; treat as move 1
    }
    pos.game_ply_ = 2 * (fullmove - 1) + (pos.side_to_move_ == kBlack);
    s.plies_from_null = 0;
    s.captured = kNoPiece;

    std::string problem = pos.validate();
    if (!problem.empty()) {
        fail(error, std::move(problem));
        return std::nullopt;
    }
    pos.update_check_info();
    pos.compute_keys();
    return pos;
}

std::string Position::validate() const {
    for (Color c : {kWhite, kBlack}) {
        std::string name = kColorNames[c];
        int kings = count(c, kKing);
        if (kings != 1)
            return "FEN field 1 (piece placement): " + name + " has " + std::to_string(kings) +
                   " kings, expected exactly 1";
        int pawns = count(c, kPawn);
        if (pawns > 8)
            return "FEN field 1 (piece placement): " + name + " has " + std::to_string(pawns) +
                   " pawns (at most 8)";
        // Extra pieces beyond the initial set must come from promoted pawns.
        int promoted = std::max(0, count(c, kQueen) - 1) + std::max(0, count(c, kRook) - 2) +
                       std::max(0, count(c, kBishop) - 2) + std::max(0, count(c, kKnight) - 2);
        if (promoted + pawns > 8)
            return "FEN field 1 (piece placement): " + name +
                   " has more pieces than promotions allow (" + std::to_string(pawns) +
                   " pawns plus " + std::to_string(promoted) + " extra pieces exceed 8)";
    }
    if (pieces(kPawn) & (kRank1 | kRank8))
        return "FEN field 1 (piece placement): pawn on the first or eighth rank";

    Color them = ~side_to_move_;
    if (attackers_to(king_square(them)) & by_color_[side_to_move_])
        return std::string("illegal position: the side not to move (") + kColorNames[them] +
               ") is in check";

    const StateInfo& s = st();
    struct Need {
        int right;
        char letter;
        Square king;
        Square rook;
        Piece king_piece;
        Piece rook_piece;
    };
    const Need needs[4] = {{kWhiteOO, 'K', kE1, kH1, kWhiteKing, kWhiteRook},
                           {kWhiteOOO, 'Q', kE1, kA1, kWhiteKing, kWhiteRook},
                           {kBlackOO, 'k', kE8, kH8, kBlackKing, kBlackRook},
                           {kBlackOOO, 'q', kE8, kA8, kBlackKing, kBlackRook}};
    for (const Need& n : needs) {
        if (!(s.castling & n.right)) continue;
        if (board_[n.king] != n.king_piece || board_[n.rook] != n.rook_piece)
            return std::string("FEN field 3 (castling): right '") + n.letter +
                   "' needs the king on " + square_name(n.king) + " and a rook on " +
                   square_name(n.rook);
    }

    if (s.ep_square != kNoSquare) {
        Square ep = s.ep_square;
        Color us = side_to_move_;
        std::string sq = square_name(ep);
        if (relative_rank(us, ep) != 5)
            return "FEN field 4 (en passant): " + sq + " is not on rank " +
                   (us == kWhite ? "6" : "3") + " (" + kColorNames[us] + " to move)";
        Square pawn_sq = us == kWhite ? ep - 8 : ep + 8;
        Square origin = us == kWhite ? ep + 8 : ep - 8;
        if (board_[pawn_sq] != make_piece(them, kPawn))
            return "FEN field 4 (en passant): " + sq + " but no " + kColorNames[them] +
                   " pawn on " + square_name(pawn_sq);
        if (board_[ep] != kNoPiece || board_[origin] != kNoPiece)
            return "FEN field 4 (en passant): " + sq + " but " + square_name(ep) + " or " +
                   square_name(origin) + " is occupied";
    }
    return "";
}

std::string Position::fen() const {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty_run = 0;
        for (int file = 0; file < 8; ++file) {
            Piece p = board_[make_square(file, rank)];
            if (p == kNoPiece) {
                ++empty_run;
                continue;
            }
            if (empty_run) out += char('0' + empty_run);
            empty_run = 0;
            out += kPieceChars[p];
        }
        if (empty_run) out += char('0' + empty_run);
        if (rank) out += '/';
    }
    out += side_to_move_ == kWhite ? " w " : " b ";
    int rights = st().castling;
    if (rights & kWhiteOO) out += 'K';
    if (rights & kWhiteOOO) out += 'Q';
    if (rights & kBlackOO) out += 'k';
    if (rights & kBlackOOO) out += 'q';
    if (!rights) out += '-';
    out += ' ';
    out += square_name(st().ep_square);
    out += ' ';
    out += std::to_string(st().rule50);
    out += ' ';
    out += std::to_string(fullmove_number());
    return out;
}

}  // namespace lmr::chess
