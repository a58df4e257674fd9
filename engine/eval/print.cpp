// Term names and the human-readable term table of `lmr-engine eval`.
#include <cstdio>
#include <ostream>

#include "engine/eval/eval.hpp"
#include "engine/eval/internal.hpp"

namespace lmr::eval {

std::string_view term_name(Term term) {
    switch (term) {
        case kMaterial:
            return "material";
        case kPst:
            return "pst";
        case kMobility:
            return "mobility";
        case kPawnStructure:
            return "pawn_structure";
        case kPassedPawns:
            return "passed_pawns";
        case kKingSafety:
            return "king_safety";
        case kBishopPair:
            return "bishop_pair";
        case kRooks:
            return "rooks";
        case kThreats:
            return "threats";
        case kTempo:
            return "tempo";
        case kPieces:
            return "pieces";
        case kScaling:
            return "scaling";
        case kTermCount:
            break;
    }
    return "unknown";
}

namespace {

// snprintf into a fixed buffer keeps the columns aligned without iostream manipulators.
void line(std::ostream& out, const char* fmt, auto... args) {
    char buf[160];
    std::snprintf(buf, sizeof buf, fmt, args...);
    out << buf << '\n';
}

}  // namespace

void print_breakdown(const chess::Position& pos, std::ostream& out) {
    detail::EvalState st(pos);
    detail::evaluate_terms(st);
    Breakdown b;
    evaluate(pos, b);
    const bool white_to_move = pos.side_to_move() == chess::kWhite;
    const int s = white_to_move ? 1 : -1;

    out << "FEN: " << pos.fen() << '\n';
    line(out, "%-16s %9s %9s %9s %13s", "term", "white mg", "white eg", "white", "side to move");
    line(out, "%-16s %9s %9s %9s %13s", "----------------", "--------", "--------", "--------",
         "------------");
    for (int t = 0; t < kTermCount; ++t) {
        const std::string_view name = term_name(Term(t));
        if (t == kScaling) {
            line(out, "%-16.*s %9s %9s %9d %13d", int(name.size()), name.data(), "-", "-",
                 b.terms[t] * s, b.terms[t]);
        } else {
            line(out, "%-16.*s %9d %9d %9d %13d", int(name.size()), name.data(), st.terms[t].mg,
                 st.terms[t].eg, b.terms[t] * s, b.terms[t]);
        }
    }
    line(out, "%-16s %9s %9s %9s %13s", "----------------", "--------", "--------", "--------",
         "------------");
    line(out, "%-16s %29d %13d", "total", b.total * s, b.total);
    line(out, "phase %d/%d (24 = middlegame), endgame scale %d/64, side to move: %s", b.phase,
         kMaxPhase, st.scale, white_to_move ? "white" : "black");
    out << "(centipawns; \"white\" columns: positive is good for White)\n";
}

}  // namespace lmr::eval
