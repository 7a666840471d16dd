// The network table (nn/network_table.hpp) against everything it names: each
// entry builds as its class, its fixture and shipped weights exist and hold that
// network, and the files on disk name no network the table lacks. The site build
// reads which lesson ships which weights from the table itself (scripts/lesson-networks.mjs),
// through `attn networks`, which tests/wasm/native-cli-train.test.mjs checks.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "base/error.hpp"
#include "models/model_store.hpp"
#include "nn/lm/char_lm.hpp"
#include "nn/lm/lm_trainer.hpp"
#include "nn/network_table.hpp"
#include "nn/trainer.hpp"

using namespace attn;
using namespace attn::nn;
using attn::models::ModelStore;
using attn::models::StoredModel;
using attn::table::parse_task;
using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

const fs::path kRoot = ATTN_SOURCE_DIR;

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in.good());
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The names of the .json files in `dir` whose name has no other dot ("lookup"
// for lookup.json; "find-lookup.summary.json" is not one).
std::set<std::string> json_stems(const fs::path& dir) {
    std::set<std::string> stems;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const fs::path p = entry.path();
        if (p.extension() == ".json" && p.stem().extension().empty()) stems.insert(p.stem().string());
    }
    return stems;
}

}  // namespace

TEST_CASE("network table: names are unique, and every network lists its tasks once") {
    std::set<std::string> names;
    for (const NetworkEntry& e : network_table()) {
        INFO(e.name);
        CHECK(names.insert(e.name).second);
        std::set<std::string> tasks;
        for (const LessonTraining& t : e.trained) {
            CHECK(tasks.insert(t.task).second);
            CHECK(t.rate > 0);
            if (e.input == NetworkInput::TableScene) CHECK((t.task == "find" || t.task == "nearest"));
            else CHECK(t.task == "next-character");
        }
        CHECK((e.batch_parts == 1 || e.batch_parts == 2 || e.batch_parts == 4));
    }
}

TEST_CASE("network table: the default network is the first table-scene entry, Lookup, and training starts from it") {
    const NetworkEntry& e = default_network();
    CHECK(e.name == "lookup");
    CHECK(&e == &network_table().front());
    CHECK(TrainConfig{}.model == e.name);
}

TEST_CASE("network table: the language model's entry gives the lesson's default settings and its trainer's parts") {
    const NetworkEntry& e = language_model();
    CHECK(e.input == NetworkInput::Text);
    CHECK(find_network(e.name) == &e);
    REQUIRE(e.sizes.size() == 4);
    REQUIRE(e.trained.size() == 1);
    const lm::LmConfig defaults;
    CHECK(defaults.layers == e.sizes[0]);
    CHECK(defaults.heads == e.sizes[1]);
    CHECK(defaults.width == e.sizes[2]);
    CHECK(defaults.context == e.sizes[3]);
    CHECK(defaults.lr == e.trained[0].rate);
    CHECK(e.batch_parts == lm::kParts);
    CHECK_NOTHROW(lm::check_config(defaults));
    CHECK(e.build_float == nullptr);
}

TEST_CASE("network table: every table-scene network builds as its class under its own name, in float and double") {
    for (const NetworkEntry& e : network_table()) {
        if (e.input != NetworkInput::TableScene) continue;
        INFO(e.name);
        REQUIRE(e.build_float != nullptr);
        REQUIRE(e.build_double != nullptr);
        const auto f = e.build_float();
        const auto d = e.build_double();
        CHECK(f->name() == e.name);
        CHECK(d->name() == e.name);
        CHECK(f->parameter_count() > 0);
        CHECK(d->parameter_count() == f->parameter_count());
        Rng rng(0);
        CHECK(make_network<float>(e.name, rng)->parameter_count() == f->parameter_count());
        CHECK(batch_parts(e.name) == e.batch_parts);
    }
}

namespace {

template <typename T>
void check_fixture_parameters(const json& fixture, const ParamList<T>& params) {
    REQUIRE(fixture["parameters"].size() == params.size());
    for (std::size_t i = 0; i < params.size(); ++i) {
        CHECK(fixture["parameters"][i]["name"] == params[i]->name);
        CHECK(fixture["parameters"][i]["shape"] == json(params[i]->shape));
    }
}

}  // namespace

TEST_CASE("network table: every fixture exists and holds its network's parameters, names and shapes") {
    for (const NetworkEntry& e : network_table()) {
        INFO(e.name << ": " << e.fixture);
        const json fixture = json::parse(read_text(kRoot / e.fixture));
        if (e.input == NetworkInput::TableScene) {
            CHECK(fixture["model"] == e.name);
            check_fixture_parameters(fixture, e.build_float()->params());
        } else {  // the language model's fixture is at a small shape of its own, which it records
            const json& s = fixture["shape"];
            lm::LmShape shape;
            shape.vocab = s["vocab"], shape.context = s["context"], shape.width = s["width"];
            shape.heads = s["heads"], shape.layers = s["layers"];
            check_fixture_parameters(fixture, lm::CharLm<float>(shape).params());
        }
    }
}

TEST_CASE("network table: every shipped weights file loads into its slot, and the lesson's rate is the trainer's") {
    for (const NetworkEntry& e : network_table())
        for (const LessonTraining& t : e.trained) {
            if (e.input != NetworkInput::TableScene) continue;  // the language model's: the test above
            const std::string slot = t.task + "/" + e.name;
            INFO(slot);
            CHECK(lesson_learning_rate(parse_task(t.task), e.name) == t.rate);
            if (t.weights.empty()) continue;
            ModelStore store;
            const StoredModel& m = store.store(slot, read_text(kRoot / t.weights));
            CHECK(m.net->name() == e.name);
        }
}

TEST_CASE("network table: every fixture and weights file on disk belongs to an entry") {
    std::set<std::string> names;
    std::map<std::string, std::set<std::string>> weights;  // folder -> the files the table ships there
    weights["lessons/table/weights"];
    for (const NetworkEntry& e : network_table()) {
        names.insert(e.name);
        for (const LessonTraining& t : e.trained)
            if (!t.weights.empty())
                weights[fs::path(t.weights).parent_path().generic_string()].insert(fs::path(t.weights).stem().string());
    }
    for (const std::string& fixture : json_stems(kRoot / "tests/fixtures/nn")) {
        INFO("tests/fixtures/nn/" << fixture << ".json");
        CHECK(names.count(fixture) == 1);
    }
    for (const auto& [folder, shipped] : weights) {
        INFO(folder);
        CHECK(json_stems(kRoot / folder) == shipped);
    }
}

TEST_CASE("network table: the JSON for scripts carries every entry with its class, sizes and parameter count") {
    const json table = network_table_json();
    REQUIRE(table.size() == network_table().size());
    for (std::size_t i = 0; i < table.size(); ++i) {
        const NetworkEntry& e = network_table()[i];
        INFO(e.name);
        CHECK(table[i]["name"] == e.name);
        CHECK(table[i]["class"] == e.class_name);
        CHECK(table[i]["sizes"] == json(e.sizes));
        CHECK(table[i]["fixture"] == e.fixture);
        if (e.build_float) CHECK(table[i]["parameters"] == e.build_float()->parameter_count());
    }
}

TEST_CASE("network table: the error for an unknown network lists the table's names") {
    Rng rng(0);
    try {
        make_network<float>("lstm", rng);
        FAIL("lstm was built");
    } catch (const ParamError& e) {
        CHECK(std::string(e.what()) == "unknown model \"lstm\" (choose " + network_choices_text() + ")");
        CHECK(network_choices_text() == "lookup, transformer-1, transformer-2, plain-16 or plain-256");
    }
}
