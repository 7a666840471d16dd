#include "math/python_format.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

namespace attn {
namespace {

// 17 significant digits always read back as the same double; decimals of up to 15
// digits are all distinct doubles (std::numeric_limits<double>::digits10).
constexpr int kMaxSignificant = 17;
constexpr int kDistinctSignificant = std::numeric_limits<double>::digits10;
// CPython's float.__round__: beyond these n the answer is x itself, or a zero
// of x's sign (Objects/floatobject.c, NDIGITS_MAX and NDIGITS_MIN).
constexpr int kRoundKeepsAll = 323;
constexpr int kRoundLosesAll = -308;
// repr switches to exponent notation outside 1e-4 <= |x| < 1e16
// (Python/pystrtod.c, format_float_short with mode 'r').
constexpr int kReprLowestPoint = -3;
constexpr int kReprHighestPoint = 16;

// printf's "%.*e" text, e.g. "1.250e+02", as digits and a decimal point position.
ShortestDecimal parse_scientific(const std::string& s) {
    ShortestDecimal d;
    std::size_t i = 0;
    if (s[i] == '-') d.negative = true, ++i;
    for (; i < s.size() && s[i] != 'e'; ++i)
        if (s[i] != '.') d.digits += s[i];
    d.point = std::atoi(s.c_str() + i + 1) + 1;
    return d;
}

void strip_trailing_zeros(ShortestDecimal& d) {
    while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
}

double value_of(const ShortestDecimal& d) {
    const std::string text = (d.negative ? "-0." : "0.") + d.digits + "e" + std::to_string(d.point);
    return std::strtod(text.c_str(), nullptr);  // correctly rounded in glibc and in Emscripten's musl
}

// The p-digit decimal nearest to x: printf rounds the exact binary value, half to even.
ShortestDecimal nearest_decimal(double x, int p) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*e", p - 1, x);
    return parse_scientific(buf);
}

// Adds one in the last place of a digit string; false when it carries out ("999" -> "000").
bool add_one(std::string& digits) {
    for (std::size_t i = digits.size(); i > 0; --i) {
        if (digits[i - 1] != '9') {
            ++digits[i - 1];
            return true;
        }
        digits[i - 1] = '0';
    }
    return false;
}

// The next p-digit decimal away from zero: 0.129 -> 0.130, 0.999 -> 1.00.
ShortestDecimal next_away_from_zero(ShortestDecimal d) {
    if (!add_one(d.digits)) {
        d.digits = "1" + d.digits.substr(1);
        ++d.point;
    }
    return d;
}

// Exact rounding of a whole-number decimal string to `k` fewer digits, half to
// even, `sticky` saying whether anything non-zero lay below the string.
std::string round_digits_off(const std::string& whole, int k, bool sticky) {
    const std::string padded = std::string(k + 1 > static_cast<int>(whole.size()) ? k + 1 - whole.size() : 0, '0') + whole;
    std::string kept = padded.substr(0, padded.size() - k);
    const std::string dropped = padded.substr(padded.size() - k);
    const bool rest_nonzero = sticky || dropped.find_first_not_of('0', 1) != std::string::npos;
    const bool up = dropped[0] > '5' || (dropped[0] == '5' && (rest_nonzero || (kept.back() - '0') % 2 == 1));
    if (up && !add_one(kept)) kept.insert(kept.begin(), '1');
    return kept + std::string(k, '0');
}

// round(x, n) for n < 0: to a multiple of 10^-n, exactly, from x's whole part
// and whether it has a fraction (both exact in double).
double round_to_tens(double x, int n) {
    const double whole = std::trunc(std::fabs(x));
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.0f", whole);  // exact: whole is an integer
    const std::string rounded = round_digits_off(buf, -n, std::fabs(x) != whole);
    return std::copysign(std::strtod(rounded.c_str(), nullptr), x);
}

}  // namespace

ShortestDecimal shortest_decimal(double x) {
    if (x == 0) return {std::signbit(x), "0", 1};
    // Two decimals of at most 15 digits never read back as the same normal double
    // (DBL_DIG), so if the nearest 15-digit decimal reads back, it is the shortest
    // with its trailing zeros dropped: one printf and one strtod for most numbers.
    const bool normal = std::fabs(x) >= std::numeric_limits<double>::min();
    // The shortest length p is the first at which some p-digit decimal reads back.
    // The nearest one is the candidate, and when it lies below x also the next one
    // up: at a power of two the interval that reads back is narrower below x.
    for (int p = normal ? kDistinctSignificant : 1; p < kMaxSignificant; ++p) {
        ShortestDecimal d = nearest_decimal(x, p);
        const double back = value_of(d);
        if (back != x && std::fabs(back) < std::fabs(x)) {
            const ShortestDecimal up = next_away_from_zero(d);
            if (value_of(up) == x) d = up;
        }
        if (value_of(d) == x) {
            strip_trailing_zeros(d);
            return d;
        }
    }
    ShortestDecimal d = nearest_decimal(x, kMaxSignificant);
    strip_trailing_zeros(d);
    return d;
}

std::string python_repr(double x) {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    const ShortestDecimal d = shortest_decimal(x);
    const std::string sign = d.negative ? "-" : "";
    const int n = static_cast<int>(d.digits.size());
    if (d.point < kReprLowestPoint || d.point > kReprHighestPoint) {
        const int e = d.point - 1;
        char exponent[16];
        std::snprintf(exponent, sizeof exponent, "e%c%02d", e < 0 ? '-' : '+', std::abs(e));
        return sign + d.digits.substr(0, 1) + (n > 1 ? "." + d.digits.substr(1) : "") + exponent;
    }
    if (d.point <= 0) return sign + "0." + std::string(-d.point, '0') + d.digits;
    if (d.point >= n) return sign + d.digits + std::string(d.point - n, '0') + ".0";
    return sign + d.digits.substr(0, d.point) + "." + d.digits.substr(d.point);
}

double python_round(double x, int n) {
    if (!std::isfinite(x) || n > kRoundKeepsAll) return x;
    if (n < kRoundLosesAll) return 0.0 * x;
    if (n < 0) return round_to_tens(x, n);
    // printf rounds the exact binary value half to even, as CPython's dtoa does;
    // reading the text back gives the double CPython returns.
    std::string buf(static_cast<std::size_t>(n) + 320, '\0');
    std::snprintf(&buf[0], buf.size(), "%.*f", n, x);
    return std::strtod(buf.c_str(), nullptr);
}

std::string python_number(double x, PyType type) {
    if (type == PyType::Float) return python_repr(x);
    if (x == 0) return "0";  // an int has no negative zero
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
}

std::string python_rounded(double x, int n) { return python_repr(python_round(x, n)); }

std::string python_list(const std::vector<int>& values) {
    std::string s = "[";
    for (std::size_t i = 0; i < values.size(); ++i) s += (i ? ", " : "") + std::to_string(values[i]);
    return s + "]";
}

std::string python_list(const std::vector<double>& values) {
    std::string s = "[";
    for (std::size_t i = 0; i < values.size(); ++i) s += (i ? ", " : "") + python_repr(values[i]);
    return s + "]";
}

std::string python_rounded_list(const std::vector<double>& values, int n) {
    std::vector<double> rounded;
    for (double v : values) rounded.push_back(python_round(v, n));
    return python_list(rounded);
}

}  // namespace attn
