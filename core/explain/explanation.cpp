#include "explain/explanation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "base/error.hpp"
#include "demo/prose.hpp"

namespace attn::explain {
namespace {

Expr node(const char* op, std::vector<Expr> args) {
    json a = json::array();
    for (Expr& e : args) a.push_back(std::move(e.j));
    return Expr{{{"op", op}, {"args", std::move(a)}}};
}

// "−1.5" rather than "-1.5": the minus sign the page prints.
std::string minus(const std::string& text) { return !text.empty() && text[0] == '-' ? "−" + text.substr(1) : text; }

const std::string kSubDigits[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};

// Whether `e` must be bracketed inside a product or a quotient.
bool loose(const json& e) {
    const std::string op = e["op"];
    return op == "add" || op == "sub" || op == "sum";
}

std::string wrapped(const json& e, const std::vector<double>& v, bool bracket) {
    const std::string text = plugged(e, v);
    return bracket ? "(" + text + ")" : text;
}

}  // namespace

Expr operand(int i) { return Expr{{{"op", "operand"}, {"i", i}}}; }
Expr constant(double value, const std::string& text) {
    return Expr{{{"op", "const"}, {"value", value}, {"text", text.empty() ? printed(value) : text}}};
}
Expr add(Expr a, Expr b) { return node("add", {std::move(a), std::move(b)}); }
Expr sub(Expr a, Expr b) { return node("sub", {std::move(a), std::move(b)}); }
Expr mul(Expr a, Expr b) { return node("mul", {std::move(a), std::move(b)}); }
Expr div(Expr a, Expr b) { return node("div", {std::move(a), std::move(b)}); }
Expr sum(std::vector<Expr> terms) { return node("sum", std::move(terms)); }
Expr max_of(std::vector<Expr> terms) { return node("max", std::move(terms)); }
Expr min_of(std::vector<Expr> terms) { return node("min", std::move(terms)); }
Expr exp(Expr a) { return node("exp", {std::move(a)}); }
Expr argmax(std::vector<Expr> terms) { return node("argmax", std::move(terms)); }
Expr equal(Expr a, Expr b) { return node("equal", {std::move(a), std::move(b)}); }

Expr softmax_weight(const std::vector<Expr>& scores, std::size_t j, bool shifted) {
    const auto term = [&](std::size_t k) { return shifted ? exp(sub(scores[k], max_of(scores))) : exp(scores[k]); };
    std::vector<Expr> terms;
    for (std::size_t k = 0; k < scores.size(); ++k) terms.push_back(term(k));
    return div(term(j), sum(std::move(terms)));
}
Expr sqrt(Expr a) { return node("sqrt", {std::move(a)}); }
Expr square(Expr a) { return node("square", {std::move(a)}); }
Expr relu(Expr a) { return node("relu", {std::move(a)}); }
Expr abs_of(Expr a) { return node("abs", {std::move(a)}); }
Expr sin_of(Expr a) { return node("sin", {std::move(a)}); }
Expr cos_of(Expr a) { return node("cos", {std::move(a)}); }
Expr pow_of(Expr base, Expr exponent) { return node("pow", {std::move(base), std::move(exponent)}); }

double evaluate(const json& e, const std::vector<double>& values) {
    const std::string op = e.at("op");
    if (op == "operand") return values.at(e.at("i").get<std::size_t>());
    if (op == "const") return e.at("value").get<double>();
    std::vector<double> a;
    for (const json& x : e.at("args")) a.push_back(evaluate(x, values));
    if (op == "add") return a.at(0) + a.at(1);
    if (op == "sub") return a.at(0) - a.at(1);
    if (op == "mul") return a.at(0) * a.at(1);
    if (op == "div") return a.at(0) / a.at(1);
    if (op == "sum") {
        double s = 0;
        for (double x : a) s += x;
        return s;
    }
    if (op == "max") return *std::max_element(a.begin(), a.end());
    if (op == "min") return *std::min_element(a.begin(), a.end());
    // The first largest, as Eigen's maxCoeff and the lessons' loops pick it.
    if (op == "argmax") return static_cast<double>(std::max_element(a.begin(), a.end()) - a.begin());
    if (op == "equal") return a.at(0) == a.at(1) ? 1 : 0;
    if (op == "exp") return std::exp(a.at(0));
    if (op == "sqrt") return std::sqrt(a.at(0));
    if (op == "square") return a.at(0) * a.at(0);
    if (op == "relu") return std::max(0.0, a.at(0));
    if (op == "abs") return std::fabs(a.at(0));
    if (op == "sin") return std::sin(a.at(0));
    if (op == "cos") return std::cos(a.at(0));
    if (op == "pow") return std::pow(a.at(0), a.at(1));
    throw ComputeError("an explanation holds an operation it cannot evaluate: " + op);
}

std::string printed(double x) {
    if (x != 0 && (std::fabs(x) < 0.0005 || std::fabs(x) >= 1e7)) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g", x);
        return minus(buf);
    }
    return minus(prose::decimal(x, 3));
}

std::string plugged(const json& e, const std::vector<double>& v) {
    const std::string op = e.at("op");
    if (op == "operand") {
        const double x = v.at(e.at("i").get<std::size_t>());
        return x < 0 ? "(" + printed(x) + ")" : printed(x);
    }
    if (op == "const") return e.at("text");
    const json& a = e.at("args");
    if (op == "add") return plugged(a[0], v) + " + " + plugged(a[1], v);
    if (op == "sub") return plugged(a[0], v) + " − " + wrapped(a[1], v, loose(a[1]));
    if (op == "mul") return wrapped(a[0], v, loose(a[0])) + " × " + wrapped(a[1], v, loose(a[1]));
    if (op == "div") {
        const bool compound = a[1]["op"] != "operand" && a[1]["op"] != "const" && a[1]["op"] != "sqrt" && a[1]["op"] != "exp";
        return wrapped(a[0], v, loose(a[0])) + " / " + wrapped(a[1], v, compound);
    }
    if (op == "equal") return "[" + plugged(a[0], v) + " = " + plugged(a[1], v) + "]";
    if (op == "sum" || op == "max" || op == "min" || op == "argmax") {
        std::string terms;
        for (std::size_t k = 0; k < a.size(); ++k) terms += (k ? (op == "sum" ? " + " : ", ") : "") + plugged(a[k], v);
        return op == "sum" ? (a.empty() ? "0" : terms) : op + "(" + terms + ")";
    }
    // A negative operand brackets itself: "e^(−0.962)", not "e^((−0.962))".
    if (op == "exp") return "e^" + wrapped(a[0], v, a[0]["op"] != "operand");
    if (op == "sqrt") return "√" + wrapped(a[0], v, a[0]["op"] != "operand" && a[0]["op"] != "const");
    if (op == "square") return wrapped(a[0], v, a[0]["op"] != "operand") + "²";
    if (op == "relu") return "max(0, " + plugged(a[0], v) + ")";
    if (op == "abs") return "|" + plugged(a[0], v) + "|";
    if (op == "sin" || op == "cos") return op + "(" + plugged(a[0], v) + ")";
    if (op == "pow") {
        const auto simple = [](const json& x) { return x["op"] == "operand" || x["op"] == "const"; };
        return wrapped(a[0], v, !simple(a[0])) + "^" + wrapped(a[1], v, !simple(a[1]));
    }
    throw ComputeError("an explanation holds an operation it cannot write: " + op);
}

Explanation::Explanation(json ref, std::string name, std::string step, std::string formula, std::string words)
    : j_{{"ref", std::move(ref)}, {"name", std::move(name)}, {"step", std::move(step)}, {"formula", std::move(formula)},
         {"words", std::move(words)}, {"operands", json::array()}} {}

int Explanation::add(json ref, const std::string& label, double value, const std::string& source) {
    // A parameter is the learner's whatever the caller says; an inner value is computed but not printed,
    // unless a picture's table of numbers shows it ("pictured").
    const std::string kind = ref.value("kind", "");
    const std::string from = kind == "param" ? "param" : kind == "inner" && source != "pictured" ? "inner" : source;
    j_["operands"].push_back({{"ref", std::move(ref)}, {"label", label}, {"value", value}, {"source", from}});
    values_.push_back(value);
    return static_cast<int>(values_.size()) - 1;
}

Explanation& Explanation::expression(Expr e) {
    j_["expression"] = std::move(e.j);
    return *this;
}

Explanation& Explanation::given(const std::string& source, double) {
    j_["given"] = source;
    return *this;
}

Explanation& Explanation::same_as(json ref, const std::string& label, double value) {
    return expression(operand(add(std::move(ref), label, value)));
}

Explanation& Explanation::list(std::vector<json> items, std::vector<double> values) {
    j_["items"] = json::array();
    for (std::size_t k = 0; k < items.size(); ++k) j_["items"].push_back({{"ref", items[k]}, {"value", values.at(k)}});
    return *this;
}

json Explanation::to_json(double value) const {
    json out = j_;
    out["value"] = value;
    out["exact"] = json(value).dump();  // the shortest text that reads back as the very same double
    out["shown"] = printed(value);
    if (out.contains("expression")) out["plugged"] = plugged(out["expression"], values_);
    return out;
}

json Explanation::to_json_masked() const {
    json out = j_;
    out["given"] = "mask";
    out["exact"] = "−∞";
    out["shown"] = "−∞";
    return out;
}

json printed_as(const json& ref, const std::vector<Printed>& numbers, const std::string& step) {
    const Printed& n = numbers.at(static_cast<std::size_t>(ref_index(ref, "index", static_cast<long>(numbers.size()))));
    if (!n.own.is_null()) {
        json out = n.own;
        out["ref"] = ref;
        return out;
    }
    return Explanation(ref, n.label + ", as printed", step, n.label, "the printout repeats " + n.label).same_as(n.ref, n.label, n.value).to_json(n.value);
}

json table_ref(const std::string& table, long row, long col) {
    return {{"kind", "table"}, {"table", table}, {"row", row}, {"col", col}};
}
json number_ref(const std::string& name) { return {{"kind", "number"}, {"name", name}}; }
json item_ref(const std::string& name, long index) { return {{"kind", "number"}, {"name", name}, {"index", index}}; }
json param_ref(const std::string& name, long row, long col) {
    json r = {{"kind", "param"}, {"name", name}};
    if (row >= 0) r["row"] = row;
    if (col >= 0) r["col"] = col;
    return r;
}

std::string sub(long i) {
    if (i < 0) return "₋" + sub(-i);
    std::string out;
    for (char c : std::to_string(i)) out += kSubDigits[c - '0'];
    return out;
}
// Two indices run together only while each is one digit: w₂₂₀ could be w₂₂,₀ or w₂,₂₀.
std::string sub(long i, long j) { return i >= 0 && i <= 9 && j >= 0 && j <= 9 ? sub(i) + sub(j) : sub(i) + "," + sub(j); }

std::string ref_kind(const json& ref) { return ref_text(ref, "kind"); }

std::string ref_text(const json& ref, const char* field) {
    if (!ref.is_object() || !ref.contains(field) || !ref[field].is_string())
        throw ParamError("ref", std::string("the value's reference needs a \"") + field + "\" as text");
    return ref[field];
}

long ref_index(const json& ref, const char* field, long size) {
    if (!ref.is_object() || !ref.contains(field) || !ref[field].is_number_integer())
        throw ParamError("ref", std::string("the value's reference needs a whole number \"") + field + "\"");
    const long k = ref[field].get<long>();
    if (k < 0 || k >= size)
        throw ParamError("ref", std::string("the value's \"") + field + "\" is " + std::to_string(k) +
                                    ", outside 0 to " + std::to_string(size - 1));
    return k;
}

}  // namespace attn::explain
