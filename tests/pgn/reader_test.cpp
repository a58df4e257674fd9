// The PGN reader: what a visitor is told, in which order, and which text is refused. The
// callers' own rules (books: tests/openings/pgn_test.cpp; the tuner:
// tests/eval/tune_training_positions_test.cpp) are tested with them.
#include "engine/pgn/reader.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace lmr::pgn {
namespace {

// Every event as a line of text: "tag Event=x @1", "move e4 @3", "comment c @3",
// "end 1-0 first=1 movetext".
class Recorder : public GameVisitor {
  public:
    std::vector<std::string> events;

    void tag(Tag tag) override {
        events.push_back("tag " + tag.name + "=" + tag.value + " @" + std::to_string(tag.line));
    }
    void move(std::string_view san, std::size_t line) override {
        events.push_back("move " + std::string(san) + " @" + std::to_string(line));
    }
    void comment(std::string_view text, std::size_t line) override {
        events.push_back("comment " + std::string(text) + " @" + std::to_string(line));
    }
    void game_end(const GameEnd& end) override {
        events.push_back("end " + (end.result.empty() ? "-" : std::string(end.result)) + " first=" +
                         std::to_string(end.first_line) + (end.has_movetext ? " movetext" : ""));
    }
};

std::vector<std::string> events_of(std::string_view text) {
    Recorder recorder;
    read_games(text, recorder);
    return recorder.events;
}

SyntaxError error_of(std::string_view text) {
    try {
        events_of(text);
    } catch (const SyntaxError& e) {
        return e;
    }
    ADD_FAILURE() << "no syntax error for: " << text;
    return {};
}

using Events = std::vector<std::string>;

TEST(PgnReader, TagsMovesCommentsAndResults) {
    const char* const text =
        "[Event \"Casual {not a comment}\"]\n"
        "[Result \"1-0\"]\n"
        "\n"
        "1. e4 {+0.35/12 0.120s} 1... e5 $1 2. Nf3!? (2. f4 {gambit} exf4) Nc6\n"
        "; a line comment\n"
        "3.Bb5 {a comment\nover two lines} 1-0\n";
    EXPECT_EQ(events_of(text), (Events{
                                   "tag Event=Casual {not a comment} @1",
                                   "tag Result=1-0 @2",
                                   "move e4 @4",
                                   "comment +0.35/12 0.120s @4",
                                   "move e5 @4",
                                   "move Nf3 @4",  // the glyph is dropped
                                   "move Nc6 @4",  // the variation and its comment are skipped
                                   "move Bb5 @6",
                                   "comment a comment\nover two lines @6",
                                   "end 1-0 first=1 movetext",
                               }));
}

TEST(PgnReader, GameBoundaries) {
    // A missing result: the next tag pairs start the next game. A bare result is a game.
    EXPECT_EQ(events_of("[A \"1\"]\n1. d4\n[B \"2\"]\n1. c4 *\n1/2-1/2\n"),
              (Events{"tag A=1 @1", "move d4 @2", "end - first=1 movetext", "tag B=2 @3",
                      "move c4 @4", "end * first=3 movetext", "end 1/2-1/2 first=5 movetext"}));
    // Tags alone at the end of the text are a game without movetext; a comment alone is none.
    EXPECT_EQ(events_of("{intro}\n[A \"1\"]\n"),
              (Events{"comment intro @1", "tag A=1 @2", "end - first=2"}));
    EXPECT_TRUE(events_of("").empty());
    EXPECT_TRUE(events_of("\xEF\xBB\xBF  \n% escaped line\n").empty());
}

TEST(PgnReader, MoveNumbersGluedToMoves) {
    EXPECT_EQ(events_of("12... Kd7 13.a8=Q 13...Ke6 *"),
              (Events{"move Kd7 @1", "move a8=Q @1", "move Ke6 @1", "end * first=1 movetext"}));
}

TEST(PgnReader, CommentsMayStandInsideTagPairs) {
    EXPECT_EQ(events_of("[Event {why not} \"x\"] *"),
              (Events{"tag Event=x @1", "end * first=1 movetext"}));
}

TEST(PgnReader, SyntaxErrorsNameTheirLine) {
    EXPECT_EQ(error_of("1. e4 (1. d4\n").message, "unterminated variation '('");
    EXPECT_EQ(error_of("1. e4 (1. d4\n").line, 1u);
    EXPECT_EQ(error_of("\n1. e4 )").message, "')' without a matching '('");
    EXPECT_EQ(error_of("\n1. e4 )").line, 2u);
    EXPECT_EQ(error_of("1. e4 \"x\"").message, "a string outside a tag pair");
    EXPECT_EQ(error_of("1. e4 ]").message, "']' without a matching '['");
    EXPECT_EQ(error_of("[Event x]").message, "malformed tag pair: expected [Name \"value\"]");
    EXPECT_EQ(error_of("1. e4 (e5 [Event \"x\"])").message,
              "a tag pair inside a variation (unbalanced '(' at line 1?)");
    EXPECT_EQ(error_of("\n1. e4 {open").message, "unterminated { comment");
    EXPECT_EQ(error_of("\n1. e4 {open").line, 2u);
    EXPECT_EQ(error_of("[Event \"x").message, "unterminated string");
    EXPECT_EQ(error_of("1. e4 <").message, "unexpected character '<'");
}

TEST(PgnReader, WhatTheVisitorThrowsStopsTheRead) {
    struct Stop {};
    struct Stopper : Recorder {
        void move(std::string_view, std::size_t) override { throw Stop{}; }
    } stopper;
    EXPECT_THROW(read_games("1. e4 {x} )", stopper), Stop);  // before the syntax error
}

}  // namespace
}  // namespace lmr::pgn
