// Move notation: UCI (e2e4, e7e8q, e1g1), SAN (Nf3, exd8=Q+, O-O) and long algebraic (Ng1f3).
#pragma once

#include <string>
#include <string_view>

#include "engine/chess/position.hpp"
#include "engine/chess/types.hpp"

namespace lmr::chess {

std::string square_name(Square sq);  // "e4"; "-" for kNoSquare
// Parses "e4" (lower-case file); returns kNoSquare when malformed.
Square parse_square(std::string_view text);

// "e2e4", "e7e8q", castling as the king move "e1g1"; "0000" for none()/null().
std::string to_uci(Move m);
// Returns the legal move, or Move::none() with a reason in *error when the text is
// malformed or the move is illegal. Also accepts castling written as king-takes-rook
// (e1h1) for convenience.
Move parse_uci(const Position& pos, std::string_view text, std::string* error = nullptr);

// SAN of a legal move in pos: piece letter, minimal disambiguation (file, then rank, then
// both), 'x' for captures, "=Q" promotions, O-O / O-O-O, '+' check, '#' mate.
// none()/null() give "--"; a move that is not legal in pos gives its UCI text.
std::string to_san(const Position& pos, Move m);
// Long algebraic notation as fastchess's PGN writes it (-pgnout notation=lan): SAN with the
// origin square always in full, pawns included: Ng1f3, e2e4, e4xd5, Nb1xc3, e7e8=Q+, O-O.
std::string to_lan(const Position& pos, Move m);
// Parses SAN: tolerates trailing '+', '#', '!', '?' (in any combination), "0-0"/"0-0-0",
// promotions with or without '=' (e8Q, e8=Q), and a redundant disambiguation.
// Returns Move::none() with a reason in *error when malformed, illegal or ambiguous.
Move parse_san(const Position& pos, std::string_view text, std::string* error = nullptr);

}  // namespace lmr::chess
