#include "lessons/robot/common.hpp"

namespace attn::lesson_robot {

json weight_strip(const std::string& name, const std::string& title, const Matrix& weights,
                  const std::vector<std::string>& row_labels, const Vector& values) {
    json rows = json::array();
    for (Eigen::Index r = 0; r < weights.rows(); ++r) {
        const RowVector w = weights.row(r);
        rows.push_back({{"label", row_labels[r]}, {"weights", std::vector<double>(w.data(), w.data() + w.size())}});
    }
    json steps_back = json::array();
    for (Eigen::Index j = 0; j < values.size(); ++j) steps_back.push_back(values.size() - j);
    // Moved in: a brace list copies what it is given.
    return {{"kind", "weight_strip"}, {"name", name}, {"title", title}, {"rows", std::move(rows)},
            {"values", std::vector<double>(values.data(), values.data() + values.size())},
            {"steps_back", std::move(steps_back)}, {"value_unit", "cm"}};
}

}  // namespace attn::lesson_robot
