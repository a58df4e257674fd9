// Fuzz test of the lmr-harness command line (issue 24): the real binary run with random argv
// built from the real sub-commands, their real flags and key=value sub-keys, and junk (empty
// words, flag-like values, huge and negative numbers, unicode, very long words). Whatever the
// words, the harness must exit with a code in 0..4, say why on stderr when the code is not 0,
// and never crash. Run under ASan/UBSan by scripts/test (ctest label "fuzz"): the binary is the
// sanitizer build of the same build tree, and a sanitizer report aborts it (a signal, so an exit
// code outside 0..4). The generator is seeded: every run checks the same few hundred lines.
//
// No case may start a long run: the commands that play get either an engine that does not
// exist (they fail while checking their input) or a run of one pair of short games.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tests/support/child_process.hpp"
#include "tests/support/programs.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

namespace lmr {
namespace {

using test::contains;

using test::ProcessResult;
using test::TempDir;
using Args = std::vector<std::string>;

using ::lmr::test::kHarness;
const std::string kConfigs = std::string(LMR_SOURCE_DIR) + "/configs/";
const std::string kBook = std::string(LMR_SOURCE_DIR) + "/openings/default.epd";
// Never a program on any PATH, so an engine named by it fails to start at once.
const std::string kNoEngine = "no-such-engine-lmr-fuzz";

// Words no command expects. Paths are all relative: the harness runs in a temporary directory,
// and a junk output path must never land anywhere else. No NUL byte: argv cannot hold one.
// clang-format off
const Args kJunk = {
    "", "-", "--", "---", "-1", "-5", "0", "+3", "1e9", "nan", "inf", "0x10", "1.5",
    "99999999999999999999999", "-99999999999999999999", "18446744073709551616", "2147483648",
    "9223372036854775807", "\xc3\xbc" "n" "\xc3\xaf" "c" "\xc3\xb6" "d" "\xc3\xa9",
    "\xe2\x99\x9e\xe2\x99\x9b", "\xff\xfe", "a=b", "=", "key=", "=value", ",", ",,", "1,2,3",
    "none", "--no-such-flag", "-x", "%s%n%x", " ", "\t", "a b", "--db=", "--pairs=", "nodes=",
    "x=1,=2", "score=-1", "movecount=0", "tc=0+0", "depth=0", "option.=", "name=", "cmd=",
    "true"};

// A flag of a command: values it accepts, values of the right kind it refuses, and the
// sub-keys of a key=value flag (whose values are then drawn by the fuzzer).
struct Flag {
    std::string name;
    Args good;
    Args bad;
    Args keys;
};

const std::vector<Flag> kRunFlags = {
    {"--tc", {"nodes=200", "depth=1", "nodes=100,depth=2"}, {"st=0", "tc=1+0.01,st=1", "10+x"},
     {"tc", "st", "nodes", "depth"}},
    {"--margin", {"0", "100", "5000"}, {"-1", "1.5"}, {}},
    {"--stall-timeout", {"60000", "30000"}, {"0", "1"}, {}},
    {"--book", {"none", kBook}, {"missing.epd", "."}, {}},
    {"--book-order", {"random", "sequential"}, {"reverse"}, {}},
    {"--book-plies", {"4", "100"}, {"-1"}, {}},
    {"--book-start", {"0", "3", "100000"}, {"-3"}, {}},
    {"--seed", {"1", "42", "18446744073709551615"}, {"18446744073709551616", "-1"}, {}},
    {"--concurrency", {"1", "2"}, {"0", "10000"}, {}},
    {"--draw", {"movenumber=1,movecount=1,score=0", "movenumber=34,movecount=8,score=20"},
     {"movecount=0"}, {"movenumber", "movecount", "score"}},
    {"--resign", {"movecount=3,score=600", "movecount=1,score=1,twosided=true"},
     {"score=0", "twosided=yes"}, {"movecount", "score", "twosided"}},
    {"--maxmoves", {"1", "4", "0"}, {"-4"}, {}},
    {"--option", {"Hash=1", "Threads=1"}, {"NoSuchOption=1", "Hash=-1", "Hash"}, {}},
    {"--report-every", {"1", "0"}, {"-1"}, {}},
};

const std::vector<Flag> kSprtFlags = {
    {"--elo0", {"0", "-5"}, {"2000", "5"}, {}},
    {"--elo1", {"5", "3"}, {"-3", "1e308"}, {}},
    {"--alpha", {"0.05", "0.1"}, {"1", "0"}, {}},
    {"--beta", {"0.05", "0.5"}, {"0.96"}, {}},
    {"--model", {"normalized", "logistic"}, {"bayeselo"}, {}},
};

const std::vector<Flag> kTuneFlags = {
    {"--param", {"lmr.steps.history.weight,10,0,30,2,0.002"},
     {"x,1,0,2,1,0.1", "a,b", "lmr.enabled,1,0,1,1,1"}, {}},
    {"--spsa-alpha", {"0.602"}, {"0", "-1"}, {}},
    {"--spsa-gamma", {"0.101", "2"}, {"-2"}, {}},
    {"--spsa-a", {"0", "10"}, {"-1"}, {}},
    {"--params-file", {}, {"missing.txt"}, {}},
};

const std::vector<Flag> kStatsFlags = {
    {"--elo0", {"0", "-5", "-1e3"}, {"2000", "-1e308"}, {}},
    {"--elo1", {"5", "2", "10"}, {"1e308", "-10"}, {}},
    {"--alpha", {"0.05", "0.999999", "1e-300"}, {"1"}, {}},
    {"--beta", {"0.05", "0.5"}, {"0"}, {}},
    {"--model", {"normalized", "logistic"}, {"elo"}, {}},
    {"--json", {}, {}, {}},
};

const std::vector<Flag> kReaderFlags = {
    {"--format", {"table", "json", "csv", "markdown", "md"}, {"xml"}, {}},
    {"--columns", {"default", "study"}, {"all"}, {}},
    {"--baseline", {"none", "cpw-simple"}, {"nobody"}, {}},
    {"--ratings", {"none", "cpw-simple"}, {"nobody"}, {}},
    {"--html", {"page.html"}, {"no-dir/page.html"}, {}},
    {"--out", {"out.pgn", "out.json"}, {"no-dir/out.pgn"}, {}},
    {"--upgrade", {}, {}, {}},
    {"--all", {}, {}, {}},
    {"--db", {"runs.db"}, {"missing.db", "."}, {}},
    {"--run", {"1"}, {"2", "0", "999"}, {}},
};

const std::vector<Flag> kOtherFlags = {
    {"--eco", {}, {"missing.eco"}, {}},     {"--pgn", {}, {"missing.pgn"}, {}},
    {"--nodes", {"1"}, {"0"}, {}},          {"--skip-plies", {"2"}, {}, {}},
    {"--games", {"1"}, {}, {}},             {"--min-plies", {"6"}, {"99"}, {}},
    {"--max-plies", {"20"}, {"2"}, {}},     {"--max-cp", {"25"}, {}, {}},
    {"--limit", {"1"}, {}, {}},             {"--skip-invalid", {}, {}, {}},
    {"--engine-binary", {}, {kNoEngine}, {}}, {"--config", {kConfigs + "none.json"}, {}, {}},
    {"--option", {"Hash=1"}, {"Hash"}, {}},
};
// clang-format on

class ArgvFuzzer {
  public:
    explicit ArgvFuzzer(std::uint64_t seed) : rng_(seed) {}

    std::size_t below(std::size_t n) { return n == 0 ? 0 : rng_() % n; }
    bool chance(int percent) { return static_cast<int>(below(100)) < percent; }
    template <typename T>
    const T& pick(const std::vector<T>& items) {
        return items[below(items.size())];
    }

    // How much of the next command line is wrong: 0 (every flag and value valid, so that the
    // command runs to its end) to 100 percent of its words.
    void set_mess(int percent) { mess_ = percent; }
    bool messy() { return chance(mess_); }

    std::string junk() {
        switch (below(8)) {
            case 0:
                return std::string(1 + below(5000), "xyz\xc3\xa9"[below(4)]);  // long
            case 1:
                return std::to_string(static_cast<long long>(rng_()));  // huge, maybe < 0
            case 2:
                return pick(kRunFlags).name + (chance(50) ? "=" : "");
            default:
                return pick(kJunk);
        }
    }

    // A value for a sub-key: a valid number, or when messy a wrong one or junk.
    std::string number() {
        static const Args kGood = {"1", "3", "8", "20", "600"};
        static const Args kBad = {"0", "-1", "1000001", "99999999999999999999", "1.5"};
        if (!messy()) return pick(kGood);
        return chance(60) ? pick(kBad) : junk();
    }

    // A key=value flag's settings: its keys with numbers and, when messy, unknown keys,
    // repeated keys and junk words; one comma list, separate words, or both.
    void add_settings(Args& args, const Flag& flag) {
        Args items;
        Args unused = flag.keys;
        const std::size_t count = 1 + below(flag.keys.size());
        for (std::size_t i = 0; i < count && !unused.empty(); ++i) {
            if (messy()) {
                switch (below(3)) {
                    case 0:
                        items.push_back(pick(flag.keys) + "=" + number());
                        break;  // again?
                    case 1:
                        items.push_back(pick(Args{"movecnt", "x", "option.Hash"}) + "=1");
                        break;
                    default:
                        items.push_back(junk());
                        break;
                }
                continue;
            }
            const std::size_t k = below(unused.size());
            const std::string key = unused[k];
            unused.erase(unused.begin() + static_cast<long>(k));
            std::string value = number();
            if (key == "twosided") value = pick(Args{"true", "false"});
            if (key == "depth") value = pick(Args{"1", "2"});
            if (key == "nodes") value = pick(Args{"100", "200"});
            if (key == "tc" || key == "st") {
                items.push_back("nodes=100");  // never a clock: games must stay short
                continue;
            }
            items.push_back(key + "=" + value);
        }
        if (chance(50)) {
            std::string list;
            for (const auto& item : items) list += (list.empty() ? "" : ",") + item;
            items = {list};
        }
        args.push_back(flag.name);
        args.insert(args.end(), items.begin(), items.end());
    }

    // One flag from `flags` with a value (valid, or when messy a wrong one or junk), or a
    // bare junk word.
    void add_flag(Args& args, const std::vector<Flag>& flags) {
        if (messy() && chance(30)) {
            args.push_back(junk());
            return;
        }
        const Flag& flag = pick(flags);
        if (!flag.keys.empty() && chance(60)) {
            add_settings(args, flag);
            return;
        }
        std::string value;
        if (flag.good.empty() && flag.bad.empty()) {  // a switch
            if (!messy()) {
                args.push_back(flag.name);
                return;
            }
            value = junk();
        } else if (!flag.good.empty() && !messy()) {
            value = pick(flag.good);
        } else {
            value = !flag.bad.empty() && chance(60) ? pick(flag.bad) : junk();
        }
        if (chance(15)) {
            args.push_back(flag.name + "=" + value);
        } else {
            args.push_back(flag.name);
            args.push_back(value);
        }
    }

    void add_flags(Args& args, const std::vector<Flag>& flags, std::size_t max) {
        const std::size_t count = below(max + 1);
        for (std::size_t i = 0; i < count; ++i) add_flag(args, flags);
    }

    // An --engine spec whose program never exists.
    void add_engine(Args& args) {
        args.push_back("--engine");
        const std::size_t count = below(5);
        for (std::size_t i = 0; i < count; ++i) {
            switch (below(6)) {
                case 0:
                    args.push_back("name=" + pick(Args{"a", "b", "", "sf"}));
                    break;
                case 1:
                    args.push_back("cmd=" + pick(Args{kNoEngine, "", "./" + kNoEngine}));
                    break;
                case 2:
                    args.push_back("arg=" + junk());
                    break;
                case 3:
                    args.push_back("option." + pick(Args{"Hash", "", "X"}) + "=" + number());
                    break;
                case 4:
                    args.push_back(pick(Args{"dir=.", "proto=uci", "tc=1+0"}));
                    break;
                default:
                    args.push_back(junk());
                    break;
            }
        }
    }

    // Shuffles the words after the command's name(s), so flags and values get separated.
    void maybe_shuffle(Args& args, std::size_t keep) {
        if (args.size() > keep + 1 && messy() && chance(20))
            std::shuffle(args.begin() + static_cast<long>(keep), args.end(), rng_);
    }

  private:
    std::mt19937_64 rng_;
    int mess_ = 0;
};

std::vector<Flag> concat(std::vector<Flag> a, const std::vector<Flag>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// A command that plays, with an engine that cannot start: it must fail while checking its
// input (or refuse the line before that), whatever else the line says.
Args failing_run(ArgvFuzzer& f) {
    const std::string command = f.pick(Args{"match", "sprt", "tournament", "tune"});
    Args args{command};
    if (command == "tune" && f.chance(20)) args.push_back(f.pick(Args{"resume", "show", "x"}));
    // Always: without it the configs would be played by the real engine, maybe for hours.
    args.insert(args.end(), {"--engine-binary", kNoEngine});
    if (f.chance(70)) args.insert(args.end(), {"--db", "fuzz.db"});
    const auto config = [&] { return kConfigs + f.pick(Args{"none.json", "cpw-simple.json"}); };
    if (command == "tournament") {
        const std::size_t configs = f.below(4);
        for (std::size_t i = 0; i < configs; ++i) args.insert(args.end(), {"--config", config()});
    } else if (f.chance(80)) {
        args.insert(args.end(), {"--base", config()});
        if (command != "tune" || f.chance(10)) args.insert(args.end(), {"--test", config()});
    }
    const std::size_t engines = f.chance(30) ? f.below(3) : 0;
    for (std::size_t i = 0; i < engines; ++i) f.add_engine(args);
    std::vector<Flag> flags = kRunFlags;
    if (command == "sprt") flags = concat(flags, kSprtFlags);
    if (command == "tune") flags = concat(flags, kTuneFlags);
    flags.push_back({command == "sprt"   ? "--max-pairs"
                     : command == "tune" ? "--iterations"
                                         : "--pairs",
                     {"1", "100"},
                     {"0", "-1"},
                     {}});
    if (command == "tournament")
        flags.push_back({"--format", {"round-robin", "gauntlet"}, {"swiss"}, {}});
    f.add_flags(args, flags, 6);
    f.maybe_shuffle(args, 1);
    return args;
}

// One pair of short games between two configs of the real engine (or one SPSA iteration):
// only the flags that cannot make the run long are drawn.
Args tiny_run(ArgvFuzzer& f, int number) {
    const std::string command = f.pick(Args{"match", "sprt", "tournament", "tune"});
    Args args{command,
              "--tc",
              "nodes=100",
              "--maxmoves",
              "2",
              "--db",
              "tiny-" + std::to_string(number) + ".db"};
    const std::string none = kConfigs + "none.json", cpw = kConfigs + "cpw-simple.json";
    if (command == "match")
        args.insert(args.end(), {"--base", none, "--test", cpw, "--pairs", "1"});
    if (command == "sprt")
        args.insert(args.end(), {"--base", none, "--test", cpw, "--max-pairs", "1"});
    if (command == "tournament")
        args.insert(args.end(), {"--config", none, "--config", cpw, "--pairs", "1"});
    if (command == "tune")
        args.insert(args.end(), {"--base", kConfigs + "rebel-expert.json", "--iterations", "1",
                                 "--pairs-per-iteration", "1", "--param",
                                 "lmr.steps.history.weight,10,0,30,2,0.002"});
    std::vector<Flag> flags;
    for (const Flag& flag : kRunFlags)
        if (flag.name != "--tc" && flag.name != "--maxmoves" && flag.name != "--concurrency")
            flags.push_back(flag);
    flags.push_back({"--concurrency", {"1", "2"}, {"0"}, {}});
    if (command == "sprt") flags = concat(flags, kSprtFlags);
    if (command == "tournament")
        flags.push_back({"--format", {"round-robin", "gauntlet"}, {"swiss"}, {}});
    f.add_flags(args, flags, 3);
    return args;
}

// The commands that read a stored run, on the database prepared with one finished match.
Args reader(ArgvFuzzer& f) {
    Args args = f.pick(std::vector<Args>{
        {"report"}, {"pgn"}, {"resume"}, {"tune", "show"}, {"tune", "export"}, {"tune", "resume"}});
    const std::size_t keep = args.size();
    // --db and --run once each, unless the line is to be messy: then maybe missing, maybe
    // twice, maybe wrong.
    const std::vector<Flag> flags(kReaderFlags.begin(), kReaderFlags.end() - 2);
    const std::vector<Flag> db_and_run(kReaderFlags.end() - 2, kReaderFlags.end());
    if (!f.messy() || f.chance(50)) args.insert(args.end(), {"--db", "runs.db"});
    if (!f.messy() || f.chance(50)) args.insert(args.end(), {"--run", "1"});
    if (f.messy()) f.add_flag(args, db_and_run);
    f.add_flags(args, flags, 3);
    f.maybe_shuffle(args, keep);
    return args;
}

Args stats(ArgvFuzzer& f) {
    Args args{"stats"};
    if (!f.messy() || f.chance(50)) {
        args.push_back(f.chance(50) ? "--ptnml" : "--wdl");
        std::string counts;
        const std::size_t n = f.messy() ? f.below(8) : args.back() == "--wdl" ? 3 : 6;
        for (std::size_t i = 0; i < n; ++i) {
            if (i > 0) counts += ',';  // not `"," + …`: GCC 12's false -Wstringop-overflow
            counts += f.messy() ? f.junk() : std::to_string(f.below(500));
        }
        args.push_back(counts);
    }
    f.add_flags(args, kStatsFlags, 4);
    f.maybe_shuffle(args, 1);
    return args;
}

// Everything else: the other commands, help, version, no command, a junk command.
Args other(ArgvFuzzer& f) {
    switch (f.below(7)) {
        case 0: {
            Args args{"openings"};
            if (f.chance(80)) args.push_back(f.chance(85) ? "generate" : f.junk());
            f.add_flags(args, kOtherFlags, 5);
            return args;
        }
        case 1: {
            Args args{"label"};
            if (f.chance(30)) f.add_engine(args);
            f.add_flags(args, kOtherFlags, 5);
            return args;
        }
        case 2:
            return {f.pick(Args{"help", "--help", "-h", "--version"}), f.junk()};
        case 3:
            return {"help", f.pick(Args{"stats", "tune", "openings", "nope"})};
        case 4:
            return {};
        case 5:
            return {f.junk(), f.junk()};
        default: {
            Args args{f.pick(Args{"sprt", "match", "tournament", "tune", "resume", "pgn", "stats",
                                  "report", "openings", "label"})};
            for (std::size_t i = f.below(6); i > 0; --i) args.push_back(f.junk());
            return args;
        }
    }
}

// argv as the failure message shows it: each word quoted, long ones cut.
std::string shown(const Args& args) {
    std::string text = "lmr-harness";
    for (const auto& word : args) {
        text += " '" +
                (word.size() > 60
                     ? word.substr(0, 60) + "...(" + std::to_string(word.size()) + " bytes)"
                     : word) +
                "'";
    }
    return text;
}

// A sanitizer report must end the child with a signal: ASan's own exit code (1) would pass
// for an ordinary failure.
void make_sanitizer_reports_abort() {
    const auto append = [](const char* name, const std::string& options) {
        const char* old = std::getenv(name);
        const std::string value =
            old != nullptr && *old != '\0' ? std::string(old) + ":" + options : options;
        ::setenv(name, value.c_str(), 1);
    };
    append("ASAN_OPTIONS", "abort_on_error=1");
    append("UBSAN_OPTIONS", "halt_on_error=1:abort_on_error=1:print_stacktrace=1");
}

#if defined(__SANITIZE_ADDRESS__)
TEST(CliFuzz, TheHarnessUnderTestIsTheSanitizerBuild) {
    // This test is the ASan build, so the binary it runs must be one too: a release binary
    // would let memory errors pass unseen. Its dynamic symbol names (near the start of the ELF
    // file) show the sanitizer runtimes it calls.
    std::ifstream in(kHarness, std::ios::binary);
    std::string head(4 << 20, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    ASSERT_FALSE(head.empty()) << kHarness;
    EXPECT_TRUE(contains(head, "__asan_init")) << kHarness << " is not built with ASan";
    EXPECT_TRUE(contains(head, "__ubsan_handle_")) << kHarness << " is not built with UBSan";
}
#endif

TEST(CliFuzz, RandomCommandLinesExitZeroToFourWithAMessageAndNeverCrash) {
    make_sanitizer_reports_abort();
    TempDir dir("lmr-cli-fuzz");
    const auto run = [&](const Args& args) {
        return test::run_process(kHarness, args, dir.path(), std::chrono::seconds(30));
    };
    // A database with one finished match, for the commands that read runs.
    const ProcessResult prepared =
        run({"match", "--base", kConfigs + "none.json", "--test", kConfigs + "cpw-simple.json",
             "--pairs", "1", "--tc", "nodes=200", "--maxmoves", "4", "--book", "none", "--db",
             "runs.db"});
    ASSERT_EQ(prepared.exit_code, 0) << test::describe(prepared);

    ArgvFuzzer f(20261125);
    constexpr int kCases = 300;
    // About a minute under ASan on two busy cores; the remaining cases are left out past 90 s
    // (a loaded machine), and the summary says so.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
    std::map<int, int> by_exit;
    int tiny_runs_played = 0, cases = 0;
    double slowest = 0;
    std::string slowest_case;
    for (int i = 0; i < kCases && std::chrono::steady_clock::now() < deadline; ++i) {
        const std::size_t kind = f.below(100);
        const bool tiny = kind < 5;
        // Tidy lines reach the end of a command, messy ones its checks.
        const std::size_t mess = f.below(100);
        f.set_mess(tiny ? (mess < 70 ? 0 : 15) : mess < 35 ? 0 : mess < 70 ? 15 : 50);
        const Args args = tiny        ? tiny_run(f, i)
                          : kind < 40 ? failing_run(f)
                          : kind < 60 ? reader(f)
                          : kind < 80 ? stats(f)
                                      : other(f);
        const ProcessResult r = run(args);
        ++cases;
        ++by_exit[r.exit_code];
        if (r.seconds > slowest) {
            slowest = r.seconds;
            slowest_case = shown(args);
        }
        SCOPED_TRACE("case " + std::to_string(i) + ": " + shown(args));
        ASSERT_FALSE(r.timed_out) << test::describe(r);
        EXPECT_GE(r.exit_code, 0) << test::describe(r);
        EXPECT_LE(r.exit_code, 4) << test::describe(r);
        for (const char* report : {"Sanitizer", "runtime error:", "==ERROR"})
            EXPECT_FALSE(contains(r.err, report)) << test::describe(r);
        if (r.exit_code != 0) {
            // An SPRT's verdict (1: H0, 3: undecided) is its result, printed on stdout.
            const std::string command = args.empty() ? "" : args.front();
            const bool verdict = (command == "sprt" || command == "resume") &&
                                 (r.exit_code == 1 || r.exit_code == 3) &&
                                 contains(r.out, "verdict");
            EXPECT_TRUE(!r.err.empty() || verdict) << "no message\n" << test::describe(r);
        }
        if (tiny && r.exit_code == 0) ++tiny_runs_played;
        if (HasFatalFailure()) return;
    }
    std::cout << "cli fuzz: " << cases << " command lines;";
    for (const auto& [code, count] : by_exit) std::cout << " exit " << code << ": " << count;
    std::cout << "; " << tiny_runs_played << " short runs played; slowest " << slowest
              << " s: " << slowest_case << '\n';
    if (cases < kCases) std::cout << "cli fuzz: the time guard stopped it after " << cases << '\n';
    // The generator reaches both ends: refused lines and lines that ran to the end, short runs
    // included (a generator that only made junk would check little).
    EXPECT_GT(by_exit[2], cases / 4);
    EXPECT_GT(by_exit[0], cases / 10);
    EXPECT_GT(tiny_runs_played, 0);
}

}  // namespace
}  // namespace lmr
