#include "harness/stats/counts.hpp"

namespace lmr::stats {

std::array<double, 3> Trinomial::bins() const {
    return {static_cast<double>(losses), static_cast<double>(draws), static_cast<double>(wins)};
}

Trinomial& Trinomial::operator+=(const Trinomial& other) {
    wins += other.wins;
    draws += other.draws;
    losses += other.losses;
    return *this;
}

std::array<double, 5> Pentanomial::bins() const {
    return {static_cast<double>(ll), static_cast<double>(ld), static_cast<double>(wl + dd),
            static_cast<double>(wd), static_cast<double>(ww)};
}

Pentanomial& Pentanomial::operator+=(const Pentanomial& other) {
    ll += other.ll;
    ld += other.ld;
    wl += other.wl;
    dd += other.dd;
    wd += other.wd;
    ww += other.ww;
    return *this;
}

Outcome outcome_of(core::GameResult result, bool view_is_white) {
    if (result == core::GameResult::kDraw) return Outcome::kDraw;
    const bool white_won = result == core::GameResult::kWhiteWins;
    return white_won == view_is_white ? Outcome::kWin : Outcome::kLoss;
}

void add_game(Trinomial& counts, Outcome outcome) {
    switch (outcome) {
        case Outcome::kWin:
            ++counts.wins;
            break;
        case Outcome::kDraw:
            ++counts.draws;
            break;
        case Outcome::kLoss:
            ++counts.losses;
            break;
    }
}

void add_pair(Pentanomial& counts, Outcome first, Outcome second) {
    auto points = [](Outcome o) { return o == Outcome::kWin ? 2 : o == Outcome::kDraw ? 1 : 0; };
    switch (points(first) + points(second)) {
        case 0:
            ++counts.ll;
            break;
        case 1:
            ++counts.ld;
            break;
        case 2:
            // Two half-point results are DD; a win and a loss is WL.
            if (first == Outcome::kDraw) {
                ++counts.dd;
            } else {
                ++counts.wl;
            }
            break;
        case 3:
            ++counts.wd;
            break;
        default:
            ++counts.ww;
            break;
    }
}

bool PairTally::add(std::int64_t pair_index, Outcome outcome) {
    const auto [first, inserted] = waiting_.emplace(pair_index, outcome);
    if (inserted) return false;
    add_pair(pairs_, first->second, outcome);
    waiting_.erase(first);
    return true;
}

Trinomial to_trinomial(const Pentanomial& p) {
    return Trinomial{.wins = p.wl + p.wd + 2 * p.ww,
                     .draws = p.ld + 2 * p.dd + p.wd,
                     .losses = 2 * p.ll + p.ld + p.wl};
}

Trinomial mirrored(const Trinomial& games) {
    return Trinomial{.wins = games.losses, .draws = games.draws, .losses = games.wins};
}

Pentanomial mirrored(const Pentanomial& p) {
    return Pentanomial{.ll = p.ww, .ld = p.wd, .wl = p.wl, .dd = p.dd, .wd = p.ld, .ww = p.ll};
}

}  // namespace lmr::stats
