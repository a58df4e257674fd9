#include "harness/match/adjudication.hpp"

#include <cstdlib>
#include <stdexcept>

namespace lmr::match {

void AdjudicationConfig::validate() const {
    auto positive = [](int value, const char* name) {
        if (value <= 0)
            throw std::invalid_argument(std::string("adjudication: ") + name +
                                        " must be positive, got " + std::to_string(value));
    };
    auto non_negative = [](int value, const char* name) {
        if (value < 0)
            throw std::invalid_argument(std::string("adjudication: ") + name +
                                        " must not be negative, got " + std::to_string(value));
    };
    if (draw.enabled) {
        non_negative(draw.move_number, "draw move number");
        positive(draw.move_count, "draw move count");
        non_negative(draw.score_cp, "draw score");
    }
    if (resign.enabled) {
        positive(resign.move_count, "resign move count");
        positive(resign.score_cp, "resign score");
    }
    non_negative(max_moves, "maximum moves");
}

bool is_capture_or_pawn_move(const chess::Position& before, chess::Move move) {
    return before.is_capture(move) || chess::type_of(before.moved_piece(move)) == chess::kPawn;
}

Adjudicator::Adjudicator(const AdjudicationConfig& config) : config_(config) {
    config_.validate();
}

AdjudicationVerdict Adjudicator::on_move(const AdjudicationInput& move) {
    const int side = move.mover;
    const auto& score = move.score;

    if (config_.draw.enabled) {
        // cutechess-cli and fastchess count every move, not only those after move_number (the
        // verdict waits for it below), and restart after a capture or a pawn move.
        if (move.capture_or_pawn_move) draw_plies_ = 0;
        const bool in_window =
            score && !score->is_mate() && std::abs(score->value) <= config_.draw.score_cp;
        draw_plies_ = in_window ? draw_plies_ + 1 : 0;
    }
    if (config_.resign.enabled) {
        const int s = config_.resign.score_cp;
        const bool losing =
            score && (score->losing_mate() || (!score->is_mate() && score->value <= -s));
        const bool winning =
            score && (score->winning_mate() || (!score->is_mate() && score->value >= s));
        losing_moves_[side] = losing ? losing_moves_[side] + 1 : 0;
        winning_moves_[side] = winning ? winning_moves_[side] + 1 : 0;
    }

    AdjudicationVerdict verdict;
    if (config_.resign.enabled) {
        const int n = config_.resign.move_count;
        for (int loser = 0; loser < 2; ++loser) {
            const int winner = loser ^ 1;
            if (losing_moves_[loser] >= n &&
                (!config_.resign.two_sided || winning_moves_[winner] >= n)) {
                verdict.kind = AdjudicationVerdict::Kind::kResign;
                verdict.winner = chess::Color(winner);
                verdict.reason = std::string(loser == chess::kWhite ? "White" : "Black") +
                                 " resigns: score <= -" + std::to_string(config_.resign.score_cp) +
                                 " cp for " + std::to_string(n) + " moves" +
                                 (config_.resign.two_sided ? ", the opponent agreeing" : "");
                return verdict;
            }
        }
    }
    // Full moves completed with this one: White's move of move N completes N - 1 of them.
    const int moves_played = side == chess::kBlack ? move.move_number : move.move_number - 1;
    if (config_.draw.enabled && moves_played >= config_.draw.move_number &&
        draw_plies_ >= 2 * config_.draw.move_count) {
        verdict.kind = AdjudicationVerdict::Kind::kDraw;
        verdict.reason = "draw adjudication: |score| <= " + std::to_string(config_.draw.score_cp) +
                         " cp for " + std::to_string(config_.draw.move_count) +
                         " moves of both sides";
        return verdict;
    }
    if (config_.max_moves > 0 && move.game_plies >= 2 * config_.max_moves) {
        verdict.kind = AdjudicationVerdict::Kind::kMaxLength;
        verdict.reason =
            "maximum game length of " + std::to_string(config_.max_moves) + " moves reached";
        return verdict;
    }
    return verdict;
}

}  // namespace lmr::match
