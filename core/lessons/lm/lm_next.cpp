// Words out: the next character's probabilities after the prompt (the ten likeliest with bars),
// shaped by the temperature and top-k, and text written one character at a time from a seed.
#include <algorithm>
#include <cmath>

#include "base/error.hpp"
#include "demo/prose.hpp"
#include "demo/result.hpp"
#include "lessons/lm/demos.hpp"
#include "math/numpy_format.hpp"
#include "math/python_format.hpp"
#include "nn/lm/sampling.hpp"
#include "nn/lm/writer.hpp"

namespace attn::lesson_lm {
namespace {

constexpr int kShown = 10;
// The least probability the page's three decimals show as 1.000: the text calls the network all but certain.
constexpr double kAllButCertain = 0.9995;

// The texts written so far, kept while the network's weights stay the same: a step of the
// temperature or top-k draws the call before's first characters again, without their passes.
nn::lm::Writer& writer() {
    static nn::lm::Writer kept;
    return kept;
}

json compute(const Params& p) {
    ShippedNetwork& net = shipped_network();
    const std::string prompt = p.text("prompt");
    const std::vector<int> ids = prompt_window(net, prompt);
    const double temperature = p.number("temperature");
    const int top_k = p.integer("top_k");
    const int count = p.integer("count");
    const auto seed = static_cast<std::uint64_t>(p.integer("seed"));
    const int V = net.vocabulary.vocab_size();
    if (top_k > V) throw ParamError("top_k", "Top-k must be from 0 (keep every character) to " + std::to_string(V) + ".");
    nn::lm::check_sampling(temperature, top_k, V);
    const std::vector<float> logits = nn::lm::next_char_logits(net.model, ids);
    const std::vector<double> probs = nn::lm::probabilities(logits.data(), V, temperature, top_k);
    // Ranked by the network's scores, not by the probabilities: a character top-k cuts (probability 0) keeps
    // its rank, so the rows after the kept ones are the runners-up it cut, not the first ids at 0.
    const std::vector<int> order = nn::lm::likeliest_first(logits.data(), V);
    const int shown = std::min(kShown, V);
    Matrix top(shown, 1);
    std::vector<std::string> labels;
    json bars = json::array();
    double shown_total = 0;
    for (int r = 0; r < shown; ++r) {
        const int id = order[static_cast<std::size_t>(r)];
        const double pr = probs[static_cast<std::size_t>(id)];
        top(r, 0) = pr;
        shown_total += pr;
        labels.push_back(char_label(net, id));
        bars.push_back({{"label", char_label(net, id)}, {"value", pr}});
    }
    int nonzero = 0;
    for (double x : probs) nonzero += x > 0;
    double entropy = 0;
    for (double x : probs)
        if (x > 0) entropy -= x * std::log(x);

    const std::string written = writer().write(net.model, net.vocabulary, prompt, count, temperature, top_k, seed);

    Result r;
    r.print("p = softmax(logits[-1] / " + format_number(temperature) + ")" +
            (top_k > 0 ? "   # only the " + std::to_string(top_k) + " likeliest kept" : ""));
    std::string line = "top ten:";
    for (int k = 0; k < shown; ++k) line += " " + labels[static_cast<std::size_t>(k)] + " " + python_rounded(top(k, 0), 3);
    r.print(line);
    r.print("generate(prompt, " + std::to_string(count) + ", seed=" + std::to_string(seed) + "):");
    r.print(prompt + written);
    r.figure({{"kind", "char_bars"}, {"name", "next"}, {"title", "The next character's probabilities, likeliest first"},
              {"bars", std::move(bars)}, {"value_label", "probability"}});
    r.table("next", "The ten likeliest next characters", top, labels, {"probability"}, false);

    r.number("top_probability", top(0, 0));
    r.number("second_probability", shown > 1 ? top(1, 0) : 0.0);
    r.number("shown_total", shown_total);
    r.number("possible", nonzero);
    r.number("entropy", entropy);
    r.number("vocab", V);
    r.text("top_char", quoted(net.vocabulary.decode({order[0]})));
    r.text("second_char", shown > 1 ? quoted(net.vocabulary.decode({order[1]})) : "none");
    r.text("written", quoted(written));
    r.text("possible_text", prose::counted(nonzero, "character"));
    // Top-k 1 gives its one character all the probability, whatever the network's own scores: not certainty.
    r.claim("sure", top_k == 1 ? "only" : top(0, 0) >= kAllButCertain ? "certain" : top(0, 0) > 0.5 ? "sure" : "unsure");
    return std::move(r).to_json();
}

}  // namespace

Demo lm_next() {
    return Demo{"lm_next",
                "The next character, and text one character at a time",
                {prompt_param("The query of a place "),
                 number_param("temperature", 1.0)
                     .labelled("Temperature")
                     .helped("Below 1, the choice sharpens towards the likeliest character; above 1, it flattens.")
                     .in(nn::lm::kMinTemperature, nn::lm::kMaxTemperature)
                     .stepped(0.05),
                 integer_param("top_k", 0)
                     .labelled("Top-k")
                     .helped("Keep only the k likeliest characters (0 keeps every one).")
                     .in(0, shipped_network().vocabulary.vocab_size()),
                 integer_param("count", 80)
                     .labelled("Characters to write")
                     .helped("How many characters to write after the prompt, one at a time.")
                     .in(1, 400),
                 integer_param("seed", 1).labelled("Seed").helped("The same seed writes the same text, on every computer.").in(0, 1000000)},
                compute,
                {"lm-sampling"},
                "float32"}
        .claiming("sure", {"only", "certain", "sure", "unsure"});
}

}  // namespace attn::lesson_lm
