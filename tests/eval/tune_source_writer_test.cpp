// Writing tuned weights back into the evaluation's source: with the compiled-in weights the
// rewrite of the real weights.hpp and pst.hpp is the original up to whitespace, and a
// changed weight lands in the right place.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/chess/types.hpp"
#include "engine/eval/tune/source_writer.hpp"
#include "engine/eval/tune/weight_table.hpp"
#include "tests/eval/tune_test_util.hpp"

#ifndef LMR_SOURCE_DIR
#error "LMR_SOURCE_DIR must name the source tree"
#endif

namespace lmr::eval::tune::test {
namespace {

std::string read_source(const std::string& relative) {
    const std::string path = std::string(LMR_SOURCE_DIR) + "/" + relative;
    std::ifstream in(path);
    if (!in) ADD_FAILURE() << "cannot read " << path;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string without_whitespace(const std::string& text) {
    std::string out;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c))) out += c;
    return out;
}

// The initializer of `name` in `text`: from the '=' after it to the ';' that ends it.
std::string initializer_of(const std::string& text, const std::string& name) {
    const std::size_t at = text.find(name + "[");
    if (at == std::string::npos) return {};
    const std::size_t eq = text.find('=', at);
    const std::size_t end = text.find(';', eq);
    return text.substr(eq + 1, end - eq - 1);
}

// Every integer of a C++ initializer, skipping // comments.
std::vector<int> numbers_in(const std::string& text) {
    std::vector<int> out;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text.compare(i, 2, "//") == 0) {
            i = text.find('\n', i);
            if (i == std::string::npos) break;
        } else if (std::isdigit(static_cast<unsigned char>(text[i])) ||
                   (text[i] == '-' && i + 1 < text.size() &&
                    std::isdigit(static_cast<unsigned char>(text[i + 1])))) {
            std::size_t used = 0;
            out.push_back(std::stoi(text.substr(i), &used));
            i += used;
        } else {
            ++i;
        }
    }
    return out;
}

TEST(TuneSourceWriter, EveryTunableWeightOfTheHeaderIsInTheTable) {
    // A weight declared LMR_EVAL_WEIGHT but missing from the tuner's table would silently
    // keep its starting value through every fit.
    const std::string header = read_source("engine/eval/weights.hpp");
    const std::regex declaration(R"(LMR_EVAL_WEIGHT\s+(?:Score|int)\s+(k\w+))");
    std::set<std::string> declared;
    for (auto it = std::sregex_iterator(header.begin(), header.end(), declaration);
         it != std::sregex_iterator(); ++it)
        declared.insert((*it)[1]);
    std::set<std::string> tabled;
    for (const WeightDecl& d : declarations()) tabled.insert(d.name);
    EXPECT_GT(declared.size(), 40u);
    EXPECT_EQ(declared, tabled);
}

TEST(TuneSourceWriter, WeightsHeaderRoundTrips) {
    const std::string text = read_source("engine/eval/weights.hpp");
    ASSERT_FALSE(text.empty());
    const std::string out = rewrite_weights_header(text, read_weights());
    EXPECT_EQ(without_whitespace(out), without_whitespace(text));
}

TEST(TuneSourceWriter, PstHeaderRoundTrips) {
    const std::string text = read_source("engine/eval/pst.hpp");
    ASSERT_FALSE(text.empty());
    const std::string out = rewrite_pst_header(text, read_weights());
    EXPECT_EQ(without_whitespace(out), without_whitespace(text));
    // The diagrams keep their layout: the rewrite is a fixed point.
    EXPECT_EQ(rewrite_pst_header(out, read_weights()), out);
}

TEST(TuneSourceWriter, ChangedWeightShowsUp) {
    const std::string text = read_source("engine/eval/weights.hpp");
    std::vector<int> weights = read_weights();
    const WeightDecl& first = declarations().front();
    ASSERT_EQ(first.first_dim, 0);
    weights[0] = 12345;
    const std::string out = without_whitespace(rewrite_weights_header(text, weights));
    EXPECT_NE(out, without_whitespace(text));
    std::string expected = first.name;
    if (first.is_array) expected += "[" + std::to_string(first.count) + "]";
    expected += "=";
    if (first.is_array) expected += "{";
    expected += first.is_score ? "{12345," + std::to_string(weights[1]) + "}" : "12345";
    EXPECT_NE(out.find(expected), std::string::npos) << expected;

    // An int weight in the middle of an array.
    std::vector<int> w2 = read_weights();
    const int dim = dim_by_label("kConnected[5]");
    w2[dim] = -4321;
    const std::string out2 = without_whitespace(rewrite_weights_header(text, w2));
    std::string connected = "kConnected[8]={";
    for (int e = 0; e < 8; ++e)
        connected += (e ? "," : "") +
                     std::to_string(w2[dim_by_label("kConnected[" + std::to_string(e) + "]")]);
    EXPECT_NE(out2.find(connected + "}"), std::string::npos) << connected;
    EXPECT_NE(out2.find("-4321"), std::string::npos);
}

TEST(TuneSourceWriter, ChangedPstAndMaterialShowUp) {
    const std::string text = read_source("engine/eval/pst.hpp");
    std::vector<int> weights = read_weights();
    weights[pst_dim(chess::kKnight, chess::kE4, false)] = 777;
    weights[pst_dim(chess::kQueen, chess::kH8, true)] = -666;
    weights[material_dim(chess::kRook, true)] = 999;
    const std::string out = rewrite_pst_header(text, weights);

    // Diagrams list rank 8 first: e4 of the knight is index 64 + (7 - 3) * 8 + 4 = 100;
    // h8 of the queen is 4 * 64 + 7 = 263.
    const std::vector<int> mg = numbers_in(initializer_of(out, "kMgDiagram"));
    const std::vector<int> eg = numbers_in(initializer_of(out, "kEgDiagram"));
    ASSERT_EQ(mg.size(), 384u);
    ASSERT_EQ(eg.size(), 384u);
    EXPECT_EQ(mg[100], 777);
    EXPECT_EQ(eg[263], -666);
    // Every other value is the one read from the compiled-in tables.
    const std::vector<int> original = read_weights();
    for (int pt = 0; pt < 6; ++pt) {
        for (int line = 0; line < 8; ++line) {
            for (int file = 0; file < 8; ++file) {
                const int index = pt * 64 + line * 8 + file;
                const int square = (7 - line) * 8 + file;
                if (index != 100) {
                    EXPECT_EQ(mg[index], original[pst_dim(pt, square, false)]) << index;
                }
                if (index != 263) {
                    EXPECT_EQ(eg[index], original[pst_dim(pt, square, true)]) << index;
                }
            }
        }
    }
    const std::vector<int> material = numbers_in(initializer_of(out, "kMaterialValue"));
    ASSERT_EQ(material.size(), 12u);
    EXPECT_EQ(material[2 * chess::kRook + 1], 999);
    EXPECT_EQ(material[2 * chess::kRook], original[material_dim(chess::kRook, false)]);
    EXPECT_EQ(material[2 * chess::kKing], 0);
}

TEST(TuneSourceWriter, CommentsAndLayoutAroundDefinitionsAreKept) {
    const std::string text = read_source("engine/eval/weights.hpp");
    std::vector<int> weights = read_weights();
    for (int& w : weights) w += 1;
    const std::string out = rewrite_weights_header(text, weights);
    // Everything up to the first definition's '=' is untouched.
    const std::size_t name = text.find(declarations().front().name + "[");
    ASSERT_NE(name, std::string::npos);
    const std::size_t first = text.find('=', name) + 1;
    EXPECT_EQ(out.substr(0, first), text.substr(0, first));
    // The structural constants are not rewritten.
    EXPECT_NE(out.find("kUnstoppable = {0, 300};"), std::string::npos);
    EXPECT_NE(out.find("kDangerThreshold = 100;"), std::string::npos);
    // The comments after the definitions are kept.
    EXPECT_NE(out.find("// extra when no enemy pawn blocks the file"), std::string::npos);
}

TEST(TuneSourceWriter, MissingDefinitionThrows) {
    const std::vector<int> weights = read_weights();
    EXPECT_THROW(rewrite_weights_header("// no weights here\n", weights), SourceError);

    // weights.hpp without the definition of the last declared weight.
    const std::string text = read_source("engine/eval/weights.hpp");
    const std::string last = declarations().back().name;
    const std::size_t at = text.find(last + " =");
    ASSERT_NE(at, std::string::npos);
    std::string cut = text;
    cut.replace(at, last.size(), "kSomethingElse");
    try {
        rewrite_weights_header(cut, weights);
        FAIL() << "a missing definition must throw";
    } catch (const SourceError& e) {
        EXPECT_NE(std::string(e.what()).find(last), std::string::npos) << e.what();
    }

    // pst.hpp without kEgDiagram.
    std::string pst = read_source("engine/eval/pst.hpp");
    const std::size_t eg = pst.find("kEgDiagram[6][64] =");
    ASSERT_NE(eg, std::string::npos);
    pst.replace(eg, 10, "kEndgameDiagram");
    EXPECT_THROW(rewrite_pst_header(pst, weights), SourceError);
    // A mention in a comment is not a definition.
    EXPECT_THROW(rewrite_pst_header("// kMaterialValue kMgDiagram kEgDiagram\n", weights),
                 SourceError);
}

}  // namespace
}  // namespace lmr::eval::tune::test
