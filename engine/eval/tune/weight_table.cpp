// The tunable weights by name. Compiled only into the tuner's build of the evaluation
// (LMR_EVAL_TUNING), where every weight is a per-thread variable.
#include "engine/eval/tune/weight_table.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "engine/chess/notation.hpp"
#include "engine/eval/pst.hpp"
#include "engine/eval/weights.hpp"

#ifndef LMR_EVAL_TUNING
#error "weight_table.cpp belongs to the tuner's build of the evaluation (LMR_EVAL_TUNING)"
#endif

namespace lmr::eval::tune {

namespace {

using detail::Score;

// One named weight of weights.hpp: a scalar or an array of Scores or ints.
struct Named {
    std::string_view name;
    Score* scores = nullptr;
    int* ints = nullptr;
    int count = 1;
    bool is_array = false;
};

template <std::size_t N>
Named named(std::string_view name, Score (&a)[N]) {
    return {name, a, nullptr, int(N), true};
}
template <std::size_t N>
Named named(std::string_view name, int (&a)[N]) {
    return {name, nullptr, a, int(N), true};
}
Named named(std::string_view name, Score& s) {
    return {name, &s, nullptr, 1, false};
}
Named named(std::string_view name, int& v) {
    return {name, nullptr, &v, 1, false};
}

#define LMR_NAMED(weight) named(#weight, detail::weight)

// The calling thread's weights (addresses differ per thread). Excluded: entries that no
// position can reach (king and pawn slots of per-piece tables are kept, they simply get no
// gradient) and the structural constants left constexpr in weights.hpp.
std::vector<Named> this_thread_named() {
    return {LMR_NAMED(kKnightMobility),
            LMR_NAMED(kBishopMobility),
            LMR_NAMED(kRookMobility),
            LMR_NAMED(kQueenMobility),
            LMR_NAMED(kDoubled),
            LMR_NAMED(kIsolated),
            LMR_NAMED(kIsolatedHalfOpen),
            LMR_NAMED(kBackward),
            LMR_NAMED(kBackwardHalfOpen),
            LMR_NAMED(kConnected),
            LMR_NAMED(kSupporterBonus),
            LMR_NAMED(kPassedRank),
            LMR_NAMED(kPassedWeight),
            LMR_NAMED(kPassedTheirKing),
            LMR_NAMED(kPassedOurKing),
            LMR_NAMED(kPassedPathFree),
            LMR_NAMED(kPassedStopFree),
            LMR_NAMED(kPassedStopDefended),
            LMR_NAMED(kPassedBlocked),
            LMR_NAMED(kKingAttackWeight),
            LMR_NAMED(kKingAdjacentAttack),
            LMR_NAMED(kKingWeakZoneSquare),
            LMR_NAMED(kSafeCheck),
            LMR_NAMED(kUnsafeCheck),
            LMR_NAMED(kNoQueenDanger),
            LMR_NAMED(kShelter),
            LMR_NAMED(kStorm),
            LMR_NAMED(kStormBlocked),
            LMR_NAMED(kKingOpenFile),
            LMR_NAMED(kKingPawnDistance),
            LMR_NAMED(kBishopPairBonus),
            LMR_NAMED(kRookOpenFile),
            LMR_NAMED(kRookSemiOpenFile),
            LMR_NAMED(kRookOnSeventh),
            LMR_NAMED(kRookTrapped),
            LMR_NAMED(kKnightOutpost),
            LMR_NAMED(kBishopOutpost),
            LMR_NAMED(kMinorBehindPawn),
            LMR_NAMED(kBishopPawnSameColour),
            LMR_NAMED(kBishopLongDiagonal),
            LMR_NAMED(kThreatBySafePawn),
            LMR_NAMED(kThreatByMinor),
            LMR_NAMED(kThreatByRook),
            LMR_NAMED(kThreatByKing),
            LMR_NAMED(kHanging),
            LMR_NAMED(kTempoBonus)};
}

#undef LMR_NAMED

// Where a measured dimension lives: which Named, which element, which half of a Score.
struct Slot {
    int named = 0;
    int element = 0;
    bool endgame = false;
};

constexpr std::array<std::string_view, 6> kPieceNames = {"pawn", "knight", "bishop",
                                                         "rook", "queen",  "king"};

struct Layout {
    std::vector<Dim> dims;
    std::vector<Slot> slots;  // one per kMeasured dimension, in order
    std::vector<WeightDecl> decls;
    int first_material = 0;
    int first_pst = 0;
};

const Layout& layout() {
    static const Layout table = [] {
        Layout l;
        const std::vector<Named> all = this_thread_named();
        for (int n = 0; n < int(all.size()); ++n) {
            const Named& w = all[n];
            l.decls.push_back({std::string(w.name), w.scores != nullptr, w.is_array, w.count,
                               int(l.dims.size())});
            for (int e = 0; e < w.count; ++e) {
                std::string base(w.name);
                if (w.is_array) base += "[" + std::to_string(e) + "]";
                if (w.scores) {
                    for (bool eg : {false, true}) {
                        l.dims.push_back({base + (eg ? ".eg" : ".mg"), DimKind::kMeasured, 0, eg});
                        l.slots.push_back({n, e, eg});
                    }
                } else {
                    l.dims.push_back({base, DimKind::kMeasured, 0, false});
                    l.slots.push_back({n, e, false});
                }
            }
        }
        l.first_material = int(l.dims.size());
        for (int pt = 0; pt < 5; ++pt)  // kings are always on the board: no material value
            for (bool eg : {false, true})
                l.dims.push_back({"material." + std::string(kPieceNames[pt]) + (eg ? ".eg" : ".mg"),
                                  DimKind::kMaterial, pt, eg});
        l.first_pst = int(l.dims.size());
        for (int pt = 0; pt < 6; ++pt)
            for (int sq = 0; sq < 64; ++sq)
                for (bool eg : {false, true})
                    l.dims.push_back({"pst." + std::string(kPieceNames[pt]) + "." +
                                          chess::square_name(chess::Square(sq)) +
                                          (eg ? ".eg" : ".mg"),
                                      DimKind::kPst, pt * 64 + sq, eg});
        return l;
    }();
    return table;
}

int& half(Score& s, bool endgame) {
    return endgame ? s.eg : s.mg;
}

}  // namespace

const std::vector<Dim>& dims() {
    return layout().dims;
}

const std::vector<WeightDecl>& declarations() {
    return layout().decls;
}

int material_dim(int piece_type, bool endgame) {
    return layout().first_material + piece_type * 2 + (endgame ? 1 : 0);
}

int pst_dim(int piece_type, int square, bool endgame) {
    return layout().first_pst + (piece_type * 64 + square) * 2 + (endgame ? 1 : 0);
}

std::vector<std::vector<int>> non_decreasing_chains() {
    struct Shape {
        std::string_view name;
        int first, last;  // elements, inclusive
    };
    // No passer stands on the first or eighth rank, so those entries are unused; the dynamic
    // passer weights matter from the fourth rank on, below it they are left free.
    constexpr Shape kShapes[] = {{"kKnightMobility", 0, 8}, {"kBishopMobility", 0, 13},
                                 {"kRookMobility", 0, 14},  {"kQueenMobility", 0, 27},
                                 {"kPassedRank", 1, 6},     {"kPassedWeight", 3, 6},
                                 {"kConnected", 1, 6}};
    std::vector<std::vector<int>> chains;
    for (const Shape& shape : kShapes) {
        const auto decl = std::find_if(declarations().begin(), declarations().end(),
                                       [&](const WeightDecl& d) { return d.name == shape.name; });
        const int stride = decl->is_score ? 2 : 1;
        for (int half = 0; half < stride; ++half) {
            std::vector<int> chain;
            for (int e = shape.first; e <= shape.last; ++e)
                chain.push_back(decl->first_dim + e * stride + half);
            chains.push_back(std::move(chain));
        }
    }
    return chains;
}

namespace {

// The storage of a dimension in the calling thread (for a PST value: White's entry).
int& weight_ref(int dim) {
    const Dim& d = layout().dims[dim];
    switch (d.kind) {
        case DimKind::kMaterial:
            return half(detail::kMaterialValue[d.piece_square], d.endgame);
        case DimKind::kPst:
            return half(detail::kPstTable[d.piece_square / 64][d.piece_square % 64], d.endgame);
        case DimKind::kMeasured:
            break;
    }
    thread_local const std::vector<Named> named_here = this_thread_named();
    const Slot& s = layout().slots[dim];
    const Named& w = named_here[s.named];
    return w.scores ? half(w.scores[s.element], s.endgame) : w.ints[s.element];
}

}  // namespace

int get_weight(int dim) {
    return weight_ref(dim);
}

void set_weight(int dim, int value) {
    weight_ref(dim) = value;
    const Dim& d = layout().dims[dim];
    if (d.kind == DimKind::kPst) {
        // Black reads the vertically mirrored square of the same table.
        const int pt = d.piece_square / 64;
        const int sq = d.piece_square % 64;
        half(detail::kPstTable[pt + 6][sq ^ 56], d.endgame) = value;
    }
}

std::vector<int> read_weights() {
    std::vector<int> values(dims().size());
    for (int i = 0; i < int(values.size()); ++i) values[i] = get_weight(i);
    return values;
}

void write_weights(const std::vector<int>& values) {
    for (int i = 0; i < int(values.size()); ++i) set_weight(i, values[i]);
}

}  // namespace lmr::eval::tune
