#include "harness/report/cells.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

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
