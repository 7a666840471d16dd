// A scene as tokens: each token's numbers (drawn from the scene's seed) and the count of numbers in.
#include "base/error.hpp"
#include "lessons/table/explain.hpp"

namespace attn::lesson_table {
namespace {

using namespace explain;

const std::string kTokensStep = "A table written as tokens";

}  // namespace

json explain_table_tokens(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents") return {{"tables", {"tokens", "request"}}, {"numbers", {"numbers_in", "positions_m", "objects"}}, {"printed", false}};
    const TableScene s = scene_of(p);
    const long n = s.objects();
    if (kind == "param") {
        if (ref_text(ref, "name") != "objects") throw ParamError("ref", "this demo has no such value you set");
        return Explanation(ref, "the number of objects", kTokensStep, "", "").given("param", n).to_json(n);
    }
    if (kind == "table") {
        const std::string table = ref_text(ref, "table");
        if (table == "request") {
            const long col = ref_index(ref, "col", table::kKinds);
            ref_index(ref, "row", 1);
            const double v = s.request(0, col);
            return Explanation(ref, "the " + std::string(kind_name(static_cast<int>(col))) + " number of the request", kTokensStep,
                               "1 for the kind asked for, 0 for the others", "one-hot: 1 where the kind is the one the scene asks for")
                .given("random", v)
                .to_json(v);
        }
        if (table != "tokens") throw ParamError("ref", "this demo has no table called \"" + table + "\"");
        const long row = ref_index(ref, "row", n), col = ref_index(ref, "col", table::kTokenWidth);
        const bool kind_col = col < table::kKinds;
        const double v = s.tokens(row, col);
        return Explanation(ref, kind_col ? "the " + std::string(kind_name(static_cast<int>(col))) + " number of object " + std::to_string(row)
                                         : std::string(col == table::kKinds ? "x" : "y") + " [m] of object " + std::to_string(row),
                           kTokensStep + ": drawn from the scene's seed",
                           kind_col ? "1 for the object's kind, 0 for the others" : "its place on the table [m]",
                           kind_col ? "one-hot: 1 where the kind is the object's" : "where the scene put it, in metres")
            .given("random", v)
            .to_json(v);
    }
    if (kind != "number") throw ParamError("ref", "this demo has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    if (name == "objects")
        return Explanation(ref, "the number of objects", kTokensStep, "objects", "the number you set").same_as(param_ref("objects"), "the objects, which you set", n).to_json(n);
    if (name == "numbers_in") {
        Explanation e(ref, "the numbers the network reads", kTokensStep, "objects × 10 + 8",
                      "ten numbers per object's token, and eight for the request");
        e.expression(add(mul(operand(e.add(param_ref("objects"), "the objects, which you set", n)), constant(table::kTokenWidth)),
                         constant(table::kKinds)));
        return e.to_json(n * table::kTokenWidth + table::kKinds);
    }
    if (name == "positions_m") {
        std::vector<json> items;
        std::vector<double> values;
        for (long i = 0; i < n; ++i)
            for (long c = 0; c < 2; ++c) {
                items.push_back(table_ref("tokens", i, table::kKinds + c));
                values.push_back(s.tokens(i, table::kKinds + c));
            }
        return Explanation(ref, "the objects' places [m]", kTokensStep, "", "").list(items, values).to_json(values[0]);
    }
    throw ParamError("ref", "this demo has no number called \"" + name + "\"");
}

}  // namespace attn::lesson_table
