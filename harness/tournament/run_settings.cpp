#include "harness/tournament/run_settings.hpp"

#include <cstddef>
#include <stdexcept>
#include <type_traits>

#include "engine/text/text.hpp"

namespace lmr::tournament {
namespace {

using Kind = RunSetting::Kind;

// The bound of a setting held in an int.
constexpr long kIntMax = 1'000'000;

// The stored form of a member: as JSON writes it, an optional as null when absent, the book
// order by its name.
template <typename T>
nlohmann::json stored(const T& value) {
    if constexpr (std::is_same_v<T, openings::BookOrder>)
        return std::string(openings::to_string(value));
    else if constexpr (std::is_same_v<T, std::optional<int>>)
        return value ? nlohmann::json(*value) : nlohmann::json();
    else
        return value;
}

template <typename T>
void restore(T& member, const nlohmann::json& value) {
    if constexpr (std::is_same_v<T, openings::BookOrder>) {
        const auto order = openings::parse_book_order(value.get<std::string>());
        // A name this build does not know reads as a mistyped value.
        if (!order) throw nlohmann::json::type_error::create(302, "no book order", &value);
        member = *order;
    } else if constexpr (std::is_same_v<T, std::optional<int>>) {
        member = value.is_null() ? std::nullopt : std::optional<int>(value.get<int>());
    } else {
        member = value.get<T>();
    }
}

// The member `Member` of a plan, or its member `Inner` (the book's settings).
template <auto Member, auto Inner, typename Plan>
auto& member_of(Plan& plan) {
    if constexpr (std::is_same_v<decltype(Inner), std::nullptr_t>)
        return plan.*Member;
    else
        return (plan.*Member).*Inner;
}

// A row with its get and set of that member.
template <auto Member, auto Inner = nullptr>
RunSetting row(RunSetting setting) {
    setting.get = [](const RunPlan& plan) { return stored(member_of<Member, Inner>(plan)); };
    setting.set = [](RunPlan& plan, const nlohmann::json& value) {
        restore(member_of<Member, Inner>(plan), value);
    };
    return setting;
}

}  // namespace

const std::vector<RunSetting>& run_settings() {
    static const std::vector<RunSetting> settings = {
        row<&RunPlan::time_margin_ms>({
            .key = "time_margin_ms",
            .flag = "margin",
            .help = "milliseconds an engine may exceed its clock before it loses on time",
        }),
        row<&RunPlan::stall_timeout_ms>({
            .key = "stall_timeout_ms",
            .flag = "stall-timeout",
            .help = "milliseconds a search without a clock (nodes=/depth=) may take before the "
                    "engine is declared stalled",
            .min = 1,
        }),
        row<&RunPlan::startup_timeout_ms>(
            {.key = "startup_timeout_ms",
             .flag = "startup-timeout",
             .help = "milliseconds an engine may take to answer `uci` when it starts",
             .min = 1,
             .fastchess = "-startup-ms"}),
        // fastchess's two waits for `readyok` (after `ucinewgame`, and for `isready` during a
        // game) are one here.
        row<&RunPlan::ready_timeout_ms>(
            {.key = "ready_timeout_ms",
             .flag = "ready-timeout",
             .help = "milliseconds an engine may take to answer `isready`",
             .min = 1,
             .fastchess = "-ucinewgame-ms",
             .fastchess_also = "-ping-ms"}),
        row<&RunPlan::restart_engines>(
            {.key = "restart_engines",
             .flag = "restart",
             .help = "on: a new engine process for every game; off: each slot keeps its engines",
             .kind = Kind::kOnOff}),
        row<&RunPlan::book, &BookPlan::order>({.key = "book.order",
                                               .flag = "book-order",
                                               .help = "random or sequential",
                                               .kind = Kind::kBookOrder}),
        row<&RunPlan::book, &BookPlan::plies>({.key = "book.plies",
                                               .flag = "book-plies",
                                               .help = "PGN books: plies of each game to play",
                                               .max = kIntMax,
                                               .optional = true}),
        row<&RunPlan::book, &BookPlan::start>(
            {.key = "book.start", .flag = "book-start", .help = "first opening index"}),
        row<&RunPlan::concurrency>({.key = "concurrency",
                                    .flag = "concurrency",
                                    .help = "games played at once",
                                    .min = 1,
                                    .max = kIntMax}),
        row<&RunPlan::report_every>(
            {.key = "report_every",
             .flag = "report-every",
             .help = "pairs between progress lines when the output is not a terminal",
             .max = kIntMax}),
        row<&RunPlan::event>({.key = "event",
                              .flag = "event",
                              .help = "PGN Event of the run's games (default: LMR Lab run N)",
                              .kind = Kind::kText,
                              .fastchess = "-event"}),
        row<&RunPlan::site>({.key = "site",
                             .flag = "site",
                             .help = "PGN Site of the run's games (default: LMR Lab)",
                             .kind = Kind::kText,
                             .fastchess = "-site"}),
    };
    return settings;
}

const RunSetting& run_setting(std::string_view key) {
    for (const RunSetting& setting : run_settings())
        if (setting.key == key) return setting;
    throw std::invalid_argument("run_setting: no setting '" + std::string(key) + "'");
}

std::optional<std::string> set_from_text(const RunSetting& setting, RunPlan& plan,
                                         std::string_view text) {
    nlohmann::json value;
    switch (setting.kind) {
        case Kind::kCount: {
            long count = 0;
            if (auto problem = text::count_problem(text, count)) return problem;
            if (count < setting.min) return "must be at least " + std::to_string(setting.min);
            if (count > setting.max)
                return "is too large (at most " + std::to_string(setting.max) + ")";
            value = count;
            break;
        }
        case Kind::kOnOff:
            if (text != "on" && text != "off") return "expected on or off";
            value = text == "on";
            break;
        case Kind::kText:
            value = std::string(text);
            break;
        case Kind::kBookOrder:
            if (!openings::parse_book_order(text)) return "expected random or sequential";
            value = std::string(text);
            break;
    }
    setting.set(plan, value);
    return std::nullopt;
}

std::string value_text(const RunSetting& setting, const RunPlan& plan) {
    const nlohmann::json value = setting.get(plan);
    if (value.is_null()) return "";
    if (value.is_boolean()) return value.get<bool>() ? "on" : "off";
    if (value.is_string()) return value.get<std::string>();
    return value.dump();
}

}  // namespace lmr::tournament
