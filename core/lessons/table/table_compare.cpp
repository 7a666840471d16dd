#include "lessons/table/demos.hpp"
#include <algorithm>
#include <cmath>
#include <map>

#include "math/numpy_format.hpp"
#include "demo/prose.hpp"
#include "nn/network_table.hpp"

namespace attn::lesson_table {
namespace {

// The numbers of a training record (epochs, rate, loss, seconds); its words stay out of the result's numbers.
json figures_of(const json& record) {
    json figures = json::object();
    for (const auto& item : record.items())
        if (item.value().is_number()) figures[item.key()] = item.value();
    return figures;
}

// What the comparison shows of one contender.
struct Figures {
    std::string model;
    long parameters = 0;
    Misses miss;             // [cm]
    json training;           // how the weights were made, or null
    bool recorded = false;   // from a summary: the weights load on request and are not loaded yet
};

// Answering the middle of the table every time misses by the mean distance from
// the centre of a unit square to a uniform point, (√2 + asinh 1) / 6 m.
const double kMiddleMiss_cm = kCmPerMetre * (std::sqrt(2.0) + std::asinh(1.0)) / 6.0;
constexpr double kLearnedLittle = 0.66;  // a miss past two thirds of that has learned little
constexpr double kFallsApart = 3;        // six objects missing three times as far as four: it breaks

// From the network, as for every loaded network; while a page has only the
// slot's summary, the figures the native trainer recorded when it made the weights.
Figures figures_of(const Models& models, const std::string& slot) {
    const models::ModelSummary* s = models.find_summary(slot);
    if (s && !models.find(slot)) return {s->model, s->parameters, {s->miss_4_cm, s->miss_6_cm}, s->training, true};
    const models::StoredModel& m = models::require_model(models, slot);  // or the error that names the slot
    return {m.net->name(), m.net->parameter_count(), misses_of(m), m.training, false};
}

json compute(const Params&, const Models& models) {
    Result r;
    Matrix table(static_cast<Eigen::Index>(compare_networks().size()), 3);
    std::vector<std::string> rows;
    std::vector<Series> series;
    int row = 0;
    bool any_recorded = false;
    std::map<std::string, Misses> miss;  // by network
    for (const std::string& network : compare_networks()) {
        const Figures f = figures_of(models, compare_slot(network));
        miss[network] = f.miss;
        any_recorded = any_recorded || f.recorded;
        char line[160];
        std::snprintf(line, sizeof line, "find    %-13s %6ld parameters: miss %.2f cm with 4 objects, %.2f cm with 6%s",
                      f.model.c_str(), f.parameters, f.miss.four, f.miss.six, f.recorded ? " *" : "");
        r.print(line);
        table.row(row++) << static_cast<double>(f.parameters), f.miss.four, f.miss.six;
        const std::string label = nn::find_network(network)->label + (f.recorded ? " (recorded)" : "");
        rows.push_back(label);
        series.push_back({label, {4, 6}, {f.miss.four, f.miss.six}});
        const std::string k = compare_key(network);
        r.number(k + "_miss_4", f.miss.four).number(k + "_miss_6", f.miss.six).number(k + "_parameters", f.parameters);
        r.text(k + "_parameters_text", format_count(f.parameters));
        if (f.training.is_object()) r.number(k + "_training", figures_of(f.training));
    }
    // The networks the text weighs by name (at(): one the table no longer ships is an error, never a zero miss).
    const Misses lookup = miss.at("lookup"), plain16 = miss.at("plain-16"), plain256 = miss.at("plain-256");
    r.number("middle_miss_cm", kMiddleMiss_cm);
    r.claim("lookup_miss", miss_words(std::max(lookup.four, lookup.six)));
    r.claim("plain16_learned", plain16.four > kLearnedLittle * kMiddleMiss_cm ? "little" : "some");
    r.claim("plain256_vs_lookup", prose::compared(plain256.four, lookup.four));
    r.claim("plain256_six", plain256.six > kFallsApart * plain256.four ? "falls_apart" : "holds");
    if (any_recorded) r.print("* measured natively when the weights were made; the weights load on request");
    r.table("misses", "Mean miss on 2,000 new scenes (all trained with 4 objects)", table, rows,
            {"parameters", "miss, 4 objects [cm]", "miss, 6 objects [cm]"}, false)
        .digits(kMissDigits);
    r.chart("misses", "Mean miss with 4 and with 6 objects on the table", "objects on the table", "mean miss [cm]",
            series);
    return std::move(r).to_json();
}

}  // namespace

Demo table_compare() {
    std::vector<std::string> slots;
    for (const std::string& network : compare_networks()) slots.push_back(compare_slot(network));
    return Demo{"table_compare", "Does the task need attention?", {}, compute, {"table-misses"}, "double", slots}
        .claiming("lookup_miss", miss_word_values())
        .claiming("plain16_learned", {"little", "some"})
        .claiming("plain256_vs_lookup", prose::compared_words())
        .claiming("plain256_six", {"falls_apart", "holds"});
}

}  // namespace attn::lesson_table
