#include "demo/finite_result.hpp"

#include <cmath>
#include <string>

#include "base/error.hpp"

namespace attn {
namespace {

using json = nlohmann::json;

// Whether `j` holds a bad value; if so `path` gets where, built only then (a
// robot run's result holds thousands of values: no string is made per value).
bool has_bad(const json& j, bool null_allowed, std::string& path) {
    if (j.is_number_float()) return !std::isfinite(j.get<double>());
    if (j.is_null()) return !null_allowed;
    if (j.is_object())
        for (const auto& item : j.items())
            if (has_bad(item.value(), null_allowed, path)) {
                path.insert(0, "." + item.key());
                return true;
            }
    if (j.is_array())
        for (std::size_t i = 0; i < j.size(); ++i)
            if (has_bad(j[i], null_allowed, path)) {
                path.insert(0, "[" + std::to_string(i) + "]");
                return true;
            }
    return false;
}

}  // namespace

void require_finite_result(const json& result) {
    for (const auto& part : result.items()) {
        const bool null_allowed = part.key() == "tables" || part.key() == "figures";
        std::string where;
        if (has_bad(part.value(), null_allowed, where))
            throw ComputeError("these settings give no meaningful answer: the result's " + part.key() + where +
                               " is not a finite number; try values further from the limits");
    }
}

}  // namespace attn
