// The table lesson's demos on the pretrained networks, and the lesson's claims
// read from the committed weights files.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"
#include "lessons/table/common.hpp"
#include "nn/network_table.hpp"
#include "lessons/table/act_sizes.hpp"
#include "nn/encoder_layer.hpp"
#include "nn/layer_norm.hpp"
#include "nn/linear.hpp"
#include "nn/multihead_attention.hpp"
#include "nn/trainer.hpp"
#include "models/model_store.hpp"
#include "support/pretrained.hpp"

using json = nlohmann::json;
using Catch::Matchers::Contains;

namespace {

// Hand and module both work in float; their answers differ by a few float
// roundings of numbers below 1 m (2^-24 relative each), far under 0.5e-4 m,
// the last digit the lesson prints.
constexpr double kFloatRoundoff = 1e-6;  // [m]

json run(const std::string& demo, const json& params = json::object()) {
    const json out = json::parse(attn::run_demo_json(demo, params.dump()));
    INFO(demo << " " << params.dump() << " -> " << out.dump().substr(0, 400));
    REQUIRE(out["ok"] == true);
    return out["result"];
}

json refusal(const std::string& demo, const json& params) {
    const json out = json::parse(attn::run_demo_json(demo, params.dump()));
    REQUIRE(out["ok"] == false);
    return out["error"];
}

double number(const json& result, const char* name) { return result["numbers"][name].get<double>(); }

}  // namespace

TEST_CASE("pretrained: lookup finds the requested object within half a centimetre with 4 and with 6 objects") {
    const json m = table_test::weights_doc("find/lookup")["misses"];
    CHECK(m["4"].get<double>() < 0.5);
    CHECK(m["6"].get<double>() < 0.5);
}

TEST_CASE("pretrained: plain-16 misses by more than 15 cm; plain-256 a few cm with 4 objects, several times more with 6") {
    const json small = table_test::weights_doc("find/plain-16")["misses"];
    CHECK(small["4"].get<double>() > 15);
    CHECK(small["6"].get<double>() > 15);
    const json large = table_test::weights_doc("find/plain-256")["misses"];
    CHECK(large["4"].get<double>() < 5);
    CHECK(large["6"].get<double>() > 3 * large["4"].get<double>());
}

TEST_CASE("pretrained: on nearest the 2-layer transformer misses under 8 cm, lookup and 1 layer over 15 cm") {
    CHECK(table_test::weights_doc("nearest/transformer-2")["misses"]["4"].get<double>() < 8);
    CHECK(table_test::weights_doc("nearest/lookup")["misses"]["4"].get<double>() > 15);
    CHECK(table_test::weights_doc("nearest/transformer-1")["misses"]["4"].get<double>() > 15);
}

TEST_CASE("pretrained: every file's misses are what its weights measure now") {
    for (const std::string& slot : table_test::shipped_slots()) {
        INFO(slot);
        const attn::models::StoredModel& m = attn::models::require_model(attn::models::model_store(), slot);
        const json stored = table_test::weights_doc(slot)["misses"];
        // Within float reordering: a faster matrix product may sum in another order.
        CHECK(attn::nn::miss_cm(*m.net, m.task, 4) == Approx(stored["4"].get<double>()).epsilon(1e-5));
        CHECK(attn::nn::miss_cm(*m.net, m.task, 6) == Approx(stored["6"].get<double>()).epsilon(1e-5));
    }
}

TEST_CASE("table_tokens: one row of 10 numbers per object and the request one-hot") {
    const json r = run("table_tokens", {{"seed", 5}, {"objects", 6}});
    const json tokens = r["tables"][0]["values"];
    REQUIRE(tokens.size() == 6);
    for (const json& row : tokens) {
        REQUIRE(row.size() == 10);
        double hot = 0;
        for (int k = 0; k < 8; ++k) hot += row[k].get<double>();
        CHECK(hot == 1);
        CHECK(row[8].get<double>() >= 0);
        CHECK(row[9].get<double>() < 1);
    }
    CHECK(r["numbers"]["numbers_in"] == 6 * 10 + 8);
    CHECK(r["printed"][0].get<std::string>().rfind("objects: ['", 0) == 0);
}

TEST_CASE("table_hand: attention by hand equals the module's answer on the trained lookup") {
    for (int seed : {0, 5, 17, 123}) {
        for (int objects : {1, 4, 6, 8}) {
            INFO("seed " << seed << ", " << objects << " objects");
            const json r = run("table_hand", {{"seed", seed}, {"objects", objects}});
            CHECK(number(r, "max_difference") < kFloatRoundoff);
            CHECK(std::abs(number(r, "hand_x") - number(r, "module_x")) < kFloatRoundoff);
            CHECK(std::abs(number(r, "hand_y") - number(r, "module_y")) < kFloatRoundoff);
        }
    }
}

TEST_CASE("table_hand: at the lesson's scene the printed hand answer is the module's to every digit, on the cup") {
    const json r = run("table_hand");
    const std::string line = r["printed"][2];
    const auto hand = line.substr(line.find("by hand: ") + 9, line.find("  by the module") - line.find("by hand: ") - 9);
    const auto module = line.substr(line.find("module: ") + 8, line.find("  true") - line.find("module: ") - 8);
    CHECK(hand == module);
    CHECK(r["texts"]["request"] == "cup");
    CHECK(number(r, "top_weight") > 0.99);
    CHECK(number(r, "miss_cm") < 0.5);
}

TEST_CASE("table_order: the objects in another order give the same answer") {
    for (int seed : {1, 5, 40}) {
        for (int objects : {2, 4, 8}) {
            INFO("seed " << seed << ", " << objects << " objects");
            const json r = run("table_order", {{"seed", seed}, {"objects", objects}, {"shuffle_seed", seed + 3}});
            CHECK(number(r, "max_difference") < kFloatRoundoff);
        }
    }
}

TEST_CASE("table_order: every shuffle of two or more objects is another order; one object's printout says it has only one") {
    for (int objects : {2, 3}) {
        for (int shuffle = 0; shuffle < 20; ++shuffle) {
            INFO(objects << " objects, shuffle " << shuffle);
            const json r = run("table_order", {{"objects", objects}, {"shuffle_seed", shuffle}});
            const std::vector<int> order = r["numbers"]["order"].get<std::vector<int>>();
            CHECK_FALSE(std::is_sorted(order.begin(), order.end()));
            CHECK(r["printed"][1].get<std::string>().rfind("same scene, objects in another order: ", 0) == 0);
        }
    }
    const json one = run("table_order", {{"objects", 1}});
    CHECK(one["printed"][1].get<std::string>().rfind("same scene, its one object in its only order: ['", 0) == 0);
}

TEST_CASE("table_lab: positions override the scene's and the answer follows the requested object") {
    const json moved = {{10, 90}, {80, 20}, {55, 55}, {5, 5}};
    const json r = run("table_lab", {{"seed", 5}, {"objects", 4}, {"request", "cup"}, {"positions", moved}});
    const json fig = r["figures"][0];
    CHECK(fig["kind"] == "table_lab");
    CHECK(fig["size_cm"] == 100);
    REQUIRE(fig["objects"].size() == 4);
    for (int i = 0; i < 4; ++i) {
        CHECK(fig["objects"][i]["x"] == moved[i][0]);
        CHECK(fig["objects"][i]["y"] == moved[i][1]);
    }
    int cup = 0;
    while (fig["objects"][cup]["kind"] != "cup") ++cup;
    CHECK(fig["truth"] == moved[cup]);
    CHECK(r["texts"]["top_kind"] == "cup");
    CHECK(number(r, "miss_cm") < 2);
    double total = 0;
    for (const json& o : fig["objects"]) total += o["weight"].get<double>();
    CHECK(total == Approx(1).epsilon(1e-6));
}

TEST_CASE("table_lab: positions must have one row per object") {
    const json e = refusal("table_lab", {{"objects", 4}, {"positions", {{10, 10}, {20, 20}}}});
    CHECK(e["param"] == "positions");
    CHECK_THAT(e["message"].get<std::string>(), Contains("4 rows") && Contains("got 2"));
}

TEST_CASE("table_lab and table_layers: a request for a kind not on the table is refused beside request") {
    for (const char* demo : {"table_lab", "table_layers"}) {
        INFO(demo);
        const json r = run("table_tokens", {{"seed", 5}, {"objects", 4}});
        // The kinds on the table, as the result words them ("cube, cup, key and toy"); no kind's name is inside another's.
        const std::string on_table = r["texts"]["kinds"];
        const auto there = [&](const std::string& kind) { return on_table.find(kind) != std::string::npos; };
        std::string absent;
        for (const char* kind : {"cube", "ball", "cup", "pen", "box", "can", "key", "toy"})
            if (!there(kind)) absent = kind;
        const json e = refusal(demo, {{"seed", 5}, {"objects", 4}, {"request", absent}});
        CHECK(e["param"] == "request");
        const std::string message = e["message"];
        CHECK_THAT(message, Contains("no " + absent));
        for (const char* kind : {"cube", "ball", "cup", "pen", "box", "can", "key", "toy"})
            if (there(kind)) CHECK_THAT(message, Contains(kind));
    }
}

TEST_CASE("table_compare: the three networks' misses come from their files") {
    const json r = run("table_compare");
    CHECK(number(r, "lookup_miss_4") == table_test::weights_doc("find/lookup")["misses"]["4"].get<double>());
    CHECK(number(r, "plain256_miss_6") == table_test::weights_doc("find/plain-256")["misses"]["6"].get<double>());
    CHECK(r["numbers"]["plain256_parameters"] == 91138);
    CHECK(r["charts"][0]["series"].size() == 3);
}

TEST_CASE("table lesson: a network the table ships for a task is among that task's demo rows, one without weights is not") {
    using attn::nn::NetworkEntry;
    std::vector<NetworkEntry> table = attn::nn::network_table();
    NetworkEntry added = table.front();
    added.name = "mynet-32";
    added.trained = {{"find", 0.001, "lessons/table/weights/find-mynet-32.json"}, {"nearest", 0.001, ""}};
    table.push_back(added);
    CHECK(attn::lesson_table::networks_shipped_for(table, "find") ==
          std::vector<std::string>{"lookup", "plain-16", "plain-256", "mynet-32"});
    CHECK(attn::lesson_table::networks_shipped_for(table, "nearest") ==
          std::vector<std::string>{"lookup", "transformer-1", "transformer-2"});
}

TEST_CASE("table lesson: the comparison and the two-layer demo read the networks the network table ships, as their rows") {
    CHECK(attn::lesson_table::compare_networks() == attn::lesson_table::networks_shipped_for(attn::nn::network_table(), "find"));
    CHECK(attn::lesson_table::layers_networks() == attn::lesson_table::networks_shipped_for(attn::nn::network_table(), "nearest"));
    const json r = run("table_compare");
    const json& rows = r["tables"][0]["row_labels"];
    REQUIRE(rows.size() == attn::lesson_table::compare_networks().size());
    for (std::size_t i = 0; i < rows.size(); ++i)  // "Plain-256 (recorded)" while only its summary is loaded
        CHECK_THAT(rows[i].get<std::string>(), Catch::Matchers::StartsWith(attn::nn::find_network(attn::lesson_table::compare_networks()[i])->label));
}

TEST_CASE("table_layers: layer 1 looks at the requested object, layer 2 at its nearest neighbour") {
    const json r = run("table_layers");
    const json fig = r["figures"][0];
    CHECK(fig["kind"] == "table_attention");
    REQUIRE(fig["layers"].size() == 2);
    CHECK(fig["layers"][0]["heads"].size() == 2);
    CHECK(number(r, "transformer_2_miss_4") < 8);

    // Over 40 scenes, each with its own request: where the largest weight of each layer falls.
    // (When two objects are almost equally near, layer 2 may split its weight between them.)
    int first_on_request = 0, second_on_nearest = 0;
    constexpr int kScenes = 40;
    for (int seed = 0; seed < kScenes; ++seed) {
        const json asked = run("table_tokens", {{"seed", seed}})["texts"]["request"];
        const json n = run("table_layers", {{"seed", seed}, {"request", asked}})["texts"];
        first_on_request += n["layer1_top_kind"] == n["request"];
        second_on_nearest += n["layer2_top_kind"] == n["nearest_kind"];
    }
    INFO("layer 1 on the request in " << first_on_request << ", layer 2 on the nearest in " << second_on_nearest
                                      << " of " << kScenes);
    CHECK(first_on_request >= 0.9 * kScenes);
    CHECK(second_on_nearest >= 0.75 * kScenes);
    for (const json& layer : fig["layers"]) {
        double total = layer["self"].get<double>();
        for (const json& w : layer["weights"]) total += w.get<double>();
        CHECK(total == Approx(1).epsilon(1e-5));
    }
}

TEST_CASE("table_layers: with one object on the table there is no neighbour, and a layer that keeps its weight on the request token is said to, and shown") {
    // The lesson's scene with one object: the ball, requested, is its own nearest object, and layer 2's
    // request token keeps all its weight on itself (0.000 on the ball).
    const json one = run("table_layers", {{"objects", 1}});
    CHECK(one["claims"]["neighbour"] == "none");
    CHECK(one["texts"]["nearest_kind"] == one["texts"]["request"]);
    const json& second = one["figures"][0]["layers"][1];
    REQUIRE(second["self"].get<double>() > second["weights"][0].get<double>());
    CHECK(one["claims"]["layer2_on_nearest"] == "itself");
    // The weights table: a row for the ball, then the request token's weight on itself, so each layer's
    // column adds up to one.
    json table;
    for (const json& t : one["tables"]) if (t["name"] == "layers") table = t;
    REQUIRE(table["row_labels"].size() == 2);
    CHECK(table["row_labels"][1] == "itself (the request token)");
    for (std::size_t l = 0; l < 2; ++l) CHECK(table["values"][0][l].get<double>() + table["values"][1][l].get<double>() == Approx(1).epsilon(1e-5));

    // Over scenes of every size: the text names an object as the heaviest only when no weight is kept on itself
    // that is larger, and with more than one object it always has a neighbour.
    for (int objects = 1; objects <= 8; ++objects) {
        for (int seed = 0; seed < 5; ++seed) {
            const json r = run("table_layers", {{"objects", objects}, {"seed", seed}});
            CHECK(r["claims"]["neighbour"] == (objects == 1 ? "none" : "yes"));
            const json& layers = r["figures"][0]["layers"];
            for (const auto& [l, claim] : {std::pair{0, "layer1_on_request"}, std::pair{1, "layer2_on_nearest"}}) {
                double heaviest = 0;
                for (const json& w : layers[l]["weights"]) heaviest = std::max(heaviest, w.get<double>());
                INFO(objects << " objects, seed " << seed << ", layer " << l + 1);
                CHECK((r["claims"][claim] == "itself") == (layers[l]["self"].get<double>() > heaviest));
            }
        }
    }
}

TEST_CASE("table demos: a network that is not loaded is named") {
    attn::models::model_store().clear();
    const json out = json::parse(attn::run_demo_json("table_lab", "{}"));
    CHECK(out["ok"] == false);
    CHECK(out["error"]["message"] == "the trained network find/lookup is not loaded yet");
    table_test::load_pretrained();
}

TEST_CASE("act_sizes: each count equals the nn layers built at the same sizes") {
    using namespace attn::nn;
    using namespace attn::lesson_table;
    auto count = [](auto& layer) {
        ParamList<float> list;
        layer.collect(list);
        long n = 0;
        for (const auto* p : list) n += static_cast<long>(p->value.size());
        return n;
    };
    for (const auto& [width, heads, ff] : std::vector<std::tuple<int, int, int>>{{32, 2, 64}, {512, 8, 3200}}) {
        INFO("width " << width << ", feed-forward " << ff);
        EncoderLayer<float> encoder("layer", width, heads, ff);
        CHECK(encoder_layer_parameters(width, ff) == count(encoder));
        MultiheadAttention<float> self("self", width, heads), cross("cross", width, heads);
        Linear<float> up("up", width, ff), down("down", ff, width);
        LayerNorm<float> n1("n1", width), n2("n2", width), n3("n3", width);
        CHECK(decoder_layer_parameters(width, ff) ==
              count(self) + count(cross) + count(up) + count(down) + count(n1) + count(n2) + count(n3));
    }
    // The table lesson's transformer layer: 8,544 parameters (issue 4).
    CHECK(encoder_layer_parameters(32, 64) == 8544);
}

TEST_CASE("act_sizes: the parameters table's decoder row says it holds the final norm, the gap between its two counts") {
    const json r = run("act_sizes", {{"decoder_layers", 2}, {"width", 256}, {"heads", 4}});
    json table;
    for (const json& t : r["tables"]) if (t["name"] == "parameters") table = t;
    REQUIRE(table.is_object());
    CHECK(table["row_labels"][1] == "decoder, with its final norm");
    const json decoder = table["values"][1];  // layers, per layer, parameters
    CHECK(decoder[2].get<double>() == decoder[0].get<double>() * decoder[1].get<double>() + 2 * 256);  // a norm's gain and bias
    const json encoder = table["values"][0];
    CHECK(encoder[2].get<double>() == encoder[0].get<double>() * encoder[1].get<double>());
}

TEST_CASE("act_sizes: 302 tokens for one camera, 91,204 weights per encoder head, a chunk of 100") {
    const json r = run("act_sizes");
    CHECK(r["numbers"]["tokens"] == 302);
    CHECK(r["numbers"]["encoder_table"] == 302 * 302);
    CHECK(r["numbers"]["decoder_cross_table"] == 100 * 302);
    CHECK(r["figures"][0]["kind"] == "act_diagram");
    CHECK(run("act_sizes", {{"cameras", 4}})["numbers"]["tokens"] == 1202);
    const json e = refusal("act_sizes", {{"width", 512}, {"heads", 7}});
    CHECK(e["param"] == "heads");
}
