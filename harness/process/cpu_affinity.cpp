#include "harness/process/cpu_affinity.hpp"

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <stdexcept>
#include <string>
#include <system_error>

namespace lmr::process {
namespace {

cpu_set_t set_of(const std::vector<int>& cpus) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int cpu : cpus) CPU_SET(cpu, &set);
    return set;
}

std::vector<int> cpus_of(const cpu_set_t& set) {
    std::vector<int> cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
    return cpus;
}

void set_thread_cpus(const std::vector<int>& cpus) {
    const cpu_set_t set = set_of(cpus);
    if (const int error = ::pthread_setaffinity_np(::pthread_self(), sizeof set, &set))
        throw std::system_error(error, std::generic_category(), "pthread_setaffinity_np");
}

int parse_cpu(std::string_view text, std::string_view list) {
    int cpu = -1;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), cpu);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || cpu < 0)
        throw std::invalid_argument("'" + std::string(text) + "' in CPU list '" +
                                    std::string(list) + "' is not a CPU number");
    return cpu;
}

}  // namespace

std::vector<int> allowed_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (::sched_getaffinity(0, sizeof set, &set) != 0)
        throw std::system_error(errno, std::generic_category(), "sched_getaffinity");
    return cpus_of(set);
}

std::vector<int> parse_cpu_list(std::string_view text) {
    const std::vector<int> allowed = allowed_cpus();
    std::vector<int> cpus;
    std::string_view rest = text;
    while (true) {
        const auto comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        const auto dash = item.find('-');
        const int first = parse_cpu(item.substr(0, dash), text);
        const int last =
            dash == std::string_view::npos ? first : parse_cpu(item.substr(dash + 1), text);
        if (last < first)
            throw std::invalid_argument("range '" + std::string(item) + "' in CPU list '" +
                                        std::string(text) + "' runs backwards");
        for (int cpu = first; cpu <= last; ++cpu) {
            if (!std::binary_search(allowed.begin(), allowed.end(), cpu))
                throw std::invalid_argument("CPU " + std::to_string(cpu) +
                                            " is not one this process may run on");
            cpus.push_back(cpu);
        }
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    return cpus;
}

ThreadPin::ThreadPin(std::optional<int> cpu) {
    if (!cpu) return;
    if (*cpu < 0 || *cpu >= CPU_SETSIZE)
        throw std::invalid_argument("no CPU " + std::to_string(*cpu));
    cpu_set_t set;
    CPU_ZERO(&set);
    if (const int error = ::pthread_getaffinity_np(::pthread_self(), sizeof set, &set))
        throw std::system_error(error, std::generic_category(), "pthread_getaffinity_np");
    const std::vector<int> previous = cpus_of(set);
    set_thread_cpus({*cpu});
    previous_ = previous;
}

ThreadPin::~ThreadPin() {
    if (previous_.empty()) return;
    const cpu_set_t set = set_of(previous_);
    ::pthread_setaffinity_np(::pthread_self(), sizeof set, &set);  // best effort on the way out
}

}  // namespace lmr::process
