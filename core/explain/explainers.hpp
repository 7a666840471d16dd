#pragma once
// Which demos can explain their values, and how (api/explain.hpp). A lesson folder
// registers its explainers in its lesson.cpp, beside its demos:
//   const explain::Explainers explained({{"worked_example", explain_worked_example}, ...});
// so a program that links a folder's demos links their explanations too.
#include <string>
#include <utility>
#include <vector>

#include "demo/params.hpp"

namespace attn::explain {

// The explanation's JSON (Explanation::to_json) of the value `ref` names, in the
// result the demo returns for `params`; throws ParamError("ref", ...) for a reference
// to no value of it.
using Explainer = json (*)(const Params& params, const json& ref);

struct Explainers {
    Explainers(std::vector<std::pair<const char*, Explainer>> by_demo);
};

// nullptr when the demo explains nothing.
Explainer find_explainer(const std::string& demo_id);

}  // namespace attn::explain
