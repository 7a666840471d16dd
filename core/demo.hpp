#pragma once
// A demo is a pure function from validated parameters to a result, plus the
// declaration of those parameters. The page and the CLI only ever see it
// through api.hpp.
#include <functional>
#include <string>
#include <vector>

#include "params.hpp"

namespace attn {

struct Demo {
    std::string id;     // stable name used by the page, the URL and the CLI
    std::string title;
    std::vector<ParamSpec> params;
    std::function<json(const Params&)> compute;  // may throw ParamError for rules across parameters
    std::vector<std::string> sources;            // core snippets the page shows beside the demo
    // "double", or "float32" for demos that run a trained network: native and
    // WebAssembly then agree to float precision rather than double.
    std::string arithmetic = "double";
};

const std::vector<Demo>& all_demos();
// nullptr when no demo has that id.
const Demo* find_demo(const std::string& id);

}  // namespace attn
