#pragma once
// Helpers shared by the PyTorch parity tests (nn/parity_test.cpp for the table's networks,
// nn/lm_parity_test.cpp for the language model): the fixtures' packed tensors and the
// weights formula of scripts/torch_reference.py.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "nn/tensor.hpp"

namespace attn::nn::testing {

inline bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// A tensor as the fixtures store it: base64 of little-endian float32.
inline std::vector<float> decode_float32(const std::string& text) {
    static const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::vector<unsigned char> bytes;
    std::uint32_t buffer = 0;
    int bits = 0;
    for (char c : text) {
        if (c == '=') break;
        const std::size_t v = alphabet.find(c);
        REQUIRE(v != std::string::npos);
        buffer = (buffer << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            bytes.push_back(static_cast<unsigned char>((buffer >> bits) & 0xFF));
        }
    }
    REQUIRE(bytes.size() % 4 == 0);
    std::vector<float> out(bytes.size() / 4);
    std::memcpy(out.data(), bytes.data(), bytes.size());  // little-endian, as on x86 and wasm
    return out;
}

// The formula of scripts/torch_reference.py, formula_value(): element i of parameter k.
// `is_gain` tells a norm's gain (near 1) by its name, as the script's is_norm_gain does.
using GainTest = bool (*)(const std::string& name);
inline void set_formula_weights(const ParamList<float>& params, GainTest is_gain) {
    for (std::size_t k = 0; k < params.size(); ++k) {
        Param<float>& p = *params[k];
        for (Eigen::Index i = 0; i < p.value.size(); ++i) {
            const double wave = std::sin(0.37 * static_cast<double>(i) + 0.91 * static_cast<double>(k) + 0.5);
            double v;
            if (p.shape.size() == 2) v = wave / std::sqrt(static_cast<double>(p.shape[1]));
            else if (is_gain(p.name)) v = 1.0 + 0.2 * wave;
            else v = 0.2 * wave;
            p.value.data()[i] = static_cast<float>(v);
        }
    }
}

// The keys' third of a packed query-key-value bias named `...<suffix>` (entries E to 2E - 1):
// its true gradient is zero at every step, since softmax ignores a shift shared by all of a
// query's scores.
inline bool is_key_bias(const Param<float>& p, std::size_t index, const std::string& suffix) {
    if (!ends_with(p.name, suffix)) return false;
    const std::size_t width = static_cast<std::size_t>(p.shape[0]) / 3;
    return index >= width && index < 2 * width;
}

}  // namespace attn::nn::testing
