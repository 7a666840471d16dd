#pragma once
// Text the way NumPy 1.24 prints `print(array.round(decimals))` with its default
// options, so the lines a demo prints equal the lesson's program's, character for
// character: shortest digits, one layout for the whole array, scientific notation
// for wide ranges, -0. kept, lines wrapped at 75 characters. Checked against NumPy
// itself (scripts/numpy_reference.py -> tests/fixtures/numpy_format.json).
// Arrays of more than 1000 values, which NumPy shortens with "...", are printed in full.
#include <string>
#include <vector>

#include "math/matrix.hpp"
#include "math/python_format.hpp"

namespace attn {

// One value of a.round(decimals), as NumPy computes it (scale, round half to even,
// unscale), with its shortest digits (digits empty for inf and nan).
struct Rounded {
    double value;
    ShortestDecimal digits;
};
Rounded numpy_round(double x, int decimals);

// print(a.round(decimals)) for an array of any number of axes; `values` in
// row-major order, shape = a.shape.
std::string format_array(const std::vector<double>& values, const std::vector<long>& shape, int decimals = 3);
// "[0.09  0.245 0.665]": shortest digits up to `decimals`, decimal points aligned.
std::string format_row(const RowVector& v, int decimals = 3);
// "[[0.707 0.    0.707]\n [0.    0.707 0.707]]": one line per row, all columns aligned.
std::string format_matrix(const Matrix& m, int decimals = 3);
// "(2, 3, 3)"
std::string format_shape(const std::vector<long>& dims);
// 0.25 -> "0.25", 10 -> "10", 1000001 -> "1000001": up to 10 significant digits, for labels and
// messages. Not for a line a Python program prints: that is python_format.hpp (10.0 prints "10.0").
std::string format_number(double x);
// 38416 -> "38,416"
std::string format_count(long long n);

}  // namespace attn
