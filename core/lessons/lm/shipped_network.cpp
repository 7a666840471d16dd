#include "lessons/lm/shipped_network.hpp"

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>

#include "base/error.hpp"
#include "base/utf8.hpp"
#include "nn/lm/lm_weights.hpp"

namespace attn::lesson_lm {
namespace {

namespace shipped {
#include "lessons/lm/shipped_network.inc"
}

struct Built {
    std::string characters;
    nn::lm::Corpus vocabulary;
    nn::lm::CharLm<float> model;
    explicit Built(const std::string& chars)
        : characters(chars),
          vocabulary(chars),
          model(nn::lm::LmShape{vocabulary.vocab_size(), shipped::kContext, shipped::kWidth, shipped::kHeads,
                                shipped::kLayers}) {
        constexpr std::size_t count = sizeof(shipped::kWeightPlanes[0]);
        std::size_t at = 0;
        for (auto* p : model.params()) {
            for (Eigen::Index i = 0; i < p->value.size() && at < count; ++i, ++at) {
                // The float's bits from its four bytes, one per plane (written by cli/lm.cpp, write_cpp).
                std::uint32_t bits = 0;
                for (int plane = 0; plane < 4; ++plane)
                    bits |= static_cast<std::uint32_t>(shipped::kWeightPlanes[plane][at]) << (8 * plane);
                std::memcpy(p->value.data() + i, &bits, sizeof(float));
            }
        }
        if (at != count || model.parameter_count() != static_cast<long>(count))
            throw ComputeError("the shipped network's weights do not fit its shape");
    }
};

std::string all_characters() {
    std::string s;
    for (char32_t c : shipped::kChars) s += utf8(c);
    return s;
}

}  // namespace

ShippedNetwork& lesson_network() {
    static Built built(all_characters());
    static ShippedNetwork net{built.model, built.vocabulary, built.characters, shipped::kSteps, shipped::kTextChars,
                              shipped::kValidationLoss};
    return net;
}

namespace {

struct Learners {
    nn::lm::LoadedLm loaded;
    std::optional<ShippedNetwork> net;
};

std::unique_ptr<Learners>& learners() {
    static std::unique_ptr<Learners> in_use;  // null: the lesson's
    return in_use;
}

}  // namespace

ShippedNetwork& shipped_network() { return learners() ? *learners()->net : lesson_network(); }

void use_network(const std::string& weights_file) {
    if (weights_file.empty()) {
        learners().reset();
        return;
    }
    auto next = std::make_unique<Learners>();
    next->loaded = nn::lm::read_weights_file(weights_file);
    const nn::lm::LoadedLm& l = next->loaded;
    next->net.emplace(ShippedNetwork{*l.model, *l.vocabulary, l.characters, l.record.steps, l.record.text_chars,
                                     l.record.validation_loss});
    learners() = std::move(next);
}


std::vector<int> prompt_window(const ShippedNetwork& net, const std::string& prompt) {
    std::vector<int> ids = net.vocabulary.encode(prompt, "prompt");
    if (ids.empty()) throw ParamError("prompt", "Type at least one character for the network to read.");
    const std::size_t context = static_cast<std::size_t>(net.model.shape().context);
    if (ids.size() > context) ids.erase(ids.begin(), ids.end() - static_cast<long>(context));
    return ids;
}

std::size_t prompt_characters(const ShippedNetwork& net, const std::string& prompt) {
    return net.vocabulary.encode(prompt, "prompt").size();
}

std::string char_label(const ShippedNetwork& net, int id) {
    const char32_t c = net.vocabulary.chars().at(static_cast<std::size_t>(id));
    if (c == ' ') return "space";
    if (c == '\n') return "newline";
    return utf8(c);
}

std::string char_words(const ShippedNetwork& net, int id) {
    const std::string label = char_label(net, id);
    return label == "space" || label == "newline" ? label : quoted(label);
}

std::vector<std::string> char_labels(const ShippedNetwork& net, const std::vector<int>& ids) {
    std::vector<std::string> out;
    for (int id : ids) out.push_back(char_label(net, id));
    return out;
}

nlohmann::json heat_map(const std::string& label, const Matrix& values) {
    nlohmann::json rows = nlohmann::json::array();
    for (Eigen::Index i = 0; i < values.rows(); ++i) {
        nlohmann::json row = nlohmann::json::array();
        for (Eigen::Index j = 0; j < values.cols(); ++j) row.push_back(values(i, j));
        rows.push_back(std::move(row));
    }
    return {{"label", label}, {"values", std::move(rows)}};
}

nlohmann::json heat_maps(const std::string& name, const std::string& title, const std::vector<std::string>& rows,
                         const std::vector<std::string>& cols, nlohmann::json maps, const std::string& scale) {
    return {{"kind", "heat_maps"}, {"name", name}, {"title", title}, {"rows", rows},
            {"cols", cols},        {"maps", std::move(maps)}, {"scale", scale}};
}

std::string quoted(const std::string& text) { return "\u201c" + text + "\u201d"; }

}  // namespace attn::lesson_lm
