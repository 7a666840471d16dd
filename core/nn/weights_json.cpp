#include "weights_json.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <set>

#include <nlohmann/json.hpp>

#include "error.hpp"

namespace attn::nn {
namespace {

using json = nlohmann::json;
constexpr const char* kFormat = "attn-nn-weights";
constexpr int kVersion = 1;

[[noreturn]] void reject(const std::string& why) { throw ParamError("weights", "cannot load the weights: " + why); }

// The shortest decimal (at most 9 digits) that reads back as the same float.
double short_decimal(float v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", static_cast<double>(v));
    return std::strtod(text, nullptr);
}

std::string shape_text(const std::vector<int>& shape) {
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

}  // namespace

std::string save_weights_json(const Network<float>& net) {
    json params = json::array();
    for (const Param<float>* p : net.params()) {
        json values = json::array();
        for (Eigen::Index i = 0; i < p->value.size(); ++i) values.push_back(short_decimal(p->value.data()[i]));
        params.push_back({{"name", p->name}, {"shape", p->shape}, {"values", std::move(values)}});
    }
    return json{{"format", kFormat}, {"version", kVersion}, {"model", net.name()}, {"parameters", params}}.dump();
}

std::unique_ptr<Network<float>> load_weights_json(const std::string& text) {
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::parse_error& e) {
        reject(std::string("the file is not valid JSON (") + e.what() + ")");
    }
    if (!doc.is_object()) reject("the file must hold one JSON object");
    if (doc.value("format", std::string()) != kFormat) reject("\"format\" must be \"" + std::string(kFormat) + "\"");
    if (!doc.contains("version") || doc["version"] != kVersion) reject("\"version\" must be 1");
    if (!doc.contains("model") || !doc["model"].is_string()) reject("\"model\" must name the network");
    for (const auto& item : doc.items())
        if (item.key() != "format" && item.key() != "version" && item.key() != "model" && item.key() != "parameters")
            reject("unexpected field \"" + item.key() + "\"");
    const std::string model = doc["model"];
    Rng unused(0);
    std::unique_ptr<Network<float>> net;
    try {
        net = make_network<float>(model, unused);
    } catch (const ParamError& e) {
        reject(e.what());
    }
    if (!doc.contains("parameters") || !doc["parameters"].is_array()) reject("\"parameters\" must be a list");
    std::set<std::string> seen;
    for (const json& entry : doc["parameters"]) {
        if (!entry.is_object() || !entry.contains("name") || !entry["name"].is_string())
            reject("every parameter needs a \"name\"");
        const std::string name = entry["name"];
        Param<float>* p = net->find_param(name);
        if (!p) reject("\"" + name + "\" is not a tensor of " + model);
        if (!seen.insert(name).second) reject("\"" + name + "\" appears twice");
        std::vector<int> shape;
        try {
            shape = entry.at("shape").get<std::vector<int>>();
        } catch (const json::exception&) {
            reject("\"" + name + "\" needs a \"shape\" list of whole numbers");
        }
        if (shape != p->shape)
            reject("\"" + name + "\" has shape " + shape_text(shape) + " but " + model + " needs " + shape_text(p->shape));
        if (!entry.contains("values") || !entry["values"].is_array()) reject("\"" + name + "\" needs a \"values\" list");
        const json& values = entry["values"];
        if (static_cast<Eigen::Index>(values.size()) != p->value.size())
            reject("\"" + name + "\" has " + std::to_string(values.size()) + " values but its shape " +
                   shape_text(p->shape) + " holds " + std::to_string(p->value.size()));
        for (Eigen::Index i = 0; i < p->value.size(); ++i) {
            const json& v = values[static_cast<std::size_t>(i)];
            if (!v.is_number()) reject("\"" + name + "\" value " + std::to_string(i) + " is not a number");
            const double d = v.get<double>();
            if (!std::isfinite(d) || std::abs(d) > std::numeric_limits<float>::max())
                reject("\"" + name + "\" value " + std::to_string(i) + " is not a finite float");
            p->value.data()[i] = static_cast<float>(d);
        }
    }
    for (const Param<float>* p : net->params())
        if (!seen.count(p->name)) reject("\"" + p->name + "\" is missing");
    return net;
}

}  // namespace attn::nn
