#include "demo/result.hpp"

#include <algorithm>
#include <cmath>

namespace attn {

Result& Result::print(const std::string& text) {
    // Line by line as std::getline splits them (no empty line after a last newline), but without
    // iostreams, whose locale machinery would otherwise come into every WebAssembly module.
    for (std::size_t start = 0; start < text.size();) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        j_["printed"].push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return *this;
}

Result& Result::table(const std::string& name, const std::string& title, const Matrix& values,
                      std::vector<std::string> row_labels, std::vector<std::string> col_labels, bool heat) {
    json rows = json::array();
    for (Eigen::Index i = 0; i < values.rows(); ++i) {
        json row = json::array();
        // JSON has no -inf; a masked score travels as null and the page shows "−∞".
        for (Eigen::Index j = 0; j < values.cols(); ++j)
            row.push_back(std::isfinite(values(i, j)) ? json(values(i, j)) : json(nullptr));
        rows.push_back(std::move(row));
    }
    // Moved in: a brace list copies what it is given.
    j_["tables"].push_back({{"name", name}, {"title", title}, {"values", std::move(rows)},
                            {"row_labels", std::move(row_labels)}, {"col_labels", std::move(col_labels)}, {"heat", heat}});
    return *this;
}

Result& Result::one_format() {
    j_["tables"].back()["one_format"] = true;
    return *this;
}

Result& Result::digits(int decimals) {
    j_["tables"].back()["digits"] = decimals;
    return *this;
}

Result& Result::chart(const std::string& name, const std::string& title, const std::string& x_label,
                      const std::string& y_label, const std::vector<Series>& series, bool log_x) {
    json s = json::array();
    for (const auto& one : series) s.push_back({{"name", one.name}, {"x", one.x}, {"y", one.y}});
    j_["charts"].push_back({{"name", name}, {"title", title}, {"x_label", x_label}, {"y_label", y_label},
                            {"log_x", log_x}, {"series", std::move(s)}});  // moved in, as in table()
    return *this;
}

Result& Result::figure(json description) {
    j_["figures"].push_back(std::move(description));
    return *this;
}

Result& Result::number(const std::string& name, json value) {
    j_["numbers"][name] = std::move(value);
    return *this;
}

Result& Result::text(const std::string& name, std::string words) {
    j_["texts"][name] = std::move(words);
    return *this;
}

Result& Result::claim(const std::string& name, const std::string& value) {
    j_["claims"][name] = value;
    return *this;
}

std::vector<std::string> numbered(const std::string& prefix, Eigen::Index n) {
    std::vector<std::string> labels;
    for (Eigen::Index i = 0; i < n; ++i) labels.push_back(prefix + " " + std::to_string(i));
    return labels;
}

}  // namespace attn
