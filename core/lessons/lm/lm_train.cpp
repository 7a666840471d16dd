// Training in the page: the settings the learner trains the language model with, declared here
// once, and what a training with them will be (the page's training panel, web/runtime/lm-train-panel.js,
// trains them in Web Workers through the lm-training module). The bounds are tighter than the
// trainer's own (nn/lm/lm_trainer.hpp): at their largest, one step of 32 windows of 64 characters
// at width 64 takes about 0.2 s in one worker on this project's 2-core machine, a few frames on a phone.
#include "demo/prose.hpp"
#include "demo/result.hpp"
#include "lessons/lm/demos.hpp"
#include "math/numpy_format.hpp"
#include "base/error.hpp"
#include "nn/lm/lm_trainer.hpp"
#include "nn/lm/text.hpp"

namespace attn::lesson_lm {
namespace {

constexpr int kPageMaxLayers = 4, kPageMaxWidth = 64, kPageMaxContext = 64, kPageMaxBatch = 32;
constexpr long kPageMaxSteps = 20000;

json compute(const Params& p) {
    nn::lm::LmConfig c;
    c.layers = p.integer("layers");
    c.heads = p.integer("heads");
    c.width = p.integer("width");
    c.context = p.integer("context");
    c.batch = p.integer("batch");
    c.lr = p.number("lr");
    c.steps = p.integer("steps");
    c.seed = static_cast<std::uint64_t>(p.integer("seed"));
    nn::lm::check_config(c);
    // The parameters at the lessons' own characters; a text of the learner's has its own count.
    const int vocab = lesson_network().vocabulary.vocab_size();
    const nn::lm::CharLm<float> model(nn::lm::LmShape{vocab, c.context, c.width, c.heads, c.layers});
    const long parameters = model.parameter_count();
    const long tokens = static_cast<long>(c.batch) * c.context;

    Result r;
    r.print(std::to_string(c.layers) + (c.layers == 1 ? " block" : " blocks") + " of " + std::to_string(c.heads) +
            (c.heads == 1 ? " head" : " heads") + ", width " + std::to_string(c.width) + ", context " +
            std::to_string(c.context) + ": " + format_count(parameters) + " parameters with " + std::to_string(vocab) +
            " characters");
    const auto counted = [](long long n, const char* one, const char* many) { return format_count(n) + (n == 1 ? one : many); };
    r.print("AdamW, rate " + format_number(c.lr) + ", " + counted(c.steps, " step", " steps") + " of " +
            counted(c.batch, " window", " windows") + " = " + format_count(tokens * c.steps) + " characters read, seed " +
            std::to_string(c.seed));
    r.number("parameters", parameters).number("vocab", vocab).number("tokens_per_step", tokens);
    r.number("total_tokens", tokens * c.steps).number("steps", c.steps);
    r.number("max_text_bytes", static_cast<double>(nn::lm::kMaxTextBytes));
    r.text("parameters_text", format_count(parameters)).text("steps_text", prose::counted(c.steps, "step"));
    return std::move(r).to_json();
}

}  // namespace

Demo lm_train() {
    const nn::lm::LmConfig lesson;
    return Demo{"lm_train",
                "Train the language model in your browser",
                {integer_param("layers", lesson.layers).labelled("Blocks").helped("Transformer blocks, one after another.").in(1, kPageMaxLayers),
                 integer_param("heads", lesson.heads).labelled("Heads").helped("Attention heads per block; they must split the width evenly.").in(1, nn::lm::kMaxHeads),
                 integer_param("width", lesson.width).labelled("Width").helped("Numbers per character's vector.").in(nn::lm::kMinWidth, kPageMaxWidth).stepped(8),
                 integer_param("context", lesson.context).labelled("Context").helped("The most characters the network reads at once.").in(8, kPageMaxContext).stepped(8),
                 integer_param("batch", lesson.batch).labelled("Batch").helped("Windows of text per step.").in(1, kPageMaxBatch),
                 number_param("lr", lesson.lr).labelled("Learning rate").helped("AdamW's step size.").in(0.0001, 0.03).on_log_slider(),
                 integer_param("steps", 1500).labelled("Steps").helped("Steps of AdamW to take.").in(1, kPageMaxSteps),
                 integer_param("seed", 0).labelled("Seed").helped("The same seed and settings train the same network, to the bit, on every computer.").in(0, 1000000)},
                compute,
                {},
                "float32"};
}

}  // namespace attn::lesson_lm
