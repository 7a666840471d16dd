// The language model lesson's demos (core/lessons/lm/): what each prints and the claims the lesson
// makes, checked against the network itself (nn/lm/) rather than against the demo's own arithmetic.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"
#include "lessons/lm/shipped_network.hpp"
#include "nn/lm/sampling.hpp"

using json = nlohmann::json;
using Catch::Matchers::WithinAbs;

namespace {

// The demos recompute a head's softmax in double from the network's float projections; the
// network's own weights are float: they agree to float rounding.
constexpr double kFloatRounding = 1e-5;

json run(const std::string& demo, const json& params = json::object()) {
    const json out = json::parse(attn::run_demo_json(demo, params.dump()));
    INFO(demo << " " << params.dump() << " -> " << out.dump().substr(0, 400));
    REQUIRE(out["ok"] == true);
    return out["result"];
}

json table(const json& result, const std::string& name) {
    for (const json& t : result["tables"])
        if (t["name"] == name) return t;
    FAIL("no table " << name);
    return {};
}

// A masked score travels as null (JSON has no infinity).
double cell(const json& v) { return v.is_null() ? -INFINITY : v.get<double>(); }

}  // namespace

TEST_CASE("lm_embed: each place's vector is its character's token row plus its place's position row") {
    const json r = run("lm_embed", {{"prompt", "attention reads"}});
    const json tok = table(r, "tokens")["values"], pos = table(r, "positions")["values"], sum = table(r, "sum")["values"];
    const json ids = table(r, "ids")["values"];
    auto& net = attn::lesson_lm::shipped_network();
    REQUIRE(sum.size() == 15);
    for (std::size_t i = 0; i < sum.size(); ++i) {
        const int id = static_cast<int>(ids[i][0].get<double>());
        CHECK(net.vocabulary.decode({id}) == std::string(1, "attention reads"[i]));
        for (std::size_t j = 0; j < sum[i].size(); ++j) {
            CHECK(tok[i][j].get<double>() == net.model.tok_emb.weight.value(id, static_cast<Eigen::Index>(j)));
            CHECK(pos[i][j].get<double>() == net.model.pos_emb.weight.value(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)));
            CHECK_THAT(sum[i][j].get<double>(), WithinAbs(tok[i][j].get<double>() + pos[i][j].get<double>(), kFloatRounding));
        }
    }
}

TEST_CASE("lm_embed: the same character at two places has one token row and two different sums") {
    const json r = run("lm_embed", {{"prompt", "aa"}});
    const json tok = table(r, "tokens")["values"], sum = table(r, "sum")["values"];
    CHECK(tok[0] == tok[1]);
    CHECK(sum[0] != sum[1]);
}

TEST_CASE("lm_embed: a prompt longer than the context is counted whole, and the network reads its last context characters") {
    const int context = attn::lesson_lm::shipped_network().model.shape().context;
    std::string longer;
    while (static_cast<int>(longer.size()) <= context) longer += "the cat sat on the mat ";
    const json r = run("lm_embed", {{"prompt", longer}});
    CHECK(r["numbers"]["prompt_chars"].get<double>() == static_cast<double>(longer.size()));
    CHECK(r["numbers"]["chars"].get<double>() == context);
    CHECK(r["claims"]["cut"] == "cut");
    // One character is one character, not "1 characters".
    const json one = run("lm_embed", {{"prompt", "a"}});
    CHECK(one["texts"]["prompt_chars_text"] == "1 character");
    CHECK(one["claims"]["cut"] == "whole");
}

TEST_CASE("lm_head: every row of weights sums to one and puts no weight on a later place") {
    for (const bool identity : {false, true})
        for (int block = 0; block < 2; ++block) {
            const json w = table(run("lm_head", {{"block", block}, {"head", 3}, {"identity", identity}}), "weights")["values"];
            for (std::size_t i = 0; i < w.size(); ++i) {
                double total = 0;
                for (std::size_t j = 0; j < w[i].size(); ++j) {
                    if (j > i) CHECK(w[i][j].get<double>() == 0);
                    total += w[i][j].get<double>();
                }
                CHECK_THAT(total, WithinAbs(1, kFloatRounding));
            }
        }
}

TEST_CASE("lm_head: the weights shown are the network's own, and later places' scores are masked") {
    const std::string prompt = "the keys and the values";
    for (int block = 0; block < 2; ++block)
        for (int head = 0; head < 4; ++head) {
            const json r = run("lm_head", {{"prompt", prompt}, {"block", block}, {"head", head}});
            const json w = table(r, "weights")["values"], s = table(r, "scores")["values"];
            auto& net = attn::lesson_lm::shipped_network();
            const std::vector<int> ids = net.vocabulary.encode(prompt, "prompt");
            net.model.forward(ids, 1, static_cast<int>(ids.size()));
            const auto& own = net.model.attention(block);  // row head*n + i
            const auto n = static_cast<Eigen::Index>(ids.size());
            for (Eigen::Index i = 0; i < n; ++i)
                for (Eigen::Index j = 0; j < n; ++j) {
                    CHECK_THAT(w[i][j].get<double>(), WithinAbs(own(head * n + i, j), kFloatRounding));
                    if (j > i) CHECK(std::isinf(cell(s[i][j])));
                }
        }
}

TEST_CASE("lm_head: after other demos read other prompts, a head's weights are still its own prompt's") {
    // The demos share one model and skip a pass over a prompt it has just read: each step below
    // leaves another prompt in it (the same length, one character apart, or the next demo's text).
    auto& net = attn::lesson_lm::shipped_network();
    const auto own = [&](const std::string& prompt, int block, int head) {
        const std::vector<int> ids = net.vocabulary.encode(prompt, "prompt");
        net.model.forward(ids, 1, static_cast<int>(ids.size()));
        const auto n = static_cast<Eigen::Index>(ids.size());
        return Eigen::MatrixXd(net.model.attention(block).block(head * n, 0, n, n).cast<double>());
    };
    const auto same = [](const json& shown, const Eigen::MatrixXd& expected) {
        REQUIRE(shown.size() == static_cast<std::size_t>(expected.rows()));
        for (Eigen::Index i = 0; i < expected.rows(); ++i)
            for (Eigen::Index j = 0; j < expected.cols(); ++j)
                CHECK_THAT(shown[i][j].get<double>(), WithinAbs(expected(i, j), kFloatRounding));
    };
    const std::string a = "the keys", b = "the kays";
    run("lm_heads", {{"prompt", b}});
    const json first = table(run("lm_head", {{"prompt", a}, {"block", 1}, {"head", 2}}), "weights")["values"];
    run("lm_next", {{"prompt", a}, {"count", 5}});
    const json after_next = table(run("lm_head", {{"prompt", a}, {"block", 1}, {"head", 2}}), "weights")["values"];
    run("lm_head", {{"prompt", b}, {"block", 0}, {"head", 0}});
    const json other_head = table(run("lm_head", {{"prompt", a}, {"block", 0}, {"head", 3}}), "weights")["values"];
    same(first, own(a, 1, 2));
    same(after_next, own(a, 1, 2));
    same(other_head, own(a, 0, 3));
}

TEST_CASE("lm_heads: every map is causal, its rows sum to one, and its most-read places come before") {
    const json r = run("lm_heads");
    const json maps = r["figures"][0]["maps"];
    REQUIRE(maps.size() == 8);
    for (const json& m : maps)
        for (std::size_t i = 0; i < m["values"].size(); ++i) {
            double total = 0;
            for (std::size_t j = 0; j < m["values"][i].size(); ++j) {
                if (j > i) CHECK(m["values"][i][j].get<double>() == 0);
                total += m["values"][i][j].get<double>();
            }
            CHECK_THAT(total, WithinAbs(1, kFloatRounding));
        }
    const json most = table(r, "most")["values"];
    for (std::size_t i = 0; i < most.size(); ++i)
        for (const json& place : most[i]) CHECK(place.get<double>() <= static_cast<double>(i));
}

TEST_CASE("lm_heads: a prompt of one character reads only itself in every head, and the text says there is nothing before it") {
    const json one = run("lm_heads", {{"prompt", "a"}});
    CHECK(one["claims"]["reads"] == "one");
    CHECK(one["claims"]["previous"] == "alone");
    CHECK(one["numbers"]["last_reads_itself"] == one["numbers"]["heads_total"]);
    const json two = run("lm_heads", {{"prompt", "ab"}});
    CHECK(two["claims"]["reads"] == "many");
    CHECK(two["claims"]["previous"] != "alone");
}

TEST_CASE("lm_next: the bars are the network's probabilities, likeliest first, and top-k 1 keeps one, which the text does not call certainty") {
    const std::string prompt = "The query of a place ";
    const json r = run("lm_next", {{"prompt", prompt}, {"temperature", 0.8}});
    auto& net = attn::lesson_lm::shipped_network();
    const std::vector<double> p =
        attn::nn::lm::next_char_probabilities(net.model, net.vocabulary.encode(prompt, "prompt"), 0.8, 0);
    const json bars = r["figures"][0]["bars"];
    double largest = 0;
    for (double x : p) largest = std::max(largest, x);
    CHECK(bars[0]["value"].get<double>() == largest);
    for (std::size_t k = 1; k < bars.size(); ++k) CHECK(bars[k]["value"].get<double>() <= bars[k - 1]["value"].get<double>());
    const json one = run("lm_next", {{"prompt", prompt}, {"top_k", 1}});
    CHECK(one["numbers"]["top_probability"].get<double>() == 1.0);
    CHECK(one["numbers"]["possible"].get<double>() == 1.0);
    // Its probability of 1 is the cut's doing, not the network's certainty, and the text says so.
    CHECK(one["claims"]["sure"] == "only");
    // With one character left, every seed writes the same text.
    CHECK(run("lm_next", {{"prompt", prompt}, {"top_k", 1}, {"seed", 7}})["texts"]["written"] == one["texts"]["written"]);
}

TEST_CASE("lm_next: the ten likeliest are ranked as the network ranks them, so the rows after top-k's are the characters it cut") {
    const std::string prompt = "The query of a place ";
    auto& net = attn::lesson_lm::shipped_network();
    const std::vector<int> ids = net.vocabulary.encode(prompt, "prompt");
    // The reference ranking: every character's probability with none cut, largest first, ties to the lower id.
    const std::vector<double> all = attn::nn::lm::next_char_probabilities(net.model, ids, 0.8, 0);
    std::vector<int> ranked(all.size());
    for (std::size_t v = 0; v < all.size(); ++v) ranked[v] = static_cast<int>(v);
    std::stable_sort(ranked.begin(), ranked.end(), [&](int a, int b) { return all[static_cast<std::size_t>(a)] > all[static_cast<std::size_t>(b)]; });
    const std::vector<double> cut = attn::nn::lm::next_char_probabilities(net.model, ids, 0.8, 3);

    const json r = run("lm_next", {{"prompt", prompt}, {"temperature", 0.8}, {"top_k", 3}});
    const json next = table(r, "next");
    REQUIRE(next["row_labels"].size() == 10);
    for (std::size_t row = 0; row < 10; ++row) {
        INFO("row " << row);
        CHECK(next["row_labels"][row] == attn::lesson_lm::char_label(net, ranked[row]));
        CHECK(next["values"][row][0].get<double>() == cut[static_cast<std::size_t>(ranked[row])]);
        CHECK(r["figures"][0]["bars"][row]["label"] == next["row_labels"][row]);
        // The three kept share all of it; the seven after them are cut to nothing.
        CHECK((next["values"][row][0].get<double>() > 0) == (row < 3));
    }
}

TEST_CASE("lm_next: at a cold temperature the printout rounds as Python's round() prints and the text calls the network all but certain") {
    const std::string prompt = "The query of a place ";
    const json cold = run("lm_next", {{"prompt", prompt}, {"temperature", 0.05}});
    REQUIRE(cold["numbers"]["top_probability"].get<double>() >= 0.9995);
    CHECK(cold["claims"]["sure"] == "certain");
    // print("top ten:", "t", round(p, 3), ...): 1.0 and 0.0, which a float prints, not 1 and 0.
    const std::string line = cold["printed"][1].get<std::string>();
    INFO(line);
    CHECK_THAT(line, Catch::Matchers::StartsWith("top ten: t 1.0 s 0.0 "));
    for (double t : {0.05, 0.3, 0.5, 0.8, 2.0}) {
        const json r = run("lm_next", {{"prompt", prompt}, {"temperature", t}});
        const double top = r["numbers"]["top_probability"].get<double>();
        INFO("temperature " << t << ": " << top);
        CHECK(r["claims"]["sure"] == (top >= 0.9995 ? "certain" : top > 0.5 ? "sure" : "unsure"));
    }
}

TEST_CASE("lm_next: the same seed writes the same text, as nn::lm::generate does") {
    const json a = run("lm_next", {{"seed", 42}, {"count", 60}});
    const json b = run("lm_next", {{"seed", 42}, {"count", 60}});
    CHECK(a["texts"]["written"] == b["texts"]["written"]);
    auto& net = attn::lesson_lm::shipped_network();
    const std::string direct = attn::nn::lm::generate(net.model, net.vocabulary, "The query of a place ", 60, 1.0, 0, 42);
    CHECK(a["texts"]["written"] == "\u201c" + direct + "\u201d");
}

TEST_CASE("lm_next: step after step of its controls, the text and bars are those of a first call") {
    // The demo keeps the logits of the texts it wrote (nn/lm/writer.hpp); a fresh generate() and
    // next_char_probabilities keep nothing.
    auto& net = attn::lesson_lm::shipped_network();
    const std::vector<json> steps = {
        json::object(),
        {{"temperature", 1.05}},
        {{"temperature", 1.1}},
        {{"temperature", 1.05}},
        {{"temperature", 0.6}},
        {{"temperature", 0.6}, {"top_k", 5}},
        {{"temperature", 0.6}, {"top_k", 6}},
        {{"temperature", 0.6}, {"top_k", 6}, {"seed", 2}},
        {{"temperature", 0.6}, {"top_k", 6}, {"seed", 2}, {"count", 200}},
        {{"prompt", "The query of a plane "}},
        {{"prompt", "the keys"}, {"count", 40}},
        json::object()};
    for (const json& step : steps) {
        INFO(step.dump());
        const json r = run("lm_next", step);
        const std::string prompt = step.value("prompt", std::string("The query of a place "));
        const double temperature = step.value("temperature", 1.0);
        const int top_k = step.value("top_k", 0), count = step.value("count", 80), seed = step.value("seed", 1);
        const std::string direct = attn::nn::lm::generate(net.model, net.vocabulary, prompt, count, temperature, top_k,
                                                          static_cast<std::uint64_t>(seed));
        CHECK(r["texts"]["written"] == "\u201c" + direct + "\u201d");
        std::vector<double> p = attn::nn::lm::next_char_probabilities(
            net.model, net.vocabulary.encode(prompt, "prompt"), temperature, top_k);
        std::stable_sort(p.begin(), p.end(), [](double a, double b) { return a > b; });
        const json bars = r["figures"][0]["bars"];
        for (std::size_t k = 0; k < bars.size(); ++k) CHECK(bars[k]["value"].get<double>() == p[k]);
    }
}

TEST_CASE("lm demos: a prompt with a character the network has no vector for is refused, named") {
    const json out = json::parse(attn::run_demo_json("lm_next", json{{"prompt", "caf\u00e9 \u4e2d"}}.dump()));
    REQUIRE(out["ok"] == false);
    CHECK(out["error"]["param"] == "prompt");
    CHECK(out["error"]["message"].get<std::string>().find("\u201c\u00e9\u201d") != std::string::npos);
    const json empty = json::parse(attn::run_demo_json("lm_embed", json{{"prompt", ""}}.dump()));
    REQUIRE(empty["ok"] == false);
    CHECK(empty["error"]["param"] == "prompt");
}
