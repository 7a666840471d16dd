#include "nn/lm/text.hpp"

#include <cmath>
#include <cstdio>

#include "base/error.hpp"

namespace attn::nn::lm {

namespace {

// In tenths of a MB, rounded up: a text just over the bound must not read as the bound itself.
std::string megabytes(std::size_t bytes) {
    char out[32];
    const double tenths = std::ceil(static_cast<double>(bytes) / (1024.0 * 1024.0) * 10.0);
    std::snprintf(out, sizeof out, "%.1f MB", tenths / 10.0);
    return out;
}

[[noreturn]] void not_text(std::size_t at) {
    throw ParamError("text", "This does not look like text: byte " + std::to_string(at + 1) +
                                 " is not part of any character (is it a picture, a program or another binary "
                                 "file?). Paste or open a plain text file, saved as UTF-8.");
}

}  // namespace

std::vector<char32_t> decode_text(const std::string& text) {
    if (text.empty()) throw ParamError("text", "The text is empty: paste or open some text to train on.");
    if (text.size() > kMaxTextBytes)
        throw ParamError("text", "The text is " + megabytes(text.size()) + "; the most the model can train on is " +
                                     megabytes(kMaxTextBytes) + ". Use a shorter part of it.");
    std::vector<char32_t> out;
    out.reserve(text.size());
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n;) {
        const unsigned char lead = s[i];
        int extra;
        char32_t c, smallest;
        if (lead < 0x80) extra = 0, c = lead, smallest = 0;
        else if ((lead & 0xE0) == 0xC0) extra = 1, c = lead & 0x1F, smallest = 0x80;
        else if ((lead & 0xF0) == 0xE0) extra = 2, c = lead & 0x0F, smallest = 0x800;
        else if ((lead & 0xF8) == 0xF0) extra = 3, c = lead & 0x07, smallest = 0x10000;
        else not_text(i);
        for (int k = 1; k <= extra; ++k) {
            if (i + k >= n || (s[i + k] & 0xC0) != 0x80) not_text(i);
            c = (c << 6) | (s[i + k] & 0x3F);
        }
        // overlong forms, UTF-16 surrogates and code points past Unicode are not text
        if (c < smallest || (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF) not_text(i);
        // control characters other than tab, newline and carriage return: a binary file
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) not_text(i);
        if (c != '\r') out.push_back(c);
        i += static_cast<std::size_t>(extra) + 1;
    }
    return out;
}

std::string describe_char(char32_t c) {
    if (c == ' ') return "a space";
    if (c == '\n') return "a newline";
    if (c == '\t') return "a tab";
    if (c < 0x80) return "'" + utf8(c) + "'";
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
    return std::string(code) + " '" + utf8(c) + "'";
}

}  // namespace attn::nn::lm
