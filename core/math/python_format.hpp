#pragma once
// Numbers the way CPython prints them, so a demo's line equals the line its
// Python program would print: repr(float), round(x, n), str(int) and lists.
// Checked against CPython itself on thousands of values
// (scripts/python_reference.py -> tests/fixtures/python_format.json).
#include <string>
#include <vector>

namespace attn {

// The shortest decimal that reads back as the same double, nearest to it among
// those of that length (what CPython's repr and NumPy's "unique" mode print).
// value = (negative ? -1 : 1) * 0.DIGITS * 10^point; zero has digits "0" and point 1.
struct ShortestDecimal {
    bool negative = false;
    std::string digits;  // no leading or trailing zeros (except zero itself: "0")
    int point = 1;
};
ShortestDecimal shortest_decimal(double x);  // x finite

// repr(x): 0.1 -> "0.1", 1.0 -> "1.0", 1e-05 -> "1e-05", 1e16 -> "1e+16", -0.0 -> "-0.0", inf -> "inf".
std::string python_repr(double x);

// round(x, n) for a float x: the exact binary value rounded half to even at n
// decimals, then read back (round(2.675, 2) == 2.67, round(52.25, 1) == 52.2).
// Keeps the sign of a zero result (round(-0.0001, 3) == -0.0); n may be negative.
double python_round(double x, int n);

// The two kinds of number a program prints: str(7) -> "7", str(7.0) -> "7.0".
enum class PyType { Int, Float };
// x printed as the program's value of that type would print; an Int must hold a whole number.
std::string python_number(double x, PyType type);

// print(round(x, n)) for a float x: "57.8", "1.0", "-0.0".
std::string python_rounded(double x, int n);

// print(list): "[49, 53, 84]" and "[5.5, -0.3, 1.0]".
std::string python_list(const std::vector<int>& values);
std::string python_list(const std::vector<double>& values);
// print([round(v, n) for v in values])
std::string python_rounded_list(const std::vector<double>& values, int n);

}  // namespace attn
