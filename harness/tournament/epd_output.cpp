#include "harness/tournament/epd_output.hpp"

#include <sstream>
#include <stdexcept>
#include <vector>

namespace lmr::tournament {

std::string epd_line(const std::string& fen) {
    std::istringstream in(fen);
    std::vector<std::string> fields;
    for (std::string field; in >> field;) fields.push_back(field);
    if (fields.size() != 6)
        throw std::invalid_argument("EPD output: '" + fen + "' is not a FEN of six fields");
    return fields[0] + ' ' + fields[1] + ' ' + fields[2] + ' ' + fields[3] + " hmvc " + fields[4] +
           "; fmvn " + fields[5] + ";";
}

EpdOutput::EpdOutput(const EpdOutputOptions& options)
    : file_(options.file, options.append, "EPD file") {}

void EpdOutput::game_finished(const GameTask& task, const match::GameRecord& game) {
    (void)task;
    file_.append(epd_line(game.final_fen) + '\n');
}

}  // namespace lmr::tournament
