#include "demo/finite_result.hpp"

#include <cmath>
#include <string>

#include "demo/error.hpp"

namespace attn {
namespace {

using json = nlohmann::json;

// The path of the first bad value under `j` ("numbers.corner_jump_median"), or "" when all are good.
std::string first_bad(const json& j, const std::string& path, bool null_allowed) {
    if (j.is_number_float() && !std::isfinite(j.get<double>())) return path;
    if (j.is_null() && !null_allowed) return path;
    if (j.is_object())
        for (const auto& item : j.items()) {
            const std::string bad = first_bad(item.value(), path + "." + item.key(), null_allowed);
            if (!bad.empty()) return bad;
        }
    if (j.is_array())
        for (std::size_t i = 0; i < j.size(); ++i) {
            const std::string bad = first_bad(j[i], path + "[" + std::to_string(i) + "]", null_allowed);
            if (!bad.empty()) return bad;
        }
    return "";
}

}  // namespace

void require_finite_result(const json& result) {
    for (const auto& part : result.items()) {
        const bool null_allowed = part.key() == "tables" || part.key() == "figures";
        const std::string bad = first_bad(part.value(), part.key(), null_allowed);
        if (!bad.empty())
            throw ComputeError("these settings give no meaningful answer: the result's " + bad +
                               " is not a finite number; try values further from the limits");
    }
}

}  // namespace attn
