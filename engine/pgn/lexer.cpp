#include "engine/pgn/lexer.hpp"

#include <cctype>

namespace lmr::pgn {

namespace {

bool is_symbol_start(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '*' || c == '-';
}

// PGN symbol continuation characters, plus '/' for "1/2-1/2".
bool is_symbol_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '+' || c == '#' ||
           c == '=' || c == ':' || c == '-' || c == '/';
}

}  // namespace

Lexer::Lexer(std::string_view text) : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;  // UTF-8 byte order mark
}

void Lexer::skip_space_and_line_comments() {
    while (pos_ < text_.size()) {
        const char c = text_[pos_];
        if (c == '\n') {
            ++line_;
            ++pos_;
            at_line_start_ = true;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
            ++pos_;
        } else if (c == '%' && at_line_start_) {
            // Escape mechanism: the whole line is for other software.
            while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
        } else if (c == ';') {
            while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
        } else {
            return;
        }
    }
}

Token Lexer::next() {
    skip_space_and_line_comments();
    Token token;
    token.line = line_;
    if (pos_ >= text_.size()) return token;  // kEnd
    at_line_start_ = false;
    const char c = text_[pos_];
    switch (c) {
        case '[':
            ++pos_;
            token.kind = TokenKind::kTagOpen;
            return token;
        case ']':
            ++pos_;
            token.kind = TokenKind::kTagClose;
            return token;
        case '(':
            ++pos_;
            token.kind = TokenKind::kVariationOpen;
            return token;
        case ')':
            ++pos_;
            token.kind = TokenKind::kVariationClose;
            return token;
        case '.':
            ++pos_;
            token.kind = TokenKind::kPeriod;
            return token;
        default:
            break;
    }
    if (c == '{') {
        // Brace comments do not nest and end at the first '}'.
        ++pos_;
        token.kind = TokenKind::kComment;
        while (pos_ < text_.size() && text_[pos_] != '}') {
            if (text_[pos_] == '\n') ++line_;
            token.text += text_[pos_++];
        }
        if (pos_ >= text_.size()) throw SyntaxError{token.line, "unterminated { comment"};
        ++pos_;
        return token;
    }
    if (c == '"') {
        ++pos_;
        token.kind = TokenKind::kString;
        while (pos_ < text_.size() && text_[pos_] != '"') {
            if (text_[pos_] == '\n') break;
            if (text_[pos_] == '\\' && pos_ + 1 < text_.size() &&
                (text_[pos_ + 1] == '"' || text_[pos_ + 1] == '\\')) {
                ++pos_;
            }
            token.text += text_[pos_++];
        }
        if (pos_ >= text_.size() || text_[pos_] != '"') {
            throw SyntaxError{token.line, "unterminated string"};
        }
        ++pos_;
        return token;
    }
    if (c == '$') {
        ++pos_;
        token.kind = TokenKind::kNag;
        while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
            token.text += text_[pos_++];
        }
        if (token.text.empty()) throw SyntaxError{token.line, "'$' without a NAG number"};
        return token;
    }
    if (c == '!' || c == '?') {
        token.kind = TokenKind::kAnnotation;
        while (pos_ < text_.size() && (text_[pos_] == '!' || text_[pos_] == '?')) {
            token.text += text_[pos_++];
        }
        return token;
    }
    if (is_symbol_start(c)) {
        token.kind = TokenKind::kSymbol;
        token.text += text_[pos_++];
        if (c != '*') {
            while (pos_ < text_.size() && is_symbol_char(text_[pos_])) token.text += text_[pos_++];
        }
        // Move suffix annotations glued to the move ("Nf3!?") are dropped.
        while (pos_ < text_.size() && (text_[pos_] == '!' || text_[pos_] == '?')) ++pos_;
        return token;
    }
    std::string shown(1, c);
    if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) >= 127) {
        shown = "byte " + std::to_string(static_cast<unsigned char>(c));
    }
    throw SyntaxError{token.line, "unexpected character '" + shown + "'"};
}

}  // namespace lmr::pgn
