#include "math/numpy_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "math/python_format.hpp"

namespace attn {
namespace {

// NumPy 1.24's default print options (np.get_printoptions()) and the rules of
// numpy/core/arrayprint.py's FloatingFormat, floatmode 'maxprec'.
constexpr int kPrecision = 8;            // at most 8 digits after the point
constexpr std::size_t kLineWidth = 75;   // a line of an array is wrapped before 75 characters
constexpr double kScientificFrom = 1e8;  // scientific when the largest non-zero |x| is at least this,
constexpr double kScientificUnder = 1e-4;  // or the smallest is below this,
constexpr double kScientificRatio = 1000;  // or the largest is more than this times the smallest
constexpr double kDistinctWhole = 1e15;    // whole numbers below this have at most 15 digits
constexpr int kExactPowersOfTen = 15;      // 10^0 .. 10^15: exact doubles, and room for 15-digit k

// One finite number as NumPy writes it before padding: "-1" "41421" "+02" for
// -141.421 in scientific notation; exponent empty in positional notation.
struct Parts {
    std::string whole, frac, exponent;
};

std::string sign_of(double x) { return std::signbit(x) ? "-" : ""; }

std::string exponent_text(int e) {
    return (e < 0 ? "-" : "+") + std::string(std::abs(e) < 10 ? "0" : "") + std::to_string(std::abs(e));
}

// x with more digits than the precision: the exact value rounded to 8 places after
// the point by printf ("%.*f" or "%.*e"), half to even as Dragon4 rounds at its
// cut-off, with trailing zeros dropped.
Parts cut_off(const char* format, double x) {
    char buf[400];
    std::snprintf(buf, sizeof buf, format, kPrecision, std::fabs(x));
    const std::string s(buf);
    const std::size_t dot = s.find('.'), e = s.find('e');
    std::string frac = s.substr(dot + 1, e == std::string::npos ? std::string::npos : e - dot - 1);
    while (!frac.empty() && frac.back() == '0') frac.pop_back();
    return {sign_of(x) + s.substr(0, dot), frac, e == std::string::npos ? "" : exponent_text(std::atoi(buf + e + 1))};
}

// dragon4_positional(x, precision=8, unique=True, fractional=True, trim='.')
Parts positional(double x, const ShortestDecimal& d) {
    const int n = static_cast<int>(d.digits.size());
    if (n - d.point > kPrecision) return cut_off("%.*f", x);
    std::string whole = d.point <= 0 ? "0" : d.digits.substr(0, d.point) + std::string(std::max(0, d.point - n), '0');
    std::string frac = d.point < 0 ? std::string(-d.point, '0') + d.digits : d.point < n ? d.digits.substr(d.point) : "";
    return {sign_of(x) + whole, frac, ""};
}

// dragon4_scientific(x, precision=8, unique=True, trim='.')
Parts scientific(double x, const ShortestDecimal& d) {
    if (static_cast<int>(d.digits.size()) - 1 > kPrecision) return cut_off("%.*e", x);
    return {sign_of(x) + d.digits.substr(0, 1), d.digits.substr(1), exponent_text(x == 0 ? 0 : d.point - 1)};
}

std::string non_finite_text(double x) { return std::isnan(x) ? "nan" : x > 0 ? "inf" : "-inf"; }

// FloatingFormat.fillFormat: one layout shared by every value of the array.
struct Layout {
    bool scientific = false;
    std::size_t pad_left = 0, pad_right = 0;  // characters before and after the point
    std::size_t precision = 0, exponent_digits = 0;  // scientific only
};

bool needs_scientific(const std::vector<double>& values) {
    double largest = 0, smallest = std::numeric_limits<double>::infinity();
    for (double v : values)
        if (std::isfinite(v) && v != 0) largest = std::max(largest, std::fabs(v)), smallest = std::min(smallest, std::fabs(v));
    if (largest == 0) return false;
    return largest >= kScientificFrom || smallest < kScientificUnder || largest / smallest > kScientificRatio;
}

// Each finite value's parts in the notation the whole array uses (empty for inf and nan).
std::vector<Parts> parts_of(const std::vector<Rounded>& values, bool in_scientific) {
    std::vector<Parts> parts;
    for (const Rounded& v : values) {
        if (!std::isfinite(v.value)) parts.push_back({});
        else if (in_scientific) parts.push_back(scientific(v.value, v.digits));
        else parts.push_back(positional(v.value, v.digits));
    }
    return parts;
}

Layout layout_of(const std::vector<double>& values, const std::vector<Parts>& parts, bool in_scientific) {
    Layout f;
    f.scientific = in_scientific;
    bool any_finite = false, negative_inf = false, any_non_finite = false;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!std::isfinite(values[i])) {
            any_non_finite = true;
            negative_inf = negative_inf || values[i] < 0;
            continue;
        }
        any_finite = true;
        const Parts& p = parts[i];
        f.pad_left = std::max(f.pad_left, p.whole.size());
        f.pad_right = std::max(f.pad_right, p.frac.size());
        if (!p.exponent.empty()) f.exponent_digits = std::max(f.exponent_digits, p.exponent.size() - 1);
    }
    if (f.scientific && any_finite) {
        f.precision = f.pad_right;
        f.pad_right = f.exponent_digits + 2 + f.precision;  // only used to place inf and nan
    }
    if (any_non_finite) {  // inf and nan take the full width of a number, and may widen it
        const std::size_t widest = negative_inf ? 4 : 3, after = f.pad_right + 1;
        if (widest > after) f.pad_left = std::max(f.pad_left, widest - after);
    }
    return f;
}

// FloatingFormat.__call__
std::string cell(double x, const Parts& p, const Layout& f) {
    if (!std::isfinite(x)) {
        const std::string text = non_finite_text(x);
        return std::string(f.pad_left + f.pad_right + 1 - text.size(), ' ') + text;
    }
    const std::string whole = std::string(f.pad_left - p.whole.size(), ' ') + p.whole;
    if (!f.scientific) return whole + "." + p.frac + std::string(f.pad_right - p.frac.size(), ' ');
    const std::string digits = std::string(f.exponent_digits + 1 - p.exponent.size(), '0') + p.exponent.substr(1);
    return whole + "." + p.frac + std::string(f.precision - p.frac.size(), '0') + "e" + p.exponent[0] + digits;
}

// arrayprint._extendLine: a word goes on the line unless it would pass `width`
// (and a line holding only the indent takes the word anyway).
void extend_line(std::string& s, std::string& line, const std::string& word, std::size_t width,
                 const std::string& indent) {
    if (line.size() + word.size() > width && line.size() > indent.size()) {
        while (!line.empty() && line.back() == ' ') line.pop_back();
        s += line + "\n";
        line = indent;
    }
    line += word;
}

// arrayprint._formatArray: brackets per axis, the last axis wrapped to the line
// width, blank lines between blocks of 3-D and higher arrays.
struct ArrayText {
    const std::vector<std::string>& cells;
    const std::vector<long>& shape;

    std::string axis_text(std::size_t axis, std::size_t offset, const std::string& indent, std::size_t width) const {
        const std::size_t n = static_cast<std::size_t>(shape[axis]);
        std::size_t stride = 1;
        for (std::size_t a = axis + 1; a < shape.size(); ++a) stride *= static_cast<std::size_t>(shape[a]);
        std::string s;
        if (axis + 1 == shape.size()) {
            std::string line = indent;
            for (std::size_t i = 0; i < n; ++i) {
                extend_line(s, line, cells[offset + i], width - 1, indent);  // room for the "]"
                if (i + 1 < n) line += " ";
            }
            s += line;
        } else {
            const std::string between(shape.size() - axis - 1, '\n');
            for (std::size_t i = 0; i < n; ++i)
                s += indent + axis_text(axis + 1, offset + i * stride, indent + " ", width - 1) + (i + 1 < n ? between : "");
        }
        return "[" + s.substr(indent.size()) + "]";
    }
};

ShortestDecimal digits_or_none(double r) { return std::isfinite(r) ? shortest_decimal(r) : ShortestDecimal{}; }

// The shortest digits of r = k / 10^decimals (k whole): that quotient is correctly
// rounded, so the decimal k × 10^-decimals reads back as r, and with at most 15
// digits it is r's shortest (15-digit decimals are distinct doubles). No printf.
ShortestDecimal digits_of_quotient(double k, int decimals, double r) {
    if (!(std::fabs(k) < kDistinctWhole) || decimals > kExactPowersOfTen) return digits_or_none(r);
    if (k == 0) return {std::signbit(r), "0", 1};
    ShortestDecimal d{r < 0, std::to_string(static_cast<long long>(std::fabs(k))), 0};
    d.point = static_cast<int>(d.digits.size()) - decimals;
    while (d.digits.back() == '0') d.digits.pop_back();
    return d;
}

}  // namespace

Rounded numpy_round(double x, int decimals) {
    double scale = 1;  // 10^|decimals| by multiplication, as NumPy's power_of_ten: exact up to 1e22
    for (int i = 0; i < std::abs(decimals); ++i) scale *= 10;
    if (decimals < 0) {
        const double r = std::nearbyint(x / scale) * scale;
        return {r, digits_or_none(r)};
    }
    const double k = std::nearbyint(x * scale);
    return {k / scale, digits_of_quotient(k, decimals, k / scale)};
}

std::string format_array(const std::vector<double>& values, const std::vector<long>& shape, int decimals) {
    if (values.empty() || shape.empty()) return "[]";
    std::vector<Rounded> rounded;
    std::vector<double> plain;
    for (double v : values) {
        rounded.push_back(numpy_round(v, decimals));
        plain.push_back(rounded.back().value);
    }
    const bool in_scientific = needs_scientific(plain);
    const std::vector<Parts> parts = parts_of(rounded, in_scientific);
    const Layout f = layout_of(plain, parts, in_scientific);
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < plain.size(); ++i) cells.push_back(cell(plain[i], parts[i], f));
    return ArrayText{cells, shape}.axis_text(0, 0, " ", kLineWidth);
}

std::string format_row(const RowVector& v, int decimals) {
    return format_array(std::vector<double>(v.data(), v.data() + v.size()), {static_cast<long>(v.size())}, decimals);
}

std::string format_matrix(const Matrix& m, int decimals) {
    std::vector<double> values;
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) values.push_back(m(i, j));
    return format_array(values, {static_cast<long>(m.rows()), static_cast<long>(m.cols())}, decimals);
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
