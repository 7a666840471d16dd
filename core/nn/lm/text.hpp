#pragma once
// A learner's text, checked before any work: its size first (no byte is read
// past the bound), then that it is text (UTF-8 with no control characters but
// tab, newline and carriage return), then that it has enough distinct
// characters to learn from. Every refusal is a ParamError on "text" in the
// learner's words.
#include <cstddef>
#include <string>
#include <vector>

#include "base/utf8.hpp"

namespace attn::nn::lm {

constexpr std::size_t kMaxTextBytes = 2 * 1024 * 1024;  // 2 MB: a long book
constexpr int kMinDistinct = 5;     // fewer characters leave nothing to predict
constexpr int kMaxDistinct = 256;   // the head's rows: a vocabulary past this is not one language's text

// The characters (Unicode code points) of `text`, carriage returns left out
// (Windows line ends become plain newlines). Throws ParamError("text", ...)
// when the text is empty, over kMaxTextBytes, or not text.
std::vector<char32_t> decode_text(const std::string& text);

using attn::utf8;  // base/utf8.hpp: a code point as UTF-8

// How a character reads in a message: 'a', "a space", "a newline", "U+00E9 'é'".
std::string describe_char(char32_t c);

}  // namespace attn::nn::lm
