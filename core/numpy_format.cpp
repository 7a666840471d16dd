#include "numpy_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {
namespace {

// One number split at its decimal point, e.g. {"-0", "25"} for -0.25.
struct Digits {
    std::string whole;
    std::string frac;
};

Digits digits_of(double x, int decimals) {
    if (std::isinf(x)) return {x > 0 ? "inf" : "-inf", ""};
    if (std::isnan(x)) return {"nan", ""};
    const double scale = std::pow(10.0, decimals);
    double r = std::round(x * scale) / scale;
    if (r == 0.0) r = 0.0;  // no "-0."
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, r);
    std::string s(buf);
    const auto dot = s.find('.');
    if (dot == std::string::npos) return {s, ""};
    std::string frac = s.substr(dot + 1);
    while (!frac.empty() && frac.back() == '0') frac.pop_back();
    return {s.substr(0, dot), frac};
}

// Formats every value with shared widths, as NumPy does across a whole array.
std::vector<std::string> aligned(const std::vector<double>& values, int decimals) {
    std::vector<Digits> parts;
    std::size_t whole_w = 0, frac_w = 0;
    bool any_finite = false;
    for (double v : values) {
        parts.push_back(digits_of(v, decimals));
        if (std::isfinite(v)) any_finite = true;
        whole_w = std::max(whole_w, parts.back().whole.size());
        frac_w = std::max(frac_w, parts.back().frac.size());
    }
    std::vector<std::string> out;
    for (const Digits& d : parts) {
        const bool special = d.whole == "inf" || d.whole == "-inf" || d.whole == "nan";
        std::string s = std::string(whole_w - d.whole.size(), ' ') + d.whole;
        if (special && any_finite) {
            s += std::string(frac_w + 1, ' ');
        } else if (!special) {
            s += "." + d.frac + std::string(frac_w - d.frac.size(), ' ');
        }
        out.push_back(s);
    }
    return out;
}

std::string join_bracketed(const std::vector<std::string>& cells, std::size_t begin, std::size_t n) {
    std::string s = "[";
    for (std::size_t j = 0; j < n; ++j) s += (j ? " " : "") + cells[begin + j];
    return s + "]";
}

}  // namespace

std::string format_row(const RowVector& v, int decimals) {
    const std::vector<double> values(v.data(), v.data() + v.size());
    return join_bracketed(aligned(values, decimals), 0, values.size());
}

std::string format_matrix(const Matrix& m, int decimals) {
    std::vector<double> values;
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) values.push_back(m(i, j));
    const auto cells = aligned(values, decimals);
    std::string s = "[";
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        if (i) s += "\n ";
        s += join_bracketed(cells, static_cast<std::size_t>(i * m.cols()), static_cast<std::size_t>(m.cols()));
    }
    return s + "]";
}

std::string format_shape(const std::vector<long>& dims) {
    std::string s = "(";
    for (std::size_t i = 0; i < dims.size(); ++i) s += (i ? ", " : "") + std::to_string(dims[i]);
    if (dims.size() == 1) s += ",";
    return s + ")";
}

std::string format_number(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

std::string format_count(long long n) {
    std::string digits = std::to_string(n < 0 ? -n : n);
    std::string s;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) s += ',';
        s += digits[i];
    }
    return n < 0 ? "-" + s : s;
}

}  // namespace attn
