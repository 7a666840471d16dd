#pragma once
// The core checks its own answers: no ok:true result may hold NaN, an
// infinity or a null number, which the page would print as "NaN" or "−∞" in a
// sentence. JSON has neither, so nlohmann would write them as null.
#include <nlohmann/json.hpp>

namespace attn {

// Throws ComputeError naming the first value that is not a finite number:
// a NaN or infinity anywhere, or a null among "numbers" and "charts".
// Allowed nulls: a table's cell, where null is a masked score (−∞; core/demo/result.cpp),
// and a figure's field that has no value yet (robot_run's guesses before the history is full).
void require_finite_result(const nlohmann::json& result);

}  // namespace attn
