#pragma once
// Limits on JSON text from outside (a learner's parameters, a weights file, a
// summary, training settings), checked by scanning the text BEFORE any parser
// sees it. nlohmann's parser and dump() recurse once per nesting level, so a
// few thousand nested brackets overflow the stack natively and throw a
// JavaScript RangeError in WebAssembly; a huge file takes seconds and hundreds
// of megabytes. Every JSON entry point of the core calls check_json_text first.
#include <cstddef>
#include <string>

namespace attn::json_limits {

// The largest text accepted [bytes]: the shipped Plain-256 weights are 1.1 MB.
constexpr std::size_t kMaxTextBytes = 4u * 1024u * 1024u;
// The deepest nesting of arrays and objects accepted: a demo's matrix is 2
// levels inside its object, a weights file 3.
constexpr int kMaxDepth = 64;

// Throws ParamError(param, "<what> ...") when `text` is longer than
// kMaxTextBytes or nests arrays and objects deeper than kMaxDepth (brackets
// inside strings do not count). Says nothing about whether the text is JSON.
void check_json_text(const std::string& text, const std::string& param, const std::string& what);

}  // namespace attn::json_limits
