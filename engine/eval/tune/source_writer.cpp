#include "engine/eval/tune/source_writer.hpp"

#include <cctype>
#include <cstdio>

#include "engine/eval/tune/weight_table.hpp"

namespace lmr::eval::tune {

namespace {

// Replaces the initializer of the definition of `name` (the text between its '=' and the
// ';' that ends the definition) with `initializer`.
std::string replace_initializer(const std::string& text, const std::string& name,
                                const std::string& initializer) {
    std::size_t pos = 0;
    while ((pos = text.find(name, pos)) != std::string::npos) {
        const std::size_t after = pos + name.size();
        const bool whole_word =
            (pos == 0 ||
             !(std::isalnum(static_cast<unsigned char>(text[pos - 1])) || text[pos - 1] == '_')) &&
            after < text.size() && (text[after] == ' ' || text[after] == '[');
        // A definition: the name is followed by optional extents and '='.
        std::size_t eq = after;
        while (eq < text.size() && (text[eq] == ' ' || text[eq] == '[' || text[eq] == ']' ||
                                    std::isdigit(static_cast<unsigned char>(text[eq]))))
            ++eq;
        if (whole_word && eq < text.size() && text[eq] == '=') {
            std::size_t end = eq + 1;
            int depth = 0;
            while (end < text.size() && !(text[end] == ';' && depth == 0)) {
                if (text[end] == '{') ++depth;
                if (text[end] == '}') --depth;
                ++end;
            }
            if (end == text.size()) break;
            return text.substr(0, eq + 1) + " " + initializer + text.substr(end);
        }
        pos = after;
    }
    throw SourceError("no definition of " + name + " to rewrite");
}

std::string score_text(const std::vector<int>& w, int dim) {
    return "{" + std::to_string(w[dim]) + ", " + std::to_string(w[dim + 1]) + "}";
}

const char* const kPieceComments[6] = {"pawn", "knight", "bishop", "rook", "queen", "king"};

// A piece-square diagram as pst.hpp writes it: rank 8 first, eight values per line.
std::string diagram_text(const std::vector<int>& w, bool endgame) {
    std::string out = "{\n";
    char cell[16];
    for (int pt = 0; pt < 6; ++pt) {
        for (int line = 0; line < 8; ++line) {
            out += line == 0 ? "    {" : "     ";
            for (int file = 0; file < 8; ++file) {
                const int square = (7 - line) * 8 + file;  // a diagram line is a rank
                const bool last = line == 7 && file == 7;
                std::snprintf(cell, sizeof cell, "%4d%s", w[pst_dim(pt, square, endgame)],
                              last ? "}," : ",");
                out += cell;
            }
            if (line == 0) out += std::string("   // ") + kPieceComments[pt];
            out += "\n";
        }
    }
    out += "}";
    return out;
}

}  // namespace

std::string rewrite_weights_header(const std::string& text, const std::vector<int>& weights) {
    std::string out = text;
    for (const WeightDecl& d : declarations()) {
        const int stride = d.is_score ? 2 : 1;
        std::string init;
        for (int e = 0; e < d.count; ++e) {
            const int dim = d.first_dim + e * stride;
            if (e > 0) init += ", ";
            init += d.is_score ? score_text(weights, dim) : std::to_string(weights[dim]);
        }
        if (d.is_array) init = "{" + init + "}";
        out = replace_initializer(out, d.name, init);
    }
    return out;
}

std::string rewrite_pst_header(const std::string& text, const std::vector<int>& weights) {
    std::string material = "{";
    for (int pt = 0; pt < 5; ++pt) material += score_text(weights, material_dim(pt, false)) + ", ";
    material += "{0, 0}}";
    std::string out = replace_initializer(text, "kMaterialValue", material);
    out = replace_initializer(out, "kMgDiagram", diagram_text(weights, false));
    return replace_initializer(out, "kEgDiagram", diagram_text(weights, true));
}

}  // namespace lmr::eval::tune
