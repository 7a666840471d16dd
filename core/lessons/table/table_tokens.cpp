#include "lessons/table/demos.hpp"
#include "math/numpy_format.hpp"
#include "demo/prose.hpp"

namespace attn::lesson_table {
namespace {

json compute(const Params& p) {
    const TableScene s = scene_of(p);
    const int n = s.objects();
    const Matrix tokens = s.tokens.cast<double>();
    const Matrix request = s.request.cast<double>();

    Result r;
    r.print("objects: " + kind_list(s) + "  request: " + kind_name(s.kinds[s.asked]));
    r.print("tokens, one row per object (8 kind numbers, then x and y in m):");
    r.print(format_matrix(tokens, 3));
    r.print("request: " + format_row(request.row(0), 3));

    std::vector<std::string> cols(table::kKindNames.begin(), table::kKindNames.end());
    cols.push_back("x [m]");
    cols.push_back("y [m]");
    std::vector<std::string> rows;
    for (int i = 0; i < n; ++i) rows.push_back("object " + std::to_string(i) + " (" + kind_name(s.kinds[i]) + ")");
    r.table("tokens", "One token per object: its kind as one-hot, then where it is", tokens, rows, cols, false);
    r.table("request", "The request: the kind asked for, as one-hot", request, {"request"},
            std::vector<std::string>(table::kKindNames.begin(), table::kKindNames.end()), false);

    std::vector<std::string> kinds;
    for (int k : s.kinds) kinds.push_back(kind_name(k));
    r.number("objects", n).text("objects_text", prose::counted(n, "object")).text("kinds", prose::joined(kinds)).text("request", kind_name(s.kinds[s.asked]));
    r.number("asked", s.asked).number("token_width", table::kTokenWidth).number("request_width", table::kKinds);
    r.number("numbers_in", n * table::kTokenWidth + table::kKinds).number("seed", p.integer("seed"));
    r.number("positions_m", values_of(s.tokens.rightCols(2).eval()));
    return std::move(r).to_json();
}

}  // namespace

Demo table_tokens() {
    return {"table_tokens", "A scene as tokens", scene_params(false, false), compute, {"table-scene"}};
}

}  // namespace attn::lesson_table
