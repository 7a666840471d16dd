#include "base/json_limits.hpp"

#include "base/error.hpp"

namespace attn::json_limits {
namespace {

// The deepest nesting in `text`, stopping as soon as it passes kMaxDepth.
int nesting_depth(const std::string& text) {
    int depth = 0, deepest = 0;
    bool in_string = false, escaped = false;
    for (const char c : text) {
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
            continue;
        }
        if (c == '"') in_string = true;
        else if (c == '[' || c == '{') {
            if (++depth > deepest) deepest = depth;
            if (deepest > kMaxDepth) break;
        } else if ((c == ']' || c == '}') && depth > 0)
            --depth;
    }
    return deepest;
}

}  // namespace

void check_json_text(const std::string& text, const std::string& param, const std::string& what) {
    if (text.size() > kMaxTextBytes)
        throw ParamError(param, what + " is too large: " + std::to_string(text.size()) + " bytes, and at most " +
                                    std::to_string(kMaxTextBytes) + " are accepted");
    if (nesting_depth(text) > kMaxDepth)
        throw ParamError(param, what + " nests lists and objects more than " + std::to_string(kMaxDepth) +
                                    " levels deep, which no accepted input does");
}

}  // namespace attn::json_limits
