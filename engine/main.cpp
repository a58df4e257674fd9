// lmr-engine: a UCI chess engine whose late move reductions come from a JSON config.
//   lmr-engine [--config FILE]                      UCI protocol on stdin/stdout
//   lmr-engine [--config FILE] bench [depth]        fixed-depth node-count signature
//   lmr-engine perft <depth> [--fen FEN] [--divide] move-generation check
//   lmr-engine eval [--fen FEN]                      evaluation terms of a position
//   lmr-engine [--config FILE] explain --move UCI [--fen FEN] [...]  why a move gets its R
#include <charconv>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/notation.hpp"
#include "engine/chess/perft.hpp"
#include "engine/chess/position.hpp"
#include "engine/eval/eval.hpp"
#include "engine/lmr/config.hpp"
#include "engine/search/bench.hpp"
#include "engine/search/explain.hpp"
#include "engine/uci/engine.hpp"

namespace {

constexpr std::string_view kUsage =
    "usage: lmr-engine [--config FILE] [command]\n"
    "\n"
    "commands:\n"
    "  (none)                         speak UCI on stdin/stdout\n"
    "  bench [depth]                  search the built-in positions to a fixed depth\n"
    "                                 (default 13); prints nodes, NPS and LMR statistics\n"
    "  perft <depth> [--fen FEN] [--divide]\n"
    "                                 count leaf nodes of the legal move tree\n"
    "  eval [--fen FEN]               print the evaluation terms of a position\n"
    "  config                         print the resolved LMR config as JSON\n"
    "  explain --move UCI [--fen FEN] [--depth D] [--ply P] [--move-number N] [--pv]\n"
    "          [--alpha A] [--beta B] [--set FIELD=VALUE]...\n"
    "                                 why the config reduces this move as it does (JSON):\n"
    "                                 the search's inputs, gates, steps, terms and plies\n"
    "                                 (defaults: depth 8, ply 2, move number 5, non-PV,\n"
    "                                 alpha 0, beta 1; empty histories and killers)\n"
    "\n"
    "options:\n"
    "  --config FILE                  LMR config (JSON); default: the built-in default\n"
    "  --help                         this text\n";

int usage_error(std::string_view message) {
    std::cerr << "lmr-engine: " << message << "\n\n" << kUsage;
    return 2;
}

std::optional<int> parse_int(std::string_view text) {
    int value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
    return value;
}

// "--fen" takes either one quoted argument or the following words up to the next option.
std::optional<std::string> take_fen(const std::vector<std::string>& args, std::size_t& i) {
    std::string fen;
    while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
        if (!fen.empty()) fen += ' ';
        fen += args[++i];
    }
    if (fen.empty()) return std::nullopt;
    return fen;
}

std::optional<lmr::chess::Position> position_from(const std::optional<std::string>& fen) {
    if (!fen) return lmr::chess::Position::startpos();
    std::string error;
    auto pos = lmr::chess::Position::from_fen(*fen, &error);
    if (!pos) std::cerr << "lmr-engine: bad FEN: " << error << '\n';
    return pos;
}

// `explain`: every flag takes one value except --pv and --fen (see take_fen).
int explain_command(const lmr::reduction::LmrConfig& config, const std::vector<std::string>& rest) {
    std::optional<std::string> fen, move_text;
    lmr::search::ExplainRequest request;
    for (std::size_t i = 1; i < rest.size(); ++i) {
        const std::string& flag = rest[i];
        if (flag == "--fen") {
            fen = take_fen(rest, i);
            if (!fen) return usage_error("--fen needs a FEN");
            continue;
        }
        if (flag == "--pv") {
            request.pv = true;
            continue;
        }
        if (i + 1 >= rest.size()) return usage_error(flag + " needs a value");
        const std::string& value = rest[++i];
        if (flag == "--move") {
            move_text = value;
        } else if (flag == "--set") {
            request.sets.push_back(value);
        } else {
            int* target = flag == "--depth"         ? &request.depth
                          : flag == "--ply"         ? &request.ply
                          : flag == "--move-number" ? &request.move_number
                          : flag == "--alpha"       ? &request.alpha
                          : flag == "--beta"        ? &request.beta
                                                    : nullptr;
            if (target == nullptr) return usage_error("unexpected argument '" + flag + "'");
            const auto number = parse_int(value);
            if (!number) return usage_error(flag + " takes an integer, got '" + value + "'");
            *target = *number;
        }
    }
    if (!move_text) return usage_error("explain needs --move UCI");
    auto pos = position_from(fen);
    if (!pos) return 2;
    std::string error;
    const lmr::chess::Move move = lmr::chess::parse_uci(*pos, *move_text, &error);
    if (move == lmr::chess::Move::none())
        return usage_error("--move " + *move_text + ": " +
                           (error.empty() ? std::string("not a legal move here") : error));
    try {
        std::cout << lmr::search::explain_reduction(config, *pos, move, request);
    } catch (const lmr::search::ExplainError& e) {
        return usage_error(e.what());
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    // cin is tied to cout: every read would flush cout from the input thread, racing with the
    // search thread writing info lines. Engine::emit() flushes under its own lock instead.
    std::cin.tie(nullptr);
    std::vector<std::string> args(argv + 1, argv + argc);
    lmr::reduction::LmrConfig config;
    bool have_config = false;
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--help" || args[i] == "-h") {
            std::cout << kUsage;
            return 0;
        }
        if (args[i] == "--config") {
            if (i + 1 >= args.size()) return usage_error("--config needs a file");
            try {
                config = lmr::reduction::load_config(args[++i]);
                have_config = true;
            } catch (const std::exception& e) {
                std::cerr << "lmr-engine: " << e.what() << '\n';
                return 2;
            }
            continue;
        }
        rest.push_back(args[i]);
    }
    if (!have_config) {
        try {
            config = lmr::reduction::default_config();
        } catch (const std::exception& e) {
            std::cerr << "lmr-engine: built-in config: " << e.what() << '\n';
            return 2;
        }
    }

    if (rest.empty() || rest[0] == "uci") {
        lmr::uci::Engine engine(std::cout);
        engine.set_config(config);
        if (!rest.empty()) engine.execute("uci");
        engine.run(std::cin);
        return 0;
    }

    const std::string& command = rest[0];
    if (command == "config") {
        // The resolved config (extends merged, defaults filled): what the harness stores and
        // hashes.
        if (rest.size() != 1) return usage_error("config takes no argument");
        std::cout << lmr::reduction::resolved_json(config) << '\n';
        return 0;
    }

    if (command == "bench") {
        int depth = lmr::search::kDefaultBenchDepth;
        if (rest.size() > 2) return usage_error("bench takes at most one argument (depth)");
        if (rest.size() == 2) {
            const auto d = parse_int(rest[1]);
            if (!d || *d < 1 || *d > 64) return usage_error("bench depth must be 1..64");
            depth = *d;
        }
        lmr::search::run_bench(depth, config, 16, std::cout);
        return 0;
    }

    if (command == "perft") {
        std::optional<int> depth;
        std::optional<std::string> fen;
        bool divide = false;
        for (std::size_t i = 1; i < rest.size(); ++i) {
            if (rest[i] == "--fen") {
                fen = take_fen(rest, i);
                if (!fen) return usage_error("--fen needs a FEN");
            } else if (rest[i] == "--divide") {
                divide = true;
            } else if (!depth) {
                depth = parse_int(rest[i]);
                if (!depth || *depth < 0 || *depth > 20)
                    return usage_error("perft depth must be 0..20");
            } else {
                return usage_error("unexpected argument '" + rest[i] + "'");
            }
        }
        if (!depth) return usage_error("perft needs a depth");
        auto pos = position_from(fen);
        if (!pos) return 2;
        lmr::chess::run_perft_command(*pos, *depth, divide, std::cout);
        return 0;
    }

    if (command == "eval") {
        std::optional<std::string> fen;
        for (std::size_t i = 1; i < rest.size(); ++i) {
            if (rest[i] == "--fen") {
                fen = take_fen(rest, i);
                if (!fen) return usage_error("--fen needs a FEN");
            } else {
                return usage_error("unexpected argument '" + rest[i] + "'");
            }
        }
        auto pos = position_from(fen);
        if (!pos) return 2;
        lmr::eval::print_breakdown(*pos, std::cout);
        return 0;
    }

    if (command == "explain") return explain_command(config, rest);

    return usage_error("unknown command '" + command + "'");
}
