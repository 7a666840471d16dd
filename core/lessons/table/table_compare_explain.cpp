// Does the task need attention: each contender's parameters (its tensors' sizes added up) and its mean
// misses with 4 and 6 objects, measured on 2,000 new scenes when the weights were made (given
// "measured"); the chart's points and the sentences repeat the table; the middle of the table's miss is
// (√2 + asinh 1) / 6 m, the mean distance from a unit square's centre to a uniform point.
#include <cmath>

#include "base/error.hpp"
#include "lessons/table/explain.hpp"

namespace attn::lesson_table {
namespace {

using namespace explain;

const std::string kCompareStep = "Does the task need attention? Three networks trained for \"find\", side by side";
std::string slot_of(long row) { return compare_slot(compare_networks().at(static_cast<std::size_t>(row))); }

double cell(long row, long col) {
    const json e = col == 0 ? explain_parameters(table_ref("misses", row, 0), slot_of(row), kCompareStep)
                            : explain_measured_miss(table_ref("misses", row, col), slot_of(row), col == 1 ? 4 : 6, kCompareStep);
    return e["value"].get<double>();
}

json table_cell(const json& ref, long row, long col) {
    if (col == 0) return explain_parameters(ref, slot_of(row), kCompareStep);
    return explain_measured_miss(ref, slot_of(row), col == 1 ? 4 : 6, kCompareStep);
}

json repeats(const json& ref, long row, long col) {
    const double v = cell(row, col);
    const std::string what = col == 0 ? "the parameters of " + network_words(slot_of(row))
                                      : "the mean miss of " + network_words(slot_of(row)) + " with " + (col == 1 ? "4" : "6") + " objects";
    return Explanation(ref, what, kCompareStep, col == 0 ? "parameters" : "mean miss", "the number in the table").same_as(table_ref("misses", row, col), what + " in the table", v).to_json(v);
}

json middle_miss(const json& ref) {
    Explanation e(ref, "the miss of always answering the middle of the table [cm]", kCompareStep, "100 × (√2 + asinh 1) / 6",
                  "the mean distance from the centre of a one-metre square to a point anywhere on it, in centimetres");
    e.expression(mul(constant(kCmPerMetre), div(add(sqrt(constant(2)), constant(std::asinh(1.0), "asinh 1")), constant(6))));
    return e.to_json(kCmPerMetre * (std::sqrt(2.0) + std::asinh(1.0)) / 6.0);
}

// Each line: the parameters, the miss with 4 objects, "4", the miss with 6, "6".
json printed(const json& ref) {
    const long k = ref_index(ref, "index", 15);
    const long row = k / 5, at = k % 5;
    if (at == 2 || at == 4) {
        const int objects = at == 2 ? 4 : 6;
        return objects_count(ref, objects, kCompareStep).to_json(objects);
    }
    return repeats(ref, row, at == 0 ? 0 : at == 1 ? 1 : 2);
}

}  // namespace

json explain_table_compare(const Params&, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents") {
        json numbers = {"middle_miss_cm"};
        for (const std::string& network : compare_networks())
            for (const char* tail : {"_miss_4", "_miss_6", "_parameters", "_parameters_text"})
                numbers.push_back(compare_key(network) + tail);
        return {{"tables", {"misses"}}, {"numbers", numbers}, {"printed", true}, {"charts", {"misses"}}};
    }
    if (kind == "table") {
        if (ref_text(ref, "table") != "misses") throw ParamError("ref", "the comparison has one table, \"misses\"");
        return table_cell(ref, ref_index(ref, "row", 3), ref_index(ref, "col", 3));
    }
    if (kind == "chart") {
        if (ref_text(ref, "chart") != "misses") throw ParamError("ref", "the comparison has one chart, \"misses\"");
        return repeats(ref, ref_index(ref, "series", 3), 1 + ref_index(ref, "point", 2));
    }
    if (kind == "printed") return printed(ref);
    if (kind != "number") throw ParamError("ref", "the comparison has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    if (name == "middle_miss_cm") return middle_miss(ref);
    for (long row = 0; row < 3; ++row) {
        const std::string k = compare_key(compare_networks().at(static_cast<std::size_t>(row)));
        if (name == k + "_miss_4") return repeats(ref, row, 1);
        if (name == k + "_miss_6") return repeats(ref, row, 2);
        if (name == k + "_parameters" || name == k + "_parameters_text") return repeats(ref, row, 0);
    }
    throw ParamError("ref", "the comparison does not explain a number called \"" + name + "\"");
}

}  // namespace attn::lesson_table
