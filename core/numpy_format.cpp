#include "numpy_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {
namespace {

// One finite number split at its decimal point, e.g. {"-0", "25"} for -0.25.
struct Digits {
    std::string whole;
    std::string frac;
};

Digits digits_of(double x, int decimals) {
    const double scale = std::pow(10.0, decimals);
    // nearbyint rounds halves to even, as NumPy's round() does: 0.0625 -> 0.062.
    double r = std::nearbyint(x * scale) / scale;
    if (r == 0.0) r = 0.0;  // no "-0."
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, r);
    const std::string s(buf);
    const auto dot = s.find('.');
    if (dot == std::string::npos) return {s, ""};  // decimals == 0
    std::string frac = s.substr(dot + 1);
    while (!frac.empty() && frac.back() == '0') frac.pop_back();
    return {s.substr(0, dot), frac};
}

std::string non_finite_text(double x) { return std::isnan(x) ? "nan" : x > 0 ? "inf" : "-inf"; }

// Formats every value with shared widths, as NumPy does across a whole array:
// finite values padded to a common integer part and fraction, and inf/nan
// right-aligned to the same total width (which grows if they are wider).
// NumPy's switch to scientific notation for wide ranges is not reproduced.
std::vector<std::string> aligned(const std::vector<double>& values, int decimals) {
    std::size_t whole_w = 0, frac_w = 0, special_w = 0;
    std::vector<Digits> parts;
    for (double v : values) {
        if (!std::isfinite(v)) {
            special_w = std::max(special_w, non_finite_text(v).size());
            parts.push_back({});
            continue;
        }
        parts.push_back(digits_of(v, decimals));
        whole_w = std::max(whole_w, parts.back().whole.size());
        frac_w = std::max(frac_w, parts.back().frac.size());
    }
    if (special_w > frac_w + 1) whole_w = std::max(whole_w, special_w - (frac_w + 1));
    std::vector<std::string> out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!std::isfinite(values[i])) {
            const std::string text = non_finite_text(values[i]);
            out.push_back(std::string(whole_w + frac_w + 1 - text.size(), ' ') + text);
            continue;
        }
        const Digits& d = parts[i];
        out.push_back(std::string(whole_w - d.whole.size(), ' ') + d.whole + "." + d.frac +
                      std::string(frac_w - d.frac.size(), ' '));
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
    std::snprintf(buf, sizeof buf, "%.10g", x);
    return buf;
}

std::string format_rounded(double x, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return format_number(std::round(x * scale) / scale);
}

std::string format_count(long long n) {
    std::string digits = std::to_string(n);
    if (n < 0) digits.erase(0, 1);  // the sign goes back on at the end; negating LLONG_MIN would overflow
    std::string s;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) s += ',';
        s += digits[i];
    }
    return n < 0 ? "-" + s : s;
}

}  // namespace attn
