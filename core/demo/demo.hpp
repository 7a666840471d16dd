#pragma once
// A demo is a pure function from validated parameters (and, for the table
// lesson, the trained networks it is handed) to a result, plus the declaration
// of those parameters. The page and the CLI only ever see it through api/demos.hpp.
#include <string>
#include <vector>

#include "demo/params.hpp"
#include "models/model_store.hpp"

namespace attn {

// The trained networks a demo may read (models::model_store(): those this module
// instance holds). A demo changes none of their weights; a forward pass only leaves
// its activations behind, which table_layers reads.
using Models = models::ModelStore;

// compute(params) for demos that need no network, compute(params, models) for those that do.
// Only a demo that reads networks refers to the module's store (compute(params) hands it over),
// so a WebAssembly module whose demos read none links no network code (web/modules.json).
class DemoFunction {
public:
    using Pure = json (*)(const Params&);
    using WithModels = json (*)(const Params&, const Models&);
    DemoFunction(Pure f) : pure_(f) {}
    DemoFunction(WithModels f) : with_models_(f), store_(&models::model_store) {}
    json operator()(const Params& p, const Models& m) const { return pure_ ? pure_(p) : with_models_(p, m); }
    json operator()(const Params& p) const { return pure_ ? pure_(p) : with_models_(p, store_()); }

private:
    Pure pure_ = nullptr;
    WithModels with_models_ = nullptr;
    Models& (*store_)() = nullptr;
};

// A claim a demo returns (Result::claim) and every value it can take. The site build asks for
// them (`attn list`) and requires the lesson to have a phrase for each value of a claim it uses,
// so no setting leaves a sentence without its ending; tests/core/demo/declared_claims_test.cpp
// checks that the demo returns no other.
struct ClaimSpec {
    std::string name;
    std::vector<std::string> values;
};

struct Demo {
    std::string id;     // stable name used by the page, the URL and the CLI
    std::string title;
    std::vector<ParamSpec> params;
    DemoFunction compute;                         // may throw ParamError for rules across parameters
    std::vector<std::string> sources;            // core snippets the page shows beside the demo
    // "double", or "float32" for demos that run a trained network: native and
    // WebAssembly then agree to float precision rather than double.
    std::string arithmetic = "double";
    // The trained networks it reads, by slot ("find/lookup"): the page says which one each is.
    std::vector<std::string> networks = {};
    std::vector<ClaimSpec> claims = {};

    // Declares a claim with its values, after the braces: `return Demo{...}.claiming("tokens", {...});`
    Demo& claiming(std::string name, std::vector<std::string> values) {
        claims.push_back({std::move(name), std::move(values)});
        return *this;
    }
};

// Each folder of core/lessons/ registers its demos once, in its lesson.cpp:
//   const LessonDemos registered(1, "attention", [] { return std::vector<Demo>{worked_example(), ...}; });
// A program holds the demos of the folders it links: the native build all of them, each
// WebAssembly module those web/modules.json lists for it. `place` orders the folders in the list.
struct LessonDemos {
    LessonDemos(int place, const char* folder, std::vector<Demo> (*demos)());
};

// The linked folders' demos, folder by folder by place, each folder's in its own order.
const std::vector<Demo>& all_demos();
// nullptr when no demo has that id.
const Demo* find_demo(const std::string& id);

}  // namespace attn
