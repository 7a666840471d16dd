#pragma once
// Unicode code points as UTF-8 bytes: the one encoder for every layer's messages and texts.
#include <string>

namespace attn {

// A code point as UTF-8 (1 to 4 bytes).
std::string utf8(char32_t c);

}  // namespace attn
