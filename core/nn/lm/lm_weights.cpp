#include "nn/lm/lm_weights.hpp"

#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

#include "base/base64.hpp"
#include "base/error.hpp"
#include "nn/lm/lm_trainer.hpp"

namespace attn::nn::lm {
namespace {

using json = nlohmann::json;

// Read as 64 bits: `long` is 32 bits in WebAssembly, and a larger number must be refused, not wrapped.
long whole_field(const json& file, const char* key, long lo, long hi) {
    if (!file.contains(key) || !file[key].is_number_integer())
        refuse_file("weights", std::string("it has no whole number \"") + key + "\"");
    const long long v = file[key].get<long long>();
    if (v < lo || v > hi)
        refuse_file("weights", std::string("its ") + key + " is " + std::to_string(v) + ", and the model takes " +
                                   std::to_string(lo) + " to " + std::to_string(hi));
    return static_cast<long>(v);
}

}  // namespace

std::string weights_file(const CharLm<float>& model, const Corpus& vocabulary, const LmRecord& record) {
    std::vector<unsigned char> bytes;
    bytes.reserve(static_cast<std::size_t>(model.parameter_count()) * 4);
    for (const auto* p : model.params())
        for (Eigen::Index i = 0; i < p->value.size(); ++i) {
            std::uint32_t bits;
            std::memcpy(&bits, p->value.data() + i, 4);
            for (int k = 0; k < 4; ++k) bytes.push_back(static_cast<unsigned char>(bits >> (8 * k) & 255));
        }
    std::vector<int> ids(static_cast<std::size_t>(vocabulary.vocab_size()));
    for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<int>(i);
    const LmShape& s = model.shape();
    return json{{"network", "char-lm"}, {"layers", s.layers}, {"heads", s.heads}, {"width", s.width},
                {"context", s.context}, {"characters", vocabulary.decode(ids)}, {"steps", record.steps},
                {"text_chars", record.text_chars}, {"validation_loss", record.validation_loss},
                {"weights", base64_encode(bytes)}}
        .dump();
}

LoadedLm read_weights_file(const std::string& text) {
    if (text.size() > kMaxWeightsFileBytes)
        refuse_file("weights", "it has " + std::to_string(text.size()) + " bytes, more than the " +
                                   std::to_string(kMaxWeightsFileBytes) + " the largest model needs");
    json file;
    try {
        file = json::parse(text);
    } catch (const json::exception&) {
        refuse_file("weights", "it is not JSON");
    }
    if (!file.is_object() || file.value("network", json()) != "char-lm")
        refuse_file("weights", "it is not a language model's file (it does not say \"network\": \"char-lm\")");
    LmShape shape;
    shape.layers = static_cast<int>(whole_field(file, "layers", 1, kMaxLayers));
    shape.heads = static_cast<int>(whole_field(file, "heads", 1, kMaxHeads));
    shape.width = static_cast<int>(whole_field(file, "width", kMinWidth, kMaxWidth));
    shape.context = static_cast<int>(whole_field(file, "context", kMinContext, kMaxContext));
    if (shape.width % shape.heads != 0) refuse_file("weights", "its width does not split evenly into its heads");
    if (!file.contains("characters") || !file["characters"].is_string())
        refuse_file("weights", "it has no \"characters\"");
    LoadedLm out;
    out.characters = file["characters"].get<std::string>();
    try {
        out.vocabulary = std::make_unique<Corpus>(out.characters);
    } catch (const ParamError& e) {
        refuse_file("weights", std::string("its characters cannot be a vocabulary (") + e.what() + ")");
    }
    if (out.vocabulary->size() != out.vocabulary->vocab_size())
        refuse_file("weights", "its characters are not each listed once");
    shape.vocab = out.vocabulary->vocab_size();
    out.record.steps = whole_field(file, "steps", 0, kMaxSteps);
    out.record.text_chars = whole_field(file, "text_chars", 0, 1L << 30);  // within a 32-bit long
    if (!file.contains("validation_loss") || !file["validation_loss"].is_number())
        refuse_file("weights", "it has no \"validation_loss\"");
    out.record.validation_loss = file["validation_loss"].get<double>();
    if (!file.contains("weights") || !file["weights"].is_string()) refuse_file("weights", "it has no \"weights\"");
    std::vector<unsigned char> bytes;
    if (!base64_decode(file["weights"].get<std::string>(), bytes)) refuse_file("weights", "its weights are not base64");
    out.model = std::make_unique<CharLm<float>>(shape);
    const std::size_t want = static_cast<std::size_t>(out.model->parameter_count()) * 4;
    if (bytes.size() != want)
        refuse_file("weights", "its shape needs " + std::to_string(want / 4) + " weights and it has " +
                                   std::to_string(bytes.size() / 4));
    std::size_t at = 0;
    for (auto* p : out.model->params())
        for (Eigen::Index i = 0; i < p->value.size(); ++i, at += 4) {
            std::uint32_t bits = 0;
            for (int k = 0; k < 4; ++k)
                bits |= static_cast<std::uint32_t>(bytes[at + static_cast<std::size_t>(k)]) << (8 * k);
            float x;
            std::memcpy(&x, &bits, 4);
            if (!std::isfinite(x)) refuse_file("weights", "one of its weights is not a finite number");
            p->value.data()[i] = x;
        }
    return out;
}

}  // namespace attn::nn::lm
