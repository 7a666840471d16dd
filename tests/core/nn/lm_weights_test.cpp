// The language model as a file (core/nn/lm/lm_weights): a trained network written
// and read back is the same network to the bit, and a file that is not one is
// refused with a message that says why, before any weight is used.
#include <cstring>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "base/base64.hpp"
#include "base/error.hpp"
#include "nn/lm/lm_trainer.hpp"
#include "nn/lm/lm_weights.hpp"

using namespace attn;
using namespace attn::nn::lm;
using Catch::Matchers::Contains;

namespace {

const std::string kText =
    "the cup is on the table. the robot reads the table and finds the cup. "
    "attention weighs every object; the cup gets the most weight. the end.\n";

std::string trained_file(LmTrainer& t) {
    t.advance(5);
    return weights_file(t.model(), t.corpus(), LmRecord{t.progress().step, t.corpus().size(), 2.5});
}

LmConfig small() {
    LmConfig c;
    c.layers = 1;
    c.heads = 2;
    c.width = 8;
    c.context = 8;
    c.batch = 4;
    c.steps = 5;
    return c;
}

std::string refusal(const std::string& text) {
    try {
        read_weights_file(text);
    } catch (const ParamError& e) {
        CHECK(e.param() == "weights");
        return e.what();
    }
    FAIL("the file was accepted");
    return "";
}

}  // namespace

TEST_CASE("base64: bytes of every length come back as they went", "[lm]") {
    for (std::size_t n = 0; n < 8; ++n) {
        std::vector<unsigned char> bytes;
        for (std::size_t i = 0; i < n; ++i) bytes.push_back(static_cast<unsigned char>(250 - 37 * i));
        std::vector<unsigned char> back;
        REQUIRE(base64_decode(base64_encode(bytes), back));
        CHECK(back == bytes);
    }
    CHECK(base64_encode({'M', 'a', 'n'}) == "TWFu");  // RFC 4648's example
    std::vector<unsigned char> out;
    CHECK_FALSE(base64_decode("TWF", out));
    CHECK_FALSE(base64_decode("TW!u", out));
}

TEST_CASE("lm weights file: a trained network read back has every weight's bits, its characters and record", "[lm]") {
    LmTrainer t(kText, small());
    const std::string file = trained_file(t);
    const LoadedLm loaded = read_weights_file(file);
    REQUIRE(loaded.model->parameter_count() == t.model().parameter_count());
    for (std::size_t i = 0; i < t.model().params().size(); ++i) {
        const auto& a = t.model().params()[i]->value;
        const auto& b = loaded.model->params()[i]->value;
        CHECK(std::memcmp(a.data(), b.data(), sizeof(float) * static_cast<std::size_t>(a.size())) == 0);
    }
    CHECK(loaded.vocabulary->vocab_size() == t.corpus().vocab_size());
    CHECK(loaded.record.steps == 5);
    CHECK(loaded.record.validation_loss == 2.5);
    CHECK(weights_file(*loaded.model, *loaded.vocabulary, loaded.record) == file);
}

TEST_CASE("lm weights file: each kind of bad file is refused with what is wrong", "[lm]") {
    LmTrainer t(kText, small());
    const nlohmann::json good = nlohmann::json::parse(trained_file(t));
    auto with = [&](const char* key, const nlohmann::json& value) {
        nlohmann::json f = good;
        f[key] = value;
        return f.dump();
    };
    CHECK_THAT(refusal("{\"layers\": "), Contains("not JSON"));
    CHECK_THAT(refusal("[1, 2]"), Contains("cannot load the weights: it is not a language model's file"));
    CHECK_THAT(refusal(std::string(kMaxWeightsFileBytes + 1, ' ')), Contains("bytes"));
    CHECK_THAT(refusal(with("layers", 9)), Contains("layers is 9"));
    CHECK_THAT(refusal(with("heads", 3)), Contains("split evenly"));  // width 8 in 3 heads
    CHECK_THAT(refusal(with("context", 16)), Contains("needs"));  // the position table no longer fits
    CHECK_THAT(refusal(with("characters", "ab")), Contains("characters"));
    CHECK_THAT(refusal(with("weights", "not base64!")), Contains("base64"));
    std::vector<unsigned char> nan_bytes;
    REQUIRE(base64_decode(good["weights"].get<std::string>(), nan_bytes));
    nan_bytes[0] = 0x00; nan_bytes[1] = 0x00; nan_bytes[2] = 0xc0; nan_bytes[3] = 0x7f;  // a NaN
    CHECK_THAT(refusal(with("weights", base64_encode(nan_bytes))), Contains("finite"));
}
