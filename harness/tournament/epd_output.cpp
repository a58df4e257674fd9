#include "harness/tournament/epd_output.hpp"

#include <stdexcept>
#include <vector>

#include "engine/text/text.hpp"

namespace lmr::tournament {

std::string epd_line(const std::string& fen) {
    const auto words = text::split_words(fen);
    const std::vector<std::string> fields(words.begin(), words.end());
    if (fields.size() != 6)
        throw std::invalid_argument("EPD output: '" + fen + "' is not a FEN of six fields");
    return fields[0] + ' ' + fields[1] + ' ' + fields[2] + ' ' + fields[3] + " hmvc " + fields[4] +
           "; fmvn " + fields[5] + ";";
}

EpdOutput::EpdOutput(const EpdOutputOptions& options)
    : file_(options.file, options.append, "EPD file") {}

void EpdOutput::game_finished(const GameTask& task, const core::GameRecord& game) {
    (void)task;
    file_.append(epd_line(game.final_fen) + '\n');
}

}  // namespace lmr::tournament
