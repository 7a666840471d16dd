// The model store and the table lesson's JSON surface (core/api/models.hpp).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "base/error.hpp"
#include "nn/trainer.hpp"
#include "models/model_store.hpp"
#include "support/pretrained.hpp"
#include "api/models.hpp"
#include "api/training.hpp"

using json = nlohmann::json;
using Catch::Matchers::Contains;
using namespace attn;

namespace {

// A copy of the pretrained find/lookup file with one change.
std::string edited_lookup(const std::function<void(json&)>& edit) {
    json doc = table_test::weights_doc("find/lookup");
    edit(doc);
    return doc.dump();
}

std::string error_param(const std::string& out) { return json::parse(out)["error"]["param"]; }
std::string error_message(const std::string& out) { return json::parse(out)["error"]["message"]; }

}  // namespace

TEST_CASE("model store: a slot holds the network its file names, with the file's misses") {
    models::ModelStore store;
    CHECK(store.find("find/lookup") == nullptr);
    const models::StoredModel& m = store.store("find/lookup", table_test::weights_text("find/lookup"));
    CHECK(m.net->name() == "lookup");
    CHECK(m.net->parameter_count() == 1442);
    CHECK(m.task == table::Task::Find);
    REQUIRE(m.misses_recorded);
    CHECK(m.miss_4_cm == table_test::weights_doc("find/lookup")["misses"]["4"].get<double>());
    CHECK(store.find("find/lookup") == &m);
    CHECK(store.slots() == std::vector<std::string>{"find/lookup"});
}

TEST_CASE("model store: a bad file is refused with a clear message and the slot keeps its network") {
    models::ModelStore store;
    store.store("find/lookup", table_test::weights_text("find/lookup"));
    const models::StoredModel* before = store.find("find/lookup");
    const float first = before->net->params()[0]->value(0, 0);

    const std::vector<std::pair<std::string, std::string>> bad = {
        {"not JSON", "{\"format\": "},
        {"another format", edited_lookup([](json& d) { d["format"] = "something"; })},
        {"a missing tensor", edited_lookup([](json& d) { d["parameters"].erase(0); })},
        {"an extra tensor", edited_lookup([](json& d) {
             d["parameters"].push_back({{"name", "extra.weight"}, {"shape", {1}}, {"values", {0}}});
         })},
        {"a wrongly shaped tensor", edited_lookup([](json& d) { d["parameters"][0]["shape"] = {10, 16}; })},
        {"too few values", edited_lookup([](json& d) { d["parameters"][0]["values"].erase(0); })},
        {"a value that is not a number", edited_lookup([](json& d) { d["parameters"][0]["values"][3] = "x"; })},
        {"misses that are not distances", edited_lookup([](json& d) { d["misses"]["4"] = -1; })},
        {"another architecture", table_test::weights_text("find/plain-16")},
        {"an empty text", ""},
    };
    for (const auto& [what, text] : bad) {
        INFO(what);
        try {
            store.store("find/lookup", text);
            FAIL("accepted " << what);
        } catch (const ParamError& e) {
            CHECK(e.param() == "weights");
            CHECK_THAT(e.what(), Contains("cannot load the weights"));
        }
        REQUIRE(store.find("find/lookup") == before);
        CHECK(store.find("find/lookup")->net->params()[0]->value(0, 0) == first);
    }
}

TEST_CASE("model store: another architecture names both networks") {
    models::ModelStore store;
    CHECK_THROWS_WITH(store.store("find/lookup", table_test::weights_text("find/plain-16")),
                      Contains("plain-16") && Contains("find/lookup needs lookup"));
}

TEST_CASE("model store: a slot is task/model with a known task and network") {
    models::ModelStore store;
    for (const char* slot : {"lookup", "fetch/lookup", "find/resnet", "find/", "/lookup", ""}) {
        INFO("slot " << slot);
        CHECK_THROWS_AS(store.store(slot, table_test::weights_text("find/lookup")), ParamError);
        try {
            store.store(slot, table_test::weights_text("find/lookup"));
        } catch (const ParamError& e) {
            CHECK(e.param() == "slot");
        }
    }
    CHECK(store.slots().empty());
}

TEST_CASE("load_model_json: answers with the slot and the parameter count, or the error shape") {
    const json ok = json::parse(load_model_json("find/plain-16", table_test::weights_text("find/plain-16")));
    CHECK(ok["ok"] == true);
    CHECK(ok["slot"] == "find/plain-16");
    CHECK(ok["parameters"] == 1858);
    CHECK(ok["misses"].contains("6"));

    const std::string bad = load_model_json("find/plain-16", "[1, 2]");
    CHECK(json::parse(bad)["ok"] == false);
    CHECK(error_param(bad) == "weights");
    CHECK(error_param(load_model_json("nowhere", "{}")) == "slot");
    table_test::load_pretrained();  // as the other tests expect
}

TEST_CASE("train_start_json: each bad setting is refused beside its name") {
    const std::vector<std::pair<std::string, std::string>> bad = {
        {R"({"task": "fetch"})", "task"},
        {R"({"model": "resnet"})", "model"},
        {R"({"seed": -1})", "seed"},
        {R"({"seed": 1.5})", "seed"},
        {R"({"lr": -0.01})", "lr"},
        {R"({"lr": "fast"})", "lr"},
        {R"({"lr": 5})", "lr"},
        {R"({"epochs": -1})", "epochs"},
        {R"({"epochs": 501})", "epochs"},
        {R"({"epochs": 2.5})", "epochs"},
        {R"({"task": "nearest", "model": "plain-16"})", "lr"},  // the lesson chose no rate for it: give one
        {R"({"speed": 3})", "speed"},
        {R"({"lr": 1e999})", ""},
        {"not json", ""},
    };
    for (const auto& [config, param] : bad) {
        INFO(config);
        const std::string out = train_start_json(config);
        CHECK(json::parse(out)["ok"] == false);
        CHECK(error_param(out) == param);
        CHECK_FALSE(error_message(out).empty());
    }
}

TEST_CASE("train_advance_json and train_result_json: a short training runs to its end and its weights load") {
    const json start = json::parse(train_start_json(R"({"task": "find", "model": "lookup", "seed": 3, "epochs": 2})"));
    REQUIRE(start["ok"] == true);
    CHECK(start["steps_per_epoch"] == 157);  // 20,000 scenes in batches of 128
    CHECK(start["total_steps"] == 314);
    CHECK(start["lr"] == attn::nn::lesson_learning_rate(attn::table::Task::Find, "lookup"));  // when none is given
    const json zero = json::parse(train_start_json(R"({"model": "plain-16", "lr": 0, "epochs": 0})"));
    CHECK(zero["lr"] == attn::nn::lesson_learning_rate(attn::table::Task::Find, "plain-16"));  // 0 also stands for the lesson's choices
    CHECK(zero["epochs"] == 30);
    REQUIRE(json::parse(train_start_json(R"({"task": "find", "model": "lookup", "seed": 3, "epochs": 2})"))["ok"] == true);

    CHECK(error_param(train_advance_json(0)) == "steps");
    json p = json::parse(train_advance_json(100));
    CHECK(p["step"] == 100);
    CHECK(p["epoch"] == 0);
    CHECK(p["done"] == false);
    p = json::parse(train_advance_json(1000));
    CHECK(p["step"] == 314);
    CHECK(p["epoch"] == 2);
    CHECK(p["done"] == true);
    CHECK(p["failed"] == false);
    CHECK(p["loss"].is_number());

    const json result = json::parse(train_result_json());
    REQUIRE(result["ok"] == true);
    CHECK(result["misses"]["4"].get<double>() > 0);
    CHECK(result["misses"]["6"].get<double>() > 0);
    models::ModelStore store;
    const models::StoredModel& m = store.store("find/lookup", result["weights"].dump());
    CHECK(m.net->parameter_count() == 1442);
}

TEST_CASE("train_start_json: a rate that blows up stops with a message and the weights from before the bad step") {
    // Rate 1, the largest the page offers: Lookup's second batch loss is 212,160, 660,000 times its first.
    REQUIRE(json::parse(train_start_json(R"({"model": "lookup", "lr": 1, "epochs": 1})"))["ok"] == true);
    std::vector<json> weights_before;  // the weights before each call
    json p;
    for (int call = 0; call < 20; ++call) {
        weights_before.push_back(json::parse(train_result_json())["weights"]);
        p = json::parse(train_advance_json(1));
        if (p["failed"] == true) break;
    }
    REQUIRE(p["failed"] == true);
    REQUIRE(weights_before.size() >= 2);
    CHECK_THAT(p["message"].get<std::string>(), Contains("try a smaller learning rate"));
    CHECK_THAT(p["message"].get<std::string>(), Contains("times its first value"));
    const json result = json::parse(train_result_json());
    REQUIRE(result["ok"] == true);
    // The call that failed found the loss of the previous call's step bad: that step is undone.
    CHECK(result["weights"] == weights_before[weights_before.size() - 2]);
    CHECK(result["misses"]["4"].is_number());
}

TEST_CASE("train_start_json: a refused training clears the previous one, so advancing has nothing to continue") {
    REQUIRE(json::parse(train_start_json(R"({"model": "lookup", "epochs": 1})"))["ok"] == true);
    CHECK(error_param(train_start_json(R"({"model": "lookup", "lr": 5})")) == "lr");
    CHECK_THAT(error_message(train_advance_json(1)), Contains("no training has been started"));
    CHECK(error_param(train_start_json("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[")) == "");
}
