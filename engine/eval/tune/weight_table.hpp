// The evaluation weights lmr-eval-tune fits, as one flat vector of integer dimensions, and
// access to the calling thread's copy of them (the tuner's build of the evaluation keeps
// every weight per thread, see weight_storage.hpp).
#pragma once

#include <string>
#include <vector>

namespace lmr::eval::tune {

// How a dimension enters the evaluation. Material and piece-square values are linear in the
// piece placement, so their effect is counted exactly; every other weight's effect is
// measured by evaluating with the weight changed (a finite difference).
enum class DimKind { kMaterial, kPst, kMeasured };

struct Dim {
    std::string label;  // "kDoubled.eg", "kKnightMobility[3].mg", "pst.knight.e4.mg"
    DimKind kind;
    // kMaterial: piece type; kPst: piece type * 64 + square (White's view, a1 = 0).
    int piece_square = 0;
    bool endgame = false;  // the eg half of a middlegame/endgame pair
};

// Every tunable dimension, in a fixed order shared by all threads: the measured weights of
// weights.hpp first, then material, then the piece-square tables.
const std::vector<Dim>& dims();

// A measured weight as declared in weights.hpp: a Score or int, or an array of them. Element
// e's dimension is first_dim + e * (is_score ? 2 : 1), plus 1 for the endgame half.
struct WeightDecl {
    std::string name;
    bool is_score = false;
    bool is_array = false;
    int count = 1;
    int first_dim = 0;
};
const std::vector<WeightDecl>& declarations();
// The dimension of material value (pawn ... queen) and of a piece-square value (square in
// White's view, a1 = 0), middlegame or endgame half.
int material_dim(int piece_type, bool endgame);
int pst_dim(int piece_type, int square, bool endgame);

// The chains of dimensions whose values the fit keeps non-decreasing: each half of every
// mobility table, passed-pawn bonuses and dynamic weights by rank, connected-pawn bonuses by
// rank (FitOptions::non_decreasing).
std::vector<std::vector<int>> non_decreasing_chains();

// The calling thread's current value of every dimension.
std::vector<int> read_weights();
// Sets the calling thread's weights (values.size() == dims().size()).
void write_weights(const std::vector<int>& values);
// Changes one dimension of the calling thread's weights.
int get_weight(int dim);
void set_weight(int dim, int value);

}  // namespace lmr::eval::tune
