#pragma once

// Cell text shared by the document builders: how numbers, Elo intervals, counts and dates look
// in a human table, and how a machine (CSV) cell writes a number.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/report/data.hpp"
#include "harness/stats/format.hpp"

namespace lmr::report {

// Human: fixed decimals as `lmr-harness stats` prints them ("+inf", "-inf").
std::string fixed(double value, int decimals);
// Human: "24.36 ± 29.11" (an unbounded error shows as "inf").
std::string plus_minus(double value, double error, int decimals = 2);
// Human: "53.50 %".
std::string percent(double fraction, int decimals = 2);
// Human: "46/122/32".
std::string wdl(long wins, long draws, long losses);
// Human: the five fishtest bins "[2,18,50,24,6]" (LL, LD, WL+DD, WD, WW).
std::string ptnml(const stats::Pentanomial& pairs);
// Human: "2024-05-01 12:00" from "2024-05-01T12:00:00.123Z" (UTC); "" stays "".
std::string short_date(const std::string& timestamp);
// "nodes=20000 (runs 1,4), tc=10+0.1 (run 7 of b.db)": which runs a pooled figure mixed.
std::string pooled_text(const std::vector<PooledTimeControl>& pooled);
// The note a pooled figure gets when it mixes time controls ("" when it does not), after
// `subject_and_verb` ("This list pools", "These figures pool").
std::string mixed_time_controls_note(const std::vector<PooledTimeControl>& pooled,
                                     const std::string& subject_and_verb);

// Machine: the shortest text that reads back as the same double; "+inf"/"-inf" as the stats
// JSON writes them; "" for NaN (undefined).
std::string number(double value);
std::string number(std::optional<double> value);
std::string integer(std::int64_t value);

}  // namespace lmr::report
