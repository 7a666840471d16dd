#pragma once
// Valid random parameter values from a demo's declaration (as `attn list` sends it), for the
// tests that sweep every demo over many settings (finite_result_test, declared_claims_test).
#include <algorithm>
#include <random>
#include <string>

#include <nlohmann/json.hpp>

namespace attn::test {

constexpr double kOpenBound = 10;  // stands in for an undeclared bound of a vector or matrix element

inline double lo(const nlohmann::json& d) { return d.contains("min") ? d["min"].get<double>() : -kOpenBound; }
inline double hi(const nlohmann::json& d) { return d.contains("max") ? d["max"].get<double>() : kOpenBound; }

template <typename Rng>
double number_in(const nlohmann::json& d, Rng& rng) {
    return std::uniform_real_distribution<double>(lo(d), hi(d))(rng);
}

template <typename Rng>
int whole_in(double a, double b, Rng& rng) {
    return std::uniform_int_distribution<int>(static_cast<int>(a), static_cast<int>(b))(rng);
}

// One valid value for the declaration `d` (type, bounds and shape respected).
template <typename Rng>
nlohmann::json random_value(const nlohmann::json& d, Rng& rng) {
    const std::string type = d["type"];
    if (type == "number") return number_in(d, rng);
    if (type == "integer") return whole_in(lo(d), hi(d), rng);
    if (type == "boolean") return whole_in(0, 1, rng) == 1;
    if (type == "choice") return d["choices"][whole_in(0, static_cast<double>(d["choices"].size()) - 1, rng)];
    if (type == "text") {  // letters and spaces, which every declared character list holds
        const std::string letters = "abcdefghijklmnopqrstuvwxyz ";
        std::string text;
        const int n = whole_in(std::max(1, d["min_len"].get<int>()), std::min(40, d["max_len"].get<int>()), rng);
        for (int i = 0; i < n; ++i) text += letters[static_cast<std::size_t>(whole_in(0, 26, rng))];
        return text;
    }
    nlohmann::json rows = nlohmann::json::array();
    const int n = whole_in(d["min_len"].get<int>(), d["max_len"].get<int>(), rng);
    const int cols = type == "matrix" ? whole_in(d["min_cols"].get<int>(), d["max_cols"].get<int>(), rng) : 0;
    for (int i = 0; i < n; ++i) {
        if (type == "vector") {
            rows.push_back(number_in(d, rng));
            continue;
        }
        nlohmann::json row = nlohmann::json::array();
        for (int j = 0; j < cols; ++j) row.push_back(number_in(d, rng));
        rows.push_back(row);
    }
    return rows;
}

}  // namespace attn::test
