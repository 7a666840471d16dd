#pragma once
// How one value of a demo's result was computed, built only when a learner asks
// (api/explain.hpp). An explanation names the value (its reference), the lesson's
// step, the formula in the lesson's notation, and an expression over operands:
// each operand is itself a reference (a table cell, a sentence's number, a
// parameter the learner set) with its value, so the page can link it to its own
// explanation and the tests can re-evaluate the arithmetic.
//
// A reference is JSON, the same the page sends:
//   {"kind": "table",   "table": "weights", "row": 0, "col": 2}
//   {"kind": "number",  "name": "token0_exp_sum"}            one number of a sentence
//   {"kind": "number",  "name": "token0_dots_text", "index": 1}  one of a sentence's list of numbers
//   {"kind": "printed", "index": 4}                          the 5th number of the printout, in reading order
//   {"kind": "param",   "name": "X", "row": 0, "col": 1}     a value the learner set
//   {"kind": "chart",   "chart": "...", "series": 0, "point": 3}
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace attn::explain {

using json = nlohmann::json;

// An arithmetic expression over the explanation's operands, kept as JSON:
//   {"op": "operand", "i": k} | {"op": "const", "value": v, "text": "√2"}
//   {"op": "add" | "sub" | "mul" | "div" | "sum" | "max" | "min", "args": [...]}
//   {"op": "exp" | "sqrt" | "square" | "relu" | "abs" | "sin" | "cos", "args": [x]}
//   {"op": "pow", "args": [base, exponent]}
//   {"op": "argmax", "args": [...]}: the place (from 0) of the largest argument, the first on a tie;
//   {"op": "equal", "args": [a, b]}: 1 when a = b, else 0 (a count's indicator: a head that reads a place)
struct Expr {
    json j;
};
Expr operand(int i);
Expr constant(double value, const std::string& text = "");
Expr add(Expr a, Expr b);
Expr sub(Expr a, Expr b);
Expr mul(Expr a, Expr b);
Expr div(Expr a, Expr b);
Expr sum(std::vector<Expr> terms);
Expr max_of(std::vector<Expr> terms);
Expr min_of(std::vector<Expr> terms);
Expr exp(Expr a);
// A place picked, not added up: "the key with the largest weight", "the place a row reads most".
Expr argmax(std::vector<Expr> terms);
// [a = b]: summed, it counts ("the heads whose top place is the one before").
Expr equal(Expr a, Expr b);
// Softmax's weight j over `scores`: e^s_j / sum over k of e^s_k, with every score less the largest
// when `shifted` (as the lessons' softmax does past kLargestExponent).
Expr softmax_weight(const std::vector<Expr>& scores, std::size_t j, bool shifted);
// Beyond it e^x overflows a double, so a softmax whose largest score passes it subtracts that score first.
constexpr double kLargestExponent = 700;
Expr sqrt(Expr a);
Expr square(Expr a);
Expr relu(Expr a);
Expr abs_of(Expr a);
// The original transformer's fixed positions: sin and cos of a place over a power of 10,000.
Expr sin_of(Expr a);
Expr cos_of(Expr a);
Expr pow_of(Expr base, Expr exponent);

// The value of `e` with operand k = values[k], in double.
double evaluate(const json& e, const std::vector<double>& values);
// `e` written out with its operands' values: "(1 × 1 + 0 × 1) / √2".
std::string plugged(const json& e, const std::vector<double>& values);
// A value as the explanation prints it: 3 decimals, no trailing zeros; tiny or huge ones in e-notation.
std::string printed(double x);

class Explanation {
public:
    // `name`: what the value is, in words ("the weight w₀₂ of token 0 on key 2");
    // `step`: where the lesson does this; `formula`: in the lesson's notation;
    // `words`: the formula read aloud ("w zero two is e to the s zero two, over ...").
    Explanation(json ref, std::string name, std::string step, std::string formula, std::string words);
    // Adds an operand and returns its index for operand(i). `label` names it for a reader
    // ("X[0][1], which you set"); `source` is "result", "param", "weight" or "reading" ("param" for
    // a parameter's reference and "inner" for a value computed but not printed, whatever else is passed;
    // "pictured" for a worked-out value a picture's own table of numbers shows).
    int add(json ref, const std::string& label, double value, const std::string& source = "result");
    Explanation& expression(Expr e);
    // A value the learner set, a network's weight or a reading: it has no arithmetic.
    Explanation& given(const std::string& source, double value);
    // A value that stands for another (a printed number, a sentence's copy of a table cell).
    Explanation& same_as(json ref, const std::string& label, double value);
    // A sentence's list of numbers: each item is a reference to explain on its own.
    Explanation& list(std::vector<json> items, std::vector<double> values);
    // The JSON the page and tests read; `value` is the core's own value of it.
    json to_json(double value) const;
    // A score the mask hid: −∞, which JSON cannot hold as a number (the result's table holds null),
    // with no arithmetic: `given` "mask", no `value`, `exact` and `shown` "−∞".
    json to_json_masked() const;

private:
    json j_;
    std::vector<double> values_;
};

// One number of a printout, in reading order: the value it repeats (a table cell, a sentence's number,
// a parameter, a worked-out value), or, when it is a value of its own (a count, a key's number), its own
// explanation (`own`, whose "ref" is replaced by the printed reference).
struct Printed {
    json ref;
    std::string label;
    double value = 0;
    json own = nullptr;
};
// The explanation of {"kind": "printed", "index": k}: the k-th of `numbers`, as the value it repeats.
json printed_as(const json& ref, const std::vector<Printed>& numbers, const std::string& step);

// References, spelled once.
json table_ref(const std::string& table, long row, long col);
json number_ref(const std::string& name);
json item_ref(const std::string& name, long index);
json param_ref(const std::string& name, long row = -1, long col = -1);

// "₀₂": a subscript of the indices, as the lesson writes w₀₂; "₂₂,₀" once an index has two digits.
std::string sub(long i);
std::string sub(long i, long j);

// A reference's fields, read with bounds: throws ParamError("ref", ...) when missing or out of range.
std::string ref_kind(const json& ref);
std::string ref_text(const json& ref, const char* field);
long ref_index(const json& ref, const char* field, long size);

}  // namespace attn::explain
