// What the comparisons say of a whole trained network: its parameters (every tensor's rows × columns,
// added up) and its mean misses, measured on 2,000 new scenes of 4 and of 6 objects when the weights were
// made (or when they were loaded, for weights that did not carry them): given "measured".
#include "base/error.hpp"
#include "lessons/table/explain.hpp"
#include "models/model_summary.hpp"
#include "nn/network_table.hpp"

namespace attn::lesson_table {

using namespace explain;

std::string network_words(const std::string& slot) {
    const std::string model = slot.substr(slot.find('/') + 1);
    const nn::NetworkEntry* entry = nn::find_network(model);
    return "the " + (entry ? entry->label : model);
}

json explain_parameters(const json& ref, const std::string& slot, const std::string& step) {
    const models::ModelStore& store = models::model_store();
    const models::StoredModel* m = store.find(slot);
    if (!m) {
        const models::ModelSummary* s = store.find_summary(slot);
        if (!s) throw ParamError("ref", "the network " + slot + " is not loaded");
        return Explanation(ref, "the parameters of " + network_words(slot), step, "counted in its weights file", "the count the weights file recorded")
            .given("measured", static_cast<double>(s->parameters))
            .to_json(static_cast<double>(s->parameters));
    }
    Explanation e(ref, "the parameters of " + network_words(slot), step, "Σ over its tensors of rows × columns",
                  "every weight and bias the network learned, counted tensor by tensor");
    std::vector<Expr> terms;
    std::string names;
    for (const auto* p : m->net->params()) {
        const auto rows = p->value.rows(), cols = p->value.cols();
        terms.push_back(rows == 1 ? constant(static_cast<double>(cols)) : mul(constant(static_cast<double>(rows)), constant(static_cast<double>(cols))));
        names += (names.empty() ? "" : ", ") + p->name;
    }
    e.expression(sum(std::move(terms)));
    json out = e.to_json(static_cast<double>(m->net->parameter_count()));
    out["words"] = out["words"].get<std::string>() + ": " + names;
    return out;
}

json explain_measured_miss(const json& ref, const std::string& slot, int objects, const std::string& step) {
    const models::ModelStore& store = models::model_store();
    const models::StoredModel* m = store.find(slot);
    const models::ModelSummary* s = m ? nullptr : store.find_summary(slot);
    if (!m && !s) throw ParamError("ref", "the network " + slot + " is not loaded");
    const double v = m ? (objects == 4 ? m->miss_4_cm : m->miss_6_cm) : (objects == 4 ? s->miss_4_cm : s->miss_6_cm);
    return Explanation(ref, "the mean miss of " + network_words(slot) + " with " + std::to_string(objects) + " objects [cm]", step,
                       "Σ over 2,000 new scenes of |answer − true place| / 2,000",
                       "the distance between the network's answer and the true place, averaged over 2,000 scenes it never saw")
        .given("measured", v)
        .to_json(v);
}

Explanation objects_count(const json& ref, int objects, const std::string& step) {
    Explanation e(ref, "the objects on the table in the scenes of the measurement", step, std::to_string(objects),
                  "the number of objects the miss was measured with: fixed by the measurement");
    e.expression(constant(objects, std::to_string(objects)));
    return e;
}

}  // namespace attn::lesson_table
