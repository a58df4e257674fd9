#include "harness/match/pv_checker.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/text/text.hpp"

namespace lmr::match {
namespace {

using core::Score;

// Room for the PV moves and the info line of a typical search, so the first lines of a game do
// not grow the buffers one step at a time.
constexpr std::size_t kTypicalPvPlies = 256;
constexpr std::size_t kTypicalInfoLine = 4096;

// Why the game would already be over in `pos`, where the PV wants to play on; nullopt while it
// goes on. `has_legal_move` is known from the lookup of the PV move, which saves a second move
// generation per ply. Insufficient material does not count: fastchess leaves it out as well.
std::optional<core::PvViolation> game_over(const chess::Position& pos, bool has_legal_move) {
    if (!has_legal_move)
        return pos.in_check() ? core::PvViolation::kAfterCheckmate
                              : core::PvViolation::kAfterStalemate;
    if (pos.is_repetition_threefold()) return core::PvViolation::kAfterRepetition;
    if (pos.halfmove_clock() >= 100) return core::PvViolation::kAfterFiftyMove;
    return std::nullopt;
}

// The PV moves made on a position, taken back in reverse order when the replay ends, however
// it ends.
class ReplayedMoves {
  public:
    ReplayedMoves(chess::Position& pos, std::vector<chess::Move>& made) : pos_(pos), made_(made) {
        made_.clear();
    }
    ~ReplayedMoves() {
        for (auto it = made_.rbegin(); it != made_.rend(); ++it) pos_.unmake_move(*it);
        made_.clear();
    }
    ReplayedMoves(const ReplayedMoves&) = delete;
    ReplayedMoves& operator=(const ReplayedMoves&) = delete;

    void make(chess::Move move) {
        pos_.make_move(move);
        made_.push_back(move);
    }

  private:
    chess::Position& pos_;
    std::vector<chess::Move>& made_;
};

// The PV length an exact mate score announces: mate N (N > 0) is delivered on the PV's last
// ply, 2N-1; mate -N is suffered after the opponent's N-th move, 2N; mate 0 is mate already.
long long announced_plies(int mate) {
    return mate > 0 ? 2LL * mate - 1 : -2LL * mate;
}

bool is_checkmate(const chess::Position& pos) {
    return pos.in_check() && chess::count_legal_moves(pos) == 0;
}

}  // namespace

std::optional<PvFinding> check_pv(chess::Position& pos, const std::vector<std::string>& pv,
                                  const std::optional<Score>& score,
                                  std::vector<chess::Move>& made) {
    ReplayedMoves replayed(pos, made);
    for (const std::string& text : pv) {
        const chess::Move move = chess::parse_uci(pos, text);
        const bool legal = !move.is_none();
        const bool has_legal_move = legal || chess::count_legal_moves(pos) > 0;
        if (const auto over = game_over(pos, has_legal_move)) return PvFinding{*over, text};
        if (!legal) return PvFinding{core::PvViolation::kIllegalMove, text};
        replayed.make(move);
    }
    // Only an exact mate score promises a complete line: a bound says the search stopped early.
    if (!score || score->kind != Score::Kind::kMate || score->bound != Score::Bound::kExact)
        return std::nullopt;
    const long long plies = announced_plies(score->value);
    const auto length = static_cast<long long>(pv.size());
    if (length < plies) return PvFinding{core::PvViolation::kMateShort, {}};
    if (length > plies) return PvFinding{core::PvViolation::kMateLong, {}};
    if (!is_checkmate(pos)) return PvFinding{core::PvViolation::kMateNotMate, {}};
    return std::nullopt;
}

PvChecker::PvChecker() {
    made_.reserve(kTypicalPvPlies);
    last_pv_line_.reserve(kTypicalInfoLine);
}

bool limits_strength(const std::vector<std::pair<std::string, std::string>>& options) {
    for (const auto& [name, value] : options)
        if (text::iequals(name, "UCI_LimitStrength")) return text::iequals(value, "true");
    return false;
}

void PvChecker::start_search(chess::Color side, bool check_bestmove) {
    searching_ = true;
    side_ = side;
    check_bestmove_ = check_bestmove;
    have_last_pv_ = false;
    ++tallies_[side].searches;
}

void PvChecker::check_info(chess::Position& pos, const uci_client::SearchInfo& info,
                           std::string_view line) {
    if (!searching_ || info.pv.empty()) return;
    ++tallies_[side_].pvs;
    if (const auto finding = check_pv(pos, info.pv, info.score, made_))
        record(finding->kind, finding->move, line, pos);
    // Lines of other multipv ranks are other moves' lines: only the first is the bestmove's.
    if (info.multipv.value_or(1) != 1) return;
    have_last_pv_ = true;
    last_pv_bound_ = info.score && info.score->bound != Score::Bound::kExact;
    last_pv_first_.assign(info.pv.front());
    last_pv_line_.assign(line);
}

void PvChecker::finish_search(const chess::Position& pos, std::string_view bestmove) {
    if (!searching_) return;
    searching_ = false;
    if (!check_bestmove_ || bestmove.empty() || !have_last_pv_ || last_pv_bound_) return;
    if (bestmove != last_pv_first_)
        record(core::PvViolation::kBestmoveNotPv, bestmove, last_pv_line_, pos);
}

void PvChecker::record(core::PvViolation kind, std::string_view move, std::string_view line,
                       const chess::Position& pos) {
    core::PvTally& tally = tallies_[side_];
    const auto index = static_cast<std::size_t>(kind);
    if (tally.counts[index]++ > 0) return;
    // fastchess prints the warning, the info line and the position; so does the first example.
    std::string& text = tally.first[index];
    text = core::fastchess_warning(kind);
    if (!move.empty()) text.append(" - move ").append(move);
    text.append("; info: ").append(line).append("; fen: ").append(pos.fen());
}

}  // namespace lmr::match
