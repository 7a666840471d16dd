// Writing text with the logits of earlier calls kept (core/nn/lm/writer): whatever was written
// before, each text is the one a full pass of the network per character writes; a call reads
// the kept logits of the characters it shares with an earlier one and runs only the others; and
// nothing kept for other weights, another model or another prompt is read.
#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "math/rng.hpp"
#include "nn/lm/char_lm.hpp"
#include "nn/lm/corpus.hpp"
#include "nn/lm/sampling.hpp"
#include "nn/lm/writer.hpp"

using namespace attn;
using namespace attn::nn::lm;

namespace {

constexpr LmShape kShape{11, 8, 16, 2, 2};  // vocab, context, width, heads, layers
const Corpus& corpus() {
    static const Corpus c("abcdefghij ");  // 11 characters, the model's vocabulary
    return c;
}

struct Call {
    std::string prompt;
    int count;
    double temperature;
    int top_k;
    std::uint64_t seed;
};

void initialise(CharLm<float>& model, std::uint64_t seed) {
    Rng rng(seed);
    model.init_default(rng);
}

// The text as generate() wrote it before any cache: the whole window again for every character.
std::string full_passes(CharLm<float>& model, const Call& c) {
    std::vector<int> ids = corpus().encode(c.prompt, "prompt");
    Rng draws(c.seed);
    std::vector<int> written;
    for (int i = 0; i < c.count; ++i) {
        written.push_back(pick_char(next_char_probabilities(model, ids, c.temperature, c.top_k), draws));
        ids.push_back(written.back());
    }
    return corpus().decode(written);
}

std::string write(Writer& writer, CharLm<float>& model, const Call& c) {
    return writer.write(model, corpus(), c.prompt, c.count, c.temperature, c.top_k, c.seed);
}

// The place of the first character two texts do not share (their length if none).
int first_difference(const std::string& a, const std::string& b) {
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    return static_cast<int>(i);
}

}  // namespace

TEST_CASE("lm writer: across temperatures, top-k, seeds and prompts, each text is a full pass per character's") {
    CharLm<float> model(kShape);
    initialise(model, 21);
    Writer writer;
    const std::vector<Call> calls = {
        {"bad cafe", 30, 1.0, 0, 1},  {"bad cafe", 30, 1.05, 0, 1}, {"bad cafe", 30, 1.1, 0, 1},
        {"bad cafe", 30, 1.05, 0, 1}, {"bad cafe", 30, 0.5, 0, 1},  {"bad cafe", 30, 0.5, 3, 1},
        {"bad cafe", 30, 0.5, 4, 1},  {"bad cafe", 30, 0.5, 3, 2},  {"bad cafe", 12, 0.5, 3, 2},
        {"bad cafe", 40, 0.5, 3, 2},  {"bad", 30, 1.0, 0, 1},       {"jihg fed", 30, 1.0, 0, 1},
        {"a", 20, 2.0, 0, 7},         {"a", 20, 2.0, 5, 7},         {"bad cafe", 30, 0.05, 1, 3}};
    for (const Call& c : calls) {
        INFO("\"" << c.prompt << "\", " << c.count << " characters, temperature " << c.temperature << ", top-k "
                  << c.top_k << ", seed " << c.seed);
        CHECK(write(writer, model, c) == full_passes(model, c));
    }
}

TEST_CASE("lm writer: a call reads the kept logits of the characters it shares with an earlier one") {
    CharLm<float> model(kShape);
    initialise(model, 22);
    Writer writer;
    const Call first{"bad cafe", 30, 1.0, 0, 1};
    const std::string text = write(writer, model, first);
    CHECK(writer.passes() == first.count);
    CHECK(write(writer, model, first) == text);
    CHECK(writer.passes() == 0);
    // A step of the temperature: the characters up to the first that differs were drawn from kept
    // logits (that one too: it is drawn after the text both share); each one after needs a pass.
    bool some_kept = false;
    for (const double temperature : {1.05, 1.1, 1.15, 0.95}) {
        const std::string other = write(writer, model, {first.prompt, first.count, temperature, 0, 1});
        const int shared = first_difference(text, other);
        INFO("temperature " << temperature << ": the first " << shared << " characters shared with 1's");
        CHECK(writer.passes() <= std::max(0, first.count - 1 - shared));
        some_kept = some_kept || shared > 0;
    }
    CHECK(some_kept);
    // Every text read is kept: the first again runs nothing.
    write(writer, model, first);
    CHECK(writer.passes() == 0);
}

TEST_CASE("lm writer: after a weight changes, with another model or another prompt, nothing kept is read") {
    CharLm<float> model(kShape);
    initialise(model, 23);
    Writer writer;
    const Call call{"bad cafe", 30, 1.0, 0, 1};
    const std::string before = write(writer, model, call);
    // One logit's bias far up: "j" (id 9) nearly every time, from the first character.
    model.head.bias.value(0, 9) += 8.0f;
    const std::string after = write(writer, model, call);
    CHECK(after != before);
    CHECK(after == full_passes(model, call));
    CHECK(writer.passes() == call.count);

    // Another model of the same shape, with other weights.
    CharLm<float> other(kShape);
    initialise(other, 24);
    CHECK(write(writer, other, call) == full_passes(other, call));
    CHECK(writer.passes() == call.count);

    // A prompt as long, one character apart, then the first again (both kept).
    const Call apart{"bad cage", 30, 1.0, 0, 1};
    CHECK(write(writer, other, apart) == full_passes(other, apart));
    CHECK(writer.passes() == call.count);
    CHECK(write(writer, other, call) == full_passes(other, call));
    CHECK(writer.passes() == 0);
}
