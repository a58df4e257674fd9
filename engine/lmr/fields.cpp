// The field table (see fields.hpp). Each line defines one JSON key once.
#include "engine/lmr/fields.hpp"

namespace lmr::reduction {
namespace {

constexpr int kWeightMin = -1000, kWeightMax = 1000;
constexpr int kMarginMin = -10000, kMarginMax = 10000;
constexpr int kThresholdMin = -1000000, kThresholdMax = 1000000;

FieldDesc object(std::string_view path, std::string_view doc) {
    FieldDesc f;
    f.path = path;
    f.kind = FieldKind::kObject;
    f.doc = doc;
    return f;
}

FieldDesc with_kind(FieldDesc f, FieldKind kind, std::string_view path, std::string_view doc) {
    f.path = path;
    f.kind = kind;
    f.doc = doc;
    return f;
}

// Captureless lambdas convert to the accessor function pointers.
#define LMR_STRING(path, member, doc)                                         \
    [] {                                                                      \
        FieldDesc f = with_kind({}, FieldKind::kString, path, doc);           \
        f.string_ref = [](LmrConfig& c) -> std::string& { return c.member; }; \
        return f;                                                             \
    }()
#define LMR_BOOL(path, member, doc)                                  \
    [] {                                                             \
        FieldDesc f = with_kind({}, FieldKind::kBool, path, doc);    \
        f.bool_ref = [](LmrConfig& c) -> bool& { return c.member; }; \
        return f;                                                    \
    }()
#define LMR_INT(path, member, lo, hi, doc)                         \
    [] {                                                           \
        FieldDesc f = with_kind({}, FieldKind::kInt, path, doc);   \
        f.min = lo;                                                \
        f.max = hi;                                                \
        f.int_ref = [](LmrConfig& c) -> int& { return c.member; }; \
        return f;                                                  \
    }()
#define LMR_ENUM(path, member, type, doc, ...)                                      \
    [] {                                                                            \
        FieldDesc f = with_kind({}, FieldKind::kEnum, path, doc);                   \
        f.choices = {__VA_ARGS__};                                                  \
        f.enum_get = [](const LmrConfig& c) { return static_cast<int>(c.member); }; \
        f.enum_set = [](LmrConfig& c, int v) { c.member = static_cast<type>(v); };  \
        return f;                                                                   \
    }()
#define LMR_LIST(path, member, lo, hi, len_lo, len_hi, doc)                \
    [] {                                                                   \
        FieldDesc f = with_kind({}, FieldKind::kIntList, path, doc);       \
        f.min = lo;                                                        \
        f.max = hi;                                                        \
        f.min_len = len_lo;                                                \
        f.max_len = len_hi;                                                \
        f.list_ref = [](LmrConfig& c) -> IntList<8>& { return c.member; }; \
        return f;                                                          \
    }()
#define LMR_TABLE(path, member, lo, hi, len_hi, doc)                                           \
    [] {                                                                                       \
        FieldDesc f = with_kind({}, FieldKind::kTable, path, doc);                             \
        f.min = lo;                                                                            \
        f.max = hi;                                                                            \
        f.min_len = 0;                                                                         \
        f.max_len = len_hi;                                                                    \
        f.table_ref = [](LmrConfig& c) -> std::vector<std::vector<int>>& { return c.member; }; \
        return f;                                                                              \
    }()

// A step or term with enabled + weight.
#define LMR_ENABLED_WEIGHT(prefix, member, what)                         \
    LMR_BOOL(prefix ".enabled", member.enabled, "Switch " what " on."),  \
        LMR_INT(prefix ".weight", member.weight, kWeightMin, kWeightMax, \
                "Multiplier of " what "'s signal, in 1/scale ply (10 = one ply at scale 10).")

std::vector<FieldDesc> build_fields() {
    return {
        LMR_STRING("name", name, "Short name of the scheme (shown in reports)."),
        LMR_STRING("description", description, "What the scheme is and where it comes from."),

        object("lmr", "Late move reductions: global parameters, gates, steps and terms."),
        LMR_BOOL("lmr.enabled", lmr.enabled, "Reduce late moves at all (false = none.json)."),
        LMR_INT("lmr.min_depth", lmr.min_depth, 0, 64,
                "LMR only when the remaining depth is at least this (REBEL: depth < 3 -> none)."),
        LMR_INT("lmr.full_depth_moves", lmr.full_depth_moves, 0, 256,
                "The first N moves searched at a node are never reduced (move_number <= N)."),
        LMR_INT("lmr.scale", lmr.scale, 1, 1000,
                "Weight units per ply: R accumulates in 1/scale ply (REBEL: factor 10)."),
        LMR_INT("lmr.percentage", lmr.percentage, 0, 1000,
                "P: final plies = R * P / (100 * scale) (REBEL: P = 50)."),
        LMR_ENUM("lmr.rounding", lmr.rounding, Rounding,
                 "How R * P / (100 * scale) becomes plies: truncate toward zero (REBEL's integer "
                 "division) or round to nearest.",
                 "truncate", "nearest"),
        LMR_INT("lmr.max_reduction", lmr.max_reduction, 0, 63, "Cap on the reduction in plies."),
        LMR_INT("lmr.min_child_depth", lmr.min_child_depth, 0, 8,
                "The reduced search keeps at least this depth: R <= depth - 1 - min_child_depth "
                "(textbook clamp(reduction, 0, new_depth - 1) is 1)."),
        LMR_BOOL("lmr.allow_extension", lmr.allow_extension,
                 "A negative R extends the move instead of being ignored (REBEL's musing)."),
        LMR_INT("lmr.max_extension", lmr.max_extension, 0, 4,
                "Cap in plies on an extension from a negative R."),
        LMR_INT("lmr.extension_ply_factor", lmr.extension_ply_factor, 0, 8,
                "A negative R extends only while ply < this * the iteration's depth (the check "
                "extension's limit, so extensions cannot run away); 0 never extends."),
        LMR_ENUM("lmr.improving", lmr.improving, ImprovingRule,
                 "What the improving / not_improving terms read: engine (static eval above two "
                 "plies ago, else four, else true) or textbook (seed 001: not in check, ply >= 2 "
                 "and eval above two plies ago).",
                 "engine", "textbook"),
        LMR_ENUM("lmr.research", lmr.research, ResearchPolicy,
                 "Re-search when the reduced null-window search beats alpha: full depth, full "
                 "window at PV nodes (REBEL) or PVS: full-depth null window, then the full "
                 "window at PV nodes (textbook; Mediocre's \"continue with PVS search\").",
                 "reduced_then_full", "three_stage"),

        object("lmr.gates", "Decided before any weight: no LMR, or exactly one ply."),
        LMR_BOOL("lmr.gates.tt_move", lmr.gates.tt_move, "The TT (hash) move is not reduced."),
        LMR_BOOL("lmr.gates.in_check", lmr.gates.in_check,
                 "No LMR when the side to move is in check."),
        LMR_BOOL("lmr.gates.queen_promotion", lmr.gates.queen_promotion,
                 "Queen promotions are not reduced."),
        LMR_BOOL("lmr.gates.promotion", lmr.gates.promotion, "No promotion is reduced (textbook)."),
        LMR_BOOL("lmr.gates.advanced_pawn", lmr.gates.advanced_pawn,
                 "Pawn moves to the 6th rank or beyond (3rd or below for Black) are not reduced."),
        LMR_BOOL("lmr.gates.good_capture", lmr.gates.good_capture,
                 "Captures with SEE >= 0 are not reduced."),
        LMR_BOOL("lmr.gates.captures", lmr.gates.captures, "No capture is reduced."),
        LMR_BOOL("lmr.gates.bad_capture_one_ply", lmr.gates.bad_capture_one_ply,
                 "Captures with SEE < 0 are reduced by exactly bad_capture_weight (one ply)."),
        LMR_INT("lmr.gates.bad_capture_weight", lmr.gates.bad_capture_weight, 0, kWeightMax,
                "The bad-capture gate's reduction in 1/scale ply, rounded like R, not scaled by "
                "P (seed 003: one ply = scale)."),
        LMR_BOOL("lmr.gates.gives_check", lmr.gates.gives_check, "No checking move is reduced."),
        LMR_BOOL("lmr.gates.check_good_no_reduction", lmr.gates.check_good_no_reduction,
                 "Checking moves with SEE >= 0 are not reduced."),
        LMR_BOOL("lmr.gates.check_bad_one_ply", lmr.gates.check_bad_one_ply,
                 "Checking moves with SEE < 0 are reduced by exactly check_bad_weight (one ply)."),
        LMR_INT("lmr.gates.check_bad_weight", lmr.gates.check_bad_weight, 0, kWeightMax,
                "The bad-check gate's reduction in 1/scale ply, rounded like R, not scaled by P "
                "(seed 003: one ply = scale)."),
        LMR_BOOL("lmr.gates.killers", lmr.gates.killers,
                 "Killer moves (one and two) are not reduced."),
        LMR_BOOL("lmr.gates.root_reduce_once", lmr.gates.root_reduce_once,
                 "Root moves are reduced by at most one ply."),
        LMR_BOOL("lmr.gates.root_best", lmr.gates.root_best,
                 "Root moves in the list of best moves are never reduced (seed 003)."),
        LMR_INT("lmr.gates.root_best_iteration", lmr.gates.root_best_iteration, 1, 64,
                "The iteration from which the root list protects (seed 003: 8)."),
        LMR_ENUM("lmr.gates.root_best_reading", lmr.gates.root_best_reading, RootBestReading,
                 "best_in_iteration: moves that were best in an iteration >= root_best_iteration; "
                 "ever_best: every move that was ever best, once that iteration is reached.",
                 "best_in_iteration", "ever_best"),

        object("lmr.steps", "REBEL's twelve steps; each adds weight * signal to R."),
        object("lmr.steps.table", "Step 1: the initial R from a [depth][movecount] table."),
        LMR_ENABLED_WEIGHT("lmr.steps.table", lmr.steps.table, "step 1"),
        LMR_ENUM("lmr.steps.table.mode", lmr.steps.table.mode, TableMode,
                 "log: T = base + ln(depth) * ln(movecount) / divisor; explicit: the table below.",
                 "log", "explicit"),
        LMR_INT("lmr.steps.table.base_x100", lmr.steps.table.base_x100, -10000, 10000,
                "Log mode: base in hundredths of a ply."),
        LMR_INT("lmr.steps.table.divisor_x100", lmr.steps.table.divisor_x100, 1, 100000,
                "Log mode: divisor in hundredths (200 = 2.0, the textbook's /2.0)."),
        LMR_BOOL("lmr.steps.table.integer_plies", lmr.steps.table.integer_plies,
                 "Truncate T to whole plies before weighting (the textbook's (int) cast)."),
        LMR_TABLE("lmr.steps.table.explicit_table", lmr.steps.table.explicit_table, 0, 63, 64,
                  "Explicit mode: rows by depth, columns by movecount, in plies; depths and "
                  "movecounts past the end use the last row / column."),

        object("lmr.steps.history",
               "Step 2: the history value moves R: one signal step per threshold crossed."),
        LMR_ENABLED_WEIGHT("lmr.steps.history", lmr.steps.history, "step 2"),
        LMR_ENUM("lmr.steps.history.source", lmr.steps.history.source, HistorySource,
                 "rebel: REBEL's H[piece][to] (-2000..2000); engine: the engine's ordering "
                 "history (butterfly + two continuation tables, -49152..49152); butterfly: the "
                 "[from][to] table alone (-16384..16384).",
                 "rebel", "engine", "butterfly"),
        LMR_LIST("lmr.steps.history.less_above", lmr.steps.history.less_above, kThresholdMin,
                 kThresholdMax, 0, 8, "R-- for each threshold the value is above."),
        LMR_LIST("lmr.steps.history.more_below", lmr.steps.history.more_below, kThresholdMin,
                 kThresholdMax, 0, 8, "R++ for each threshold the value is below."),

        object("lmr.steps.eval_margin", "Step 3: static eval > alpha + margin -> R--."),
        LMR_ENABLED_WEIGHT("lmr.steps.eval_margin", lmr.steps.eval_margin, "step 3"),
        LMR_INT("lmr.steps.eval_margin.margin", lmr.steps.eval_margin.margin, kMarginMin,
                kMarginMax, "Margin in cp (REBEL: \"a (small) margin\")."),
        object("lmr.steps.positional", "Step 4: eval - material > margin -> R--."),
        LMR_ENABLED_WEIGHT("lmr.steps.positional", lmr.steps.positional, "step 4"),
        LMR_INT("lmr.steps.positional.margin", lmr.steps.positional.margin, kMarginMin, kMarginMax,
                "Margin in cp (REBEL: 0.50 = 50)."),
        object("lmr.steps.new_threat",
               "Step 5: the move creates a new threat on an enemy N/B/R/Q, SEE >= 0 -> R--."),
        LMR_ENABLED_WEIGHT("lmr.steps.new_threat", lmr.steps.new_threat, "step 5"),
        LMR_ENUM("lmr.steps.new_threat.mode", lmr.steps.new_threat.mode, NewThreatMode,
                 "threatened: after the move an enemy N/B/R/Q is threatened as step 6 means it "
                 "(attacked by a lower-valued piece, or attacked and undefended) that was not "
                 "before (seed 003's h3 against a knight on g4); first_attack: the move attacks "
                 "an enemy N/B/R/Q that none of our pieces attacked before, however defended.",
                 "threatened", "first_attack"),
        object("lmr.steps.threat_escape",
               "Step 6: the move resolves a hanging N/B/R/Q, SEE >= 0 -> R--."),
        LMR_ENABLED_WEIGHT("lmr.steps.threat_escape", lmr.steps.threat_escape, "step 6"),
        LMR_ENUM("lmr.steps.threat_escape.mode", lmr.steps.threat_escape.mode, ThreatEscapeMode,
                 "resolved: the mover had an N/B/R/Q the opponent wins material by taking "
                 "(attacked by a lower piece, or attacked and undefended) and after the move has "
                 "none - moved away, defended, blocked or attacker taken (seed 003's \"moves that "
                 "simply eliminate the threat\"); moved_away: only the threatened piece moving.",
                 "resolved", "moved_away"),
        object("lmr.steps.passed_pawn_gain",
               "Step 7: the passed-pawn term rose by >= margin with the move -> R--."),
        LMR_ENABLED_WEIGHT("lmr.steps.passed_pawn_gain", lmr.steps.passed_pawn_gain, "step 7"),
        LMR_INT("lmr.steps.passed_pawn_gain.margin", lmr.steps.passed_pawn_gain.margin, kMarginMin,
                kMarginMax, "Margin in cp (REBEL: 0.25 = 25)."),
        object("lmr.steps.king_safety_gain",
               "Step 8: the king-safety term rose by >= margin with the move -> R--."),
        LMR_ENABLED_WEIGHT("lmr.steps.king_safety_gain", lmr.steps.king_safety_gain, "step 8"),
        LMR_INT("lmr.steps.king_safety_gain.margin", lmr.steps.king_safety_gain.margin, kMarginMin,
                kMarginMax, "Margin in cp (REBEL: 0.25 = 25)."),
        object("lmr.steps.eval_rise", "Step 9: the evaluation rose by >= margin -> R--."),
        LMR_ENABLED_WEIGHT("lmr.steps.eval_rise", lmr.steps.eval_rise, "step 9"),
        LMR_INT("lmr.steps.eval_rise.margin", lmr.steps.eval_rise.margin, kMarginMin, kMarginMax,
                "Margin in cp (REBEL: 0.50 = 50)."),
        object("lmr.steps.eval_drop", "Step 10: the evaluation fell by >= margin -> R++."),
        LMR_ENABLED_WEIGHT("lmr.steps.eval_drop", lmr.steps.eval_drop, "step 10"),
        LMR_INT("lmr.steps.eval_drop.margin", lmr.steps.eval_drop.margin, kMarginMin, kMarginMax,
                "Margin in cp (REBEL: 0.50 = 50)."),
        object("lmr.steps.killer", "Step 11: killer one or two -> R--."),
        LMR_ENABLED_WEIGHT("lmr.steps.killer", lmr.steps.killer, "step 11"),
        object("lmr.steps.pst_gain",
               "Step 12: PST[piece][to] - PST[piece][from] >= margin -> R--."),
        LMR_ENABLED_WEIGHT("lmr.steps.pst_gain", lmr.steps.pst_gain, "step 12"),
        LMR_INT("lmr.steps.pst_gain.margin", lmr.steps.pst_gain.margin, kMarginMin, kMarginMax,
                "Margin in cp (REBEL: \"an excellent PST score\")."),

        object("lmr.terms", "Further terms the other seed schemes need, weighted like the steps."),
        object("lmr.terms.constant", "R++ for every move that passes the gates (\"reduction()\")."),
        LMR_ENABLED_WEIGHT("lmr.terms.constant", lmr.terms.constant, "the constant term"),
        object("lmr.terms.non_pv_node", "Textbook: if (!is_pv) reduction++."),
        LMR_ENABLED_WEIGHT("lmr.terms.non_pv_node", lmr.terms.non_pv_node, "the non-PV term"),
        object("lmr.terms.cut_node",
               "Modern: +1 at an expected cut node (a non-PV node reached by a late move of a "
               "node that was itself expected to fail low); its moves are expected to fail low."),
        LMR_ENABLED_WEIGHT("lmr.terms.cut_node", lmr.terms.cut_node, "the cut-node term"),
        object("lmr.terms.tt_capture",
               "Modern: +1 for a non-capture when the node's TT move is a capture (the position "
               "is tactical; quiet alternatives rarely matter)."),
        LMR_ENABLED_WEIGHT("lmr.terms.tt_capture", lmr.terms.tt_capture, "the TT-capture term"),
        object("lmr.terms.improving", "Textbook: if (improving) reduction--."),
        LMR_ENABLED_WEIGHT("lmr.terms.improving", lmr.terms.improving, "the improving term"),
        object("lmr.terms.not_improving", "Textbook: if (!improving) reduction++."),
        LMR_ENABLED_WEIGHT("lmr.terms.not_improving", lmr.terms.not_improving,
                           "the not-improving term"),
        object("lmr.terms.gives_check", "Textbook: if (gives_check) reduction--."),
        LMR_ENABLED_WEIGHT("lmr.terms.gives_check", lmr.terms.gives_check, "the check term"),
        object("lmr.terms.history_divisor",
               "Textbook: reduction -= history / divisor (engine history, C integer division)."),
        LMR_ENABLED_WEIGHT("lmr.terms.history_divisor", lmr.terms.history_divisor,
                           "the history-divisor term"),
        LMR_ENUM("lmr.terms.history_divisor.source", lmr.terms.history_divisor.source,
                 HistorySource,
                 "Which history is divided (as steps.history.source); the textbook's "
                 "history_score is one table: butterfly.",
                 "rebel", "engine", "butterfly"),
        LMR_INT("lmr.terms.history_divisor.divisor", lmr.terms.history_divisor.divisor, 1,
                kThresholdMax, "The constant (textbook: 5000)."),
        LMR_BOOL("lmr.terms.history_divisor.integer_signal",
                 lmr.terms.history_divisor.integer_signal,
                 "Divide first, in whole plies, as the textbook's C (true); or weight * history / "
                 "divisor, keeping fractions of a ply (false)."),
        object("lmr.terms.ordering_score",
               "REBEL editions 1-2: the move-ordering score 0..255 gates LMR and makes it double "
               "and triple."),
        LMR_ENABLED_WEIGHT("lmr.terms.ordering_score", lmr.terms.ordering_score,
                           "the ordering-score term"),
        LMR_INT("lmr.terms.ordering_score.no_lmr_min_score",
                lmr.terms.ordering_score.no_lmr_min_score, 0, 256,
                "score >= this -> no LMR (TT move, good and equal captures: 231)."),
        LMR_LIST("lmr.terms.ordering_score.no_double_min_score",
                 lmr.terms.ordering_score.no_double_min_score, 0, 256, 8, 8,
                 "Indexed by depth 0..7 (7 = 7 and deeper): score >= entry -> no double "
                 "reduction (REBEL: 121,121,121,100,105,110,115,120)."),
        LMR_INT("lmr.terms.ordering_score.triple_below", lmr.terms.ordering_score.triple_below, 0,
                256, "Doubled and score < this -> triple (REBEL: 90)."),
        object("lmr.terms.pv_scale",
               "Textbook: at PV nodes reduction = reduction * numerator / denominator."),
        LMR_BOOL("lmr.terms.pv_scale.enabled", lmr.terms.pv_scale.enabled,
                 "Switch the PV scaling on."),
        LMR_INT("lmr.terms.pv_scale.numerator", lmr.terms.pv_scale.numerator, 0, 100,
                "Numerator (textbook: 2)."),
        LMR_INT("lmr.terms.pv_scale.denominator", lmr.terms.pv_scale.denominator, 1, 100,
                "Denominator (textbook: 3)."),

        object("search", "On/off switches of the non-LMR search techniques."),
        LMR_BOOL("search.rebel_ordering", search.rebel_ordering,
                 "Order every move by REBEL's 0..255 score (seed 000) instead of the staged "
                 "picker, so that move counts mean what they mean in REBEL (editions 1-2)."),
        LMR_BOOL("search.null_move", search.null_move, "Null-move pruning."),
        LMR_BOOL("search.reverse_futility", search.reverse_futility,
                 "Reverse futility (static null move) pruning."),
        LMR_BOOL("search.futility", search.futility,
                 "Futility pruning of quiet moves (main search)."),
        LMR_BOOL("search.late_move_pruning", search.late_move_pruning,
                 "Late move pruning (move-count based)."),
        LMR_BOOL("search.see_pruning", search.see_pruning, "SEE pruning in the main search."),
        LMR_BOOL("search.qsearch_see_pruning", search.qsearch_see_pruning,
                 "SEE pruning of losing captures in quiescence."),
        LMR_BOOL("search.check_extension", search.check_extension, "Check extension."),
        LMR_BOOL("search.aspiration_windows", search.aspiration_windows, "Aspiration windows."),
        LMR_BOOL("search.mate_distance_pruning", search.mate_distance_pruning,
                 "Mate distance pruning."),
        LMR_BOOL("search.internal_iterative_reduction", search.internal_iterative_reduction,
                 "Internal iterative reduction (no TT move -> search shallower)."),
        LMR_BOOL("search.singular_extension", search.singular_extension,
                 "Singular extension of a TT move that no other move comes close to, with "
                 "multi-cut and the negative extension (off by default: it lost Elo here)."),
        LMR_BOOL("search.probcut", search.probcut,
                 "ProbCut: a good capture that beats beta by a margin at reduced depth cuts."),
        LMR_BOOL("search.qsearch_delta_pruning", search.qsearch_delta_pruning,
                 "Delta pruning of captures in quiescence that cannot reach alpha."),
        LMR_BOOL("search.correction_history", search.correction_history,
                 "Correct the static evaluation by the pawn-structure correction history."),
    };
}

}  // namespace

std::string_view FieldDesc::key() const {
    const auto dot = path.rfind('.');
    return dot == std::string_view::npos ? path : path.substr(dot + 1);
}

std::string_view FieldDesc::parent() const {
    const auto dot = path.rfind('.');
    return dot == std::string_view::npos ? std::string_view{} : path.substr(0, dot);
}

std::span<const FieldDesc> config_fields() {
    static const std::vector<FieldDesc> fields = build_fields();
    return fields;
}

const FieldDesc* find_field(std::string_view path) {
    for (const FieldDesc& f : config_fields())
        if (f.path == path) return &f;
    return nullptr;
}

}  // namespace lmr::reduction
