// LmrConfig: one LMR scheme as read from a JSON file (configs/*.json), fully resolved
// (defaults applied, "extends" merged, validated) into plain structs before a search starts.
// The JSON layout mirrors these structs one to one: lmr.steps.history.weight is
// config.lmr.steps.history.weight. docs/configs.md explains every key and its seed text.
#pragma once

#include <array>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace lmr::reduction {

// Thrown for every problem with a config; the message names the file and the JSON path.
class ConfigError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// How a reduced search that beats alpha is re-searched.
enum class ResearchPolicy {
    kReducedThenFull,  // REBEL: reduced null window -> full depth (full window at PV nodes)
    kThreeStage,       // textbook, Mediocre ("continue with PVS search"): reduced null window
                       // -> full-depth null window -> full window at PV nodes (PVS)
};

// Which root moves the root-list gate protects (seed 003: "From iteration 8 and on moves that
// have been best are never reduced", read two ways).
enum class RootBestReading {
    kBestInIteration,  // moves that were best in an iteration >= root_best_iteration
    kEverBest,         // every move that was ever best, once iteration root_best_iteration runs
};

// Step 5, "creates a new threat" (seed 003: "h3 attacking the black knight on G4"), read two
// ways.
enum class NewThreatMode {
    kThreatened,   // after the move an enemy N/B/R/Q is threatened as step 6 means it (attacked
                   // by a lower-valued piece, or attacked and undefended) that was not before
    kFirstAttack,  // the first reading: the move attacks an enemy N/B/R/Q that none of our
                   // pieces attacked before, whatever defends it (Ra1-e1 onto a pawn-defended Ne5)
};

// Step 6, "hanging piece resolved" (seed 003), read two ways.
enum class ThreatEscapeMode {
    kResolved,   // the mover had an N/B/R/Q the opponent wins material by taking; after the
                 // move it has none (moving it away, defending, blocking, taking the attacker)
    kMovedAway,  // narrow: the threatened N/B/R/Q itself moves to a square with SEE >= 0
};

// What "improving" means for the improving / not_improving terms.
enum class ImprovingRule {
    kEngine,    // static eval above two plies ago (four if that was in check; true if neither)
    kTextbook,  // seed 001: !in_check && ply >= 2 && eval > eval two plies ago
};

// How R * P / (100 * scale) becomes whole plies.
enum class Rounding {
    kTruncate,  // integer division toward zero, as REBEL's (R*P)/100
    kNearest,   // round half away from zero
};

enum class TableMode { kLog, kExplicit };
enum class HistorySource {
    kRebel,      // MoveContext::rebel_history (REBEL H[piece][to], -2000..2000)
    kEngine,     // MoveContext::history: the engine's ordering history, the sum of the
                 // butterfly table and two continuation tables (-49,152..49,152)
    kButterfly,  // MoveContext::butterfly_history: one [from][to] table (-16,384..16,384), the
                 // textbook's history_score
};

// A short list of integers with a fixed capacity: JSON arrays map to (count, values).
// Slots beyond count keep their values so that the tunable "count" can grow the list again.
template <int kCapacity>
struct IntList {
    std::array<int, kCapacity> values{};
    int count = 0;
    static constexpr int capacity() { return kCapacity; }
    const int* begin() const { return values.data(); }
    const int* end() const { return values.data() + count; }
};

// On/off switches of the non-LMR techniques, so LMR can be measured with or without them.
struct SearchSwitches {
    // REBEL editions 1-2 order every move by their 0..255 score (seed 000), so that
    // "move_count <= 3" counts in REBEL's order; off: the engine's staged picker.
    bool rebel_ordering = false;
    bool null_move = true;
    bool reverse_futility = true;
    bool futility = true;
    bool late_move_pruning = true;
    bool see_pruning = true;
    bool qsearch_see_pruning = true;
    bool check_extension = true;
    bool aspiration_windows = true;
    bool mate_distance_pruning = true;
    bool internal_iterative_reduction = true;
    // Off by default: measured -20 Elo at 4+0.04 in self-play (see docs/engine.md).
    bool singular_extension = false;
    bool probcut = true;
    bool qsearch_delta_pruning = true;
    bool correction_history = true;
};

// Gates decide before any weight is added: "no LMR" or "exactly one ply". All off by default;
// a preset states what it turns on.
struct Gates {
    bool tt_move = false;                  // TT move -> no LMR
    bool in_check = false;                 // side to move in check -> no LMR
    bool queen_promotion = false;          // -> no LMR
    bool promotion = false;                // any promotion -> no LMR (textbook)
    bool advanced_pawn = false;            // pawn to rank 6+ (black 3-) -> no LMR
    bool good_capture = false;             // capture with SEE >= 0 -> no LMR
    bool captures = false;                 // every capture -> no LMR
    bool bad_capture_one_ply = false;      // capture with SEE < 0 -> a fixed reduction
    bool gives_check = false;              // every checking move -> no LMR
    bool check_good_no_reduction = false;  // check with SEE >= 0 -> no LMR
    bool check_bad_one_ply = false;        // check with SEE < 0 -> a fixed reduction
    bool killers = false;                  // killer one or two -> no LMR
    bool root_reduce_once = false;         // root moves reduced by at most one ply
    bool root_best = false;                // root moves in REBEL's list of best moves -> no LMR
    int root_best_iteration = 8;           // ... from this iteration on
    RootBestReading root_best_reading = RootBestReading::kEverBest;
    // The fixed reductions of the two "one ply" gates, in 1/scale ply (10 = one ply at scale
    // 10), rounded like R; not scaled by P.
    int bad_capture_weight = 10;
    int check_bad_weight = 10;
};

// Every additive rule has enabled + weight; when its condition holds it adds
// weight * signal to R (R in 1/scale ply). The signal is the rule's own count in its seed:
// +1 for each R++, -1 for each R--, the table value in plies for the table.
struct TableStep {  // step 1
    bool enabled = false;
    int weight = 10;
    TableMode mode = TableMode::kLog;
    int base_x100 = 0;          // log mode: T = base + ln(depth) * ln(moves) / divisor
    int divisor_x100 = 200;     //   (both in hundredths: 200 = 2.0)
    bool integer_plies = true;  // truncate T to whole plies first (the textbook's (int) cast)
    std::vector<std::vector<int>> explicit_table;  // [depth][movecount] in plies (explicit mode)
};

struct HistoryStep {  // step 2
    bool enabled = false;
    int weight = 10;
    HistorySource source = HistorySource::kRebel;
    IntList<8> less_above{{0, 500, 1000, 1500}, 4};     // R-- for each value > threshold
    IntList<8> more_below{{0, -500, -1000, -1500}, 4};  // R++ for each value < threshold
};

struct FlagStep {  // step 11 and the flag terms: no parameter besides the weight
    bool enabled = false;
    int weight = 10;
};

struct NewThreatStep {  // step 5
    bool enabled = false;
    int weight = 10;
    NewThreatMode mode = NewThreatMode::kThreatened;
};

struct ThreatEscapeStep {  // step 6
    bool enabled = false;
    int weight = 10;
    ThreatEscapeMode mode = ThreatEscapeMode::kResolved;
};

struct MarginStep {  // steps 3, 4, 7, 8, 9, 10, 12
    bool enabled = false;
    int weight = 10;
    int margin = 0;
};

struct Steps {
    TableStep table;
    HistoryStep history;
    MarginStep eval_margin{false, 10, 25};       // static eval - margin > alpha -> R--
    MarginStep positional{false, 10, 50};        // eval - material > margin -> R--
    NewThreatStep new_threat;                    // move creates a new threat -> R--
    ThreatEscapeStep threat_escape;              // a hanging piece is resolved -> R--
    MarginStep passed_pawn_gain{false, 10, 25};  // passed-pawn term rose >= margin -> R--
    MarginStep king_safety_gain{false, 10, 25};  // king-safety term rose >= margin -> R--
    MarginStep eval_rise{false, 10, 50};         // eval rose >= margin -> R--
    MarginStep eval_drop{false, 10, 50};         // eval fell >= margin -> R++
    FlagStep killer;                             // killer one or two -> R--
    MarginStep pst_gain{false, 10, 20};          // PST[to] - PST[from] >= margin -> R--
};

struct HistoryDivisorTerm {  // textbook: reduction -= hist / 5000
    bool enabled = false;
    int weight = 10;
    HistorySource source = HistorySource::kEngine;
    int divisor = 5000;
    bool integer_signal = true;  // hist / divisor in whole plies first (the textbook); false:
                                 // weight * hist / divisor, keeping fractions of a ply
};

struct OrderingScoreTerm {  // REBEL editions 1-2: the rule on move-ordering scores 0..255
    bool enabled = false;
    int weight = 10;
    int no_lmr_min_score = 231;  // score >= this -> no LMR at all
    // No double reduction when score >= entry[min(depth, 7)].
    IntList<8> no_double_min_score{{121, 121, 121, 100, 105, 110, 115, 120}, 8};
    int triple_below = 90;  // double reduced and score < this -> triple
};

struct PvScaleTerm {  // textbook: at PV nodes reduction = reduction * 2 / 3
    bool enabled = false;
    int numerator = 2;
    int denominator = 3;
};

struct Terms {
    FlagStep constant;       // R++ always (REBEL ed1-4, Mediocre, CPW: "reduce by one ply")
    FlagStep non_pv_node;    // !is_pv -> R++
    FlagStep cut_node;       // expected cut node -> R++
    FlagStep tt_capture;     // quiet move while the TT move is a capture -> R++
    FlagStep improving;      // improving -> R--
    FlagStep not_improving;  // !improving -> R++
    FlagStep gives_check;    // gives check -> R--
    HistoryDivisorTerm history_divisor;
    OrderingScoreTerm ordering_score;
    PvScaleTerm pv_scale;
};

struct LmrParams {
    bool enabled = true;
    int min_depth = 3;         // LMR only when depth >= min_depth
    int full_depth_moves = 3;  // the first N moves at a node are never reduced
    int scale = 10;            // weight units per ply
    int percentage = 50;       // P: plies = R * P / (100 * scale)
    Rounding rounding = Rounding::kTruncate;
    int max_reduction = 63;        // cap in plies
    int min_child_depth = 0;       // reduced search keeps depth-1-R >= this (textbook: 1)
    bool allow_extension = false;  // negative R extends instead of being ignored
    int max_extension = 1;         // cap in plies when allow_extension
    // Negative R extends only while ply < factor * iteration (the check extension's limit);
    // 0 never extends.
    int extension_ply_factor = 2;
    ImprovingRule improving = ImprovingRule::kEngine;
    ResearchPolicy research = ResearchPolicy::kReducedThenFull;
    Gates gates;
    Steps steps;
    Terms terms;
};

struct LmrConfig {
    std::string name = "unnamed";
    std::string description;
    LmrParams lmr;
    SearchSwitches search;
    std::string source;  // file it was loaded from ("" for built-in); not part of the JSON

    // Short-hands for the search (the same fields as lmr.*).
    ResearchPolicy research() const { return lmr.research; }
    int min_depth() const { return lmr.min_depth; }
    int full_depth_moves() const { return lmr.full_depth_moves; }
};

// Reads, merges ("extends", relative to the file, deep merge) and validates a config.
// Throws ConfigError naming the file and the JSON path; never returns a half-read config.
LmrConfig load_config(const std::filesystem::path& file);
// Same from JSON text; origin names the text in messages, base_dir resolves "extends".
LmrConfig parse_config(std::string_view json_text, std::string_view origin,
                       const std::filesystem::path& base_dir = {});
// The built-in default: configs/default.json, compiled into the library.
LmrConfig default_config();
// Every key with its value after merging, as pretty JSON with a fixed key order (stored
// with each run, together with its SHA-256, so a result names exactly what played).
std::string resolved_json(const LmrConfig& config);
// Checks cross-field constraints and ranges of an in-memory config (e.g. after UCI setoption);
// throws ConfigError.
void validate(const LmrConfig& config);

}  // namespace lmr::reduction
