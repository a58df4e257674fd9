#include "harness/report/cells.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

namespace lmr::report {

std::string fixed(double value, int decimals) {
    return stats::format_number(value, decimals);
}

std::string plus_minus(double value, double error, int decimals) {
    return fixed(value, decimals) + " ± " +
           (std::isinf(error) ? std::string("inf") : fixed(error, decimals));
}

std::string percent(double fraction, int decimals) {
    return fixed(100.0 * fraction, decimals) + " %";
}

std::string wdl(long wins, long draws, long losses) {
    return std::to_string(wins) + "/" + std::to_string(draws) + "/" + std::to_string(losses);
}

std::string ptnml(const stats::Pentanomial& pairs) {
    return "[" + std::to_string(pairs.ll) + "," + std::to_string(pairs.ld) + "," +
           std::to_string(pairs.wl + pairs.dd) + "," + std::to_string(pairs.wd) + "," +
           std::to_string(pairs.ww) + "]";
}

std::string short_date(const std::string& timestamp) {
    if (timestamp.size() < 16) return timestamp;
    std::string text = timestamp.substr(0, 16);
    if (text[10] == 'T') text[10] = ' ';
    return text;
}

std::string pooled_text(const std::vector<PooledTimeControl>& pooled) {
    std::string text;
    for (const PooledTimeControl& p : pooled) {
        const bool one = p.run_ids.find(',') == std::string::npos;
        text += (text.empty() ? "" : ", ") + p.time_control + (one ? " (run " : " (runs ") +
                p.run_ids + (p.database.empty() ? "" : " of " + p.database) + ")";
    }
    return text.empty() ? "-" : text;
}

std::string mixed_time_controls_note(const std::vector<PooledTimeControl>& pooled,
                                     const std::string& subject_and_verb) {
    std::set<std::string> distinct;
    for (const PooledTimeControl& p : pooled) distinct.insert(p.time_control);
    if (distinct.size() < 2) return "";
    return subject_and_verb + " " + std::to_string(distinct.size()) +
           " time controls on one scale, and a config's strength can differ between them: "
           "--tc TC restricts them to the runs of one.";
}

std::string number(double value) {
    if (std::isnan(value)) return "";
    if (std::isinf(value)) return value > 0 ? "+inf" : "-inf";
    // nlohmann writes the shortest representation that round-trips; -0 says nothing 0 does not.
    return nlohmann::json(value == 0 ? 0.0 : value).dump();
}

std::string number(std::optional<double> value) {
    return value ? number(*value) : std::string();
}

std::string integer(std::int64_t value) {
    return std::to_string(value);
}

}  // namespace lmr::report
