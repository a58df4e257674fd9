#pragma once

// The single-valued settings of a run plan, each declared once: its member, its key in the
// stored plan, its native flag and help, its fastchess option where fastchess has one of its own,
// how its text is read and checked, and its default (the RunPlan's own). From this table the
// native command line declares and reads its flags (cli/run_options.cpp), the fastchess front
// end reads its options (fastchess/command_line.cpp), and the stored plan writes and reads its
// keys (stored_plan.cpp). A new setting of this kind is its RunPlan member, its row here and
// its documentation; tests/tournament/plan_test.cpp round-trips every row at a value that is
// not its default.
//
// What is several values (the time control, adjudication, the engines, the SPRT) or says which
// games a run is (kind, pairing, seed, pairs, the book's path) has a reader of its own. The MPI
// wire (harness/games/wire.cpp) carries the games service's settings, not the plan: a run
// setting reaches it only as a member of match::GameSettings or games::EngineSettings.

#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/tournament/run_plan.hpp"

namespace lmr::tournament {

struct RunSetting {
    enum class Kind {
        kCount,      // a whole number in [min, max]
        kOnOff,      // "on" or "off"; stored as a boolean
        kText,       // any text; not stored when empty
        kBookOrder,  // "random" or "sequential"
    };
    std::string_view key;   // in the stored plan; "book.start" is "start" of its "book" object
    std::string_view flag;  // the native flag, without its dashes
    std::string_view help;
    Kind kind = Kind::kCount;
    long min = 0;
    long max = std::numeric_limits<long>::max();
    bool optional = false;  // no default: absent unless given (stored as null)
    // fastchess's option of its own ("-startup-ms"), and a second spelling of it; empty: none
    // (what fastchess sets inside -each or -openings is read there).
    std::string_view fastchess{};
    std::string_view fastchess_also{};
    // The value, as stored; null when an optional setting is absent.
    nlohmann::json (*get)(const RunPlan& plan) = nullptr;
    // Sets the value from its stored form; throws nlohmann::json::exception on a wrong type.
    void (*set)(RunPlan& plan, const nlohmann::json& value) = nullptr;
};

// Every row, in the order the native help lists them.
const std::vector<RunSetting>& run_settings();
// The row of `key`; throws std::invalid_argument when there is none.
const RunSetting& run_setting(std::string_view key);

// Reads `text` as the setting's value and sets it in `plan`. Returns what is wrong with the
// text ("must be at least 1", "expected on or off"), nullopt when it was set.
std::optional<std::string> set_from_text(const RunSetting& setting, RunPlan& plan,
                                         std::string_view text);
// The setting's value in `plan` as its flag takes it ("100", "off", "random"); empty for an
// absent optional or an empty text.
std::string value_text(const RunSetting& setting, const RunPlan& plan);

}  // namespace lmr::tournament
