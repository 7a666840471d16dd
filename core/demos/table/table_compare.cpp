#include "demos.hpp"
#include "numpy_format.hpp"

namespace attn::lesson_table {
namespace {

struct Contender {
    const char* slot;
    const char* label;
    const char* key;  // prefix of its numbers
};
constexpr Contender kContenders[] = {
    {"find/lookup", "Lookup", "lookup"},
    {"find/plain-16", "Plain-16", "plain16"},
    {"find/plain-256", "Plain-256", "plain256"},
};

json compute(const Params&) {
    Result r;
    Matrix table(3, 3);
    std::vector<std::string> rows;
    std::vector<Series> series;
    int row = 0;
    for (const Contender& c : kContenders) {
        nn::StoredModel& m = nn::require_model(c.slot);
        const Misses miss = misses_of(m);
        const long parameters = m.net->parameter_count();
        char line[160];
        std::snprintf(line, sizeof line, "find    %-13s %6ld parameters: miss %.2f cm with 4 objects, %.2f cm with 6",
                      m.net->name().c_str(), parameters, miss.four, miss.six);
        r.print(line);
        table.row(row++) << static_cast<double>(parameters), miss.four, miss.six;
        rows.push_back(c.label);
        series.push_back({c.label, {4, 6}, {miss.four, miss.six}});
        const std::string k = c.key;
        r.number(k + "_miss_4", miss.four).number(k + "_miss_6", miss.six).number(k + "_parameters", parameters);
        r.number(k + "_parameters_text", format_count(parameters));
        if (!m.training.is_null()) r.number(k + "_training", m.training);
    }
    r.table("misses", "Mean miss on 2,000 new scenes (all trained with 4 objects)", table, rows,
            {"parameters", "miss, 4 objects [cm]", "miss, 6 objects [cm]"}, false);
    r.chart("misses", "Mean miss with 4 and with 6 objects on the table", "objects on the table", "mean miss [cm]",
            series);
    return r.to_json();
}

}  // namespace

Demo table_compare() {
    return {"table_compare", "Does the task need attention?", {}, compute, {"table-misses"}};
}

}  // namespace attn::lesson_table
