#include "base/base64.hpp"

namespace attn {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int value_of(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

}  // namespace

std::string base64_encode(const std::vector<unsigned char>& bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::size_t n = bytes.size() - i < 3 ? bytes.size() - i : 3;
        unsigned long group = static_cast<unsigned long>(bytes[i]) << 16;
        if (n > 1) group |= static_cast<unsigned long>(bytes[i + 1]) << 8;
        if (n > 2) group |= bytes[i + 2];
        for (std::size_t k = 0; k < 4; ++k)
            out += k <= n ? kAlphabet[(group >> (18 - 6 * k)) & 63] : '=';
    }
    return out;
}

bool base64_decode(const std::string& text, std::vector<unsigned char>& bytes) {
    bytes.clear();
    if (text.size() % 4 != 0) return false;
    std::size_t pad = 0;
    while (pad < 2 && pad < text.size() && text[text.size() - 1 - pad] == '=') ++pad;
    bytes.reserve(text.size() / 4 * 3);
    for (std::size_t i = 0; i < text.size(); i += 4) {
        unsigned long group = 0;
        for (std::size_t k = 0; k < 4; ++k) {
            const bool padding = i + k >= text.size() - pad;
            const int v = padding ? 0 : value_of(text[i + k]);
            if (v < 0) return false;
            group = group << 6 | static_cast<unsigned long>(v);
        }
        const std::size_t n = i + 4 == text.size() ? 3 - pad : 3;
        for (std::size_t k = 0; k < n; ++k) bytes.push_back(static_cast<unsigned char>(group >> (16 - 8 * k) & 255));
    }
    return true;
}

}  // namespace attn
