#include "nn/weights_json.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <set>

#include <nlohmann/json.hpp>

#include "base/error.hpp"
#include "base/json_limits.hpp"

namespace attn::nn {
namespace {

using json = nlohmann::json;
constexpr const char* kFormat = "attn-nn-weights";
constexpr int kVersion = 1;

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

namespace {

// A value as the message shows it: short, whatever the file holds.
std::string found(const json& v) {
    const std::string text = v.dump(-1, ' ', false, json::error_handler_t::replace);
    return text.size() <= 40 ? text : text.substr(0, 37) + "...";
}

json parse_file(const std::string& text) {
    json_limits::check_json_text(text, "weights", "the weights file");  // before the parser recurses
    try {
        return json::parse(text);
    } catch (const json::out_of_range&) {
        refuse_file("weights",
                    "the file holds a number too large for a double (such as 1e400); every weight must be a float "
                    "of at most " +
                        std::to_string(static_cast<long long>(kMaxWeightMagnitude)) + " in size");
    } catch (const json::exception&) {
        refuse_file("weights", "the file is not valid JSON");
    }
}

// A string field: one of another type is a sentence, not nlohmann's type_error.
std::string string_field(const json& doc, const char* field, const std::string& expected) {
    if (!doc.contains(field))
        refuse_file("weights", std::string("\"") + field + "\" must be " + expected + ", but the file has none");
    const json& v = doc[field];
    if (!v.is_string())
        refuse_file("weights", std::string("\"") + field + "\" must be " + expected + ", but the file has " + found(v));
    return v.get<std::string>();
}

void check_header(const json& doc) {
    if (!doc.is_object()) refuse_file("weights", "the file must hold one JSON object, but it holds " + found(doc));
    const std::string format = "\"" + std::string(kFormat) + "\"";
    if (string_field(doc, "format", format) != kFormat)
        refuse_file("weights", "\"format\" must be " + format + ", but the file has " + found(doc["format"]));
    if (!doc.contains("version") || doc["version"] != kVersion)
        refuse_file("weights", "\"version\" must be 1, but the file has " +
                                   (doc.contains("version") ? found(doc["version"]) : "none"));
    string_field(doc, "model", "the name of a network");
    for (const auto& item : doc.items())
        if (item.key() != "format" && item.key() != "version" && item.key() != "model" && item.key() != "parameters")
            refuse_file("weights", "unexpected field \"" + item.key() + "\"");
}

// One dimension: a whole number from 1 to kMaxDimension (a float such as 16.0 is whole too).
int dimension(const json& d, const std::string& name) {
    const bool whole = d.is_number_integer() || (d.is_number_float() && std::floor(d.get<double>()) == d.get<double>());
    if (!whole || d.get<double>() < 1 || d.get<double>() > kMaxDimension)
        refuse_file("weights", "\"" + name + "\" needs a \"shape\" list of whole numbers from 1 to " +
                                   std::to_string(kMaxDimension) + ", but has " + found(d) + " in it");
    return static_cast<int>(d.get<double>());  // exact: checked whole and within int above
}

std::vector<int> read_shape(const json& entry, const std::string& name) {
    if (!entry.contains("shape") || !entry["shape"].is_array())
        refuse_file("weights", "\"" + name + "\" needs a \"shape\" list of whole numbers");
    std::vector<int> shape;
    for (const json& d : entry["shape"]) shape.push_back(dimension(d, name));
    return shape;
}

void read_values(const json& entry, const std::string& name, Param<float>& p) {
    if (!entry.contains("values") || !entry["values"].is_array())
        refuse_file("weights", "\"" + name + "\" needs a \"values\" list");
    const json& values = entry["values"];
    if (static_cast<Eigen::Index>(values.size()) != p.value.size())
        refuse_file("weights", "\"" + name + "\" has " + std::to_string(values.size()) + " values but its shape " +
                                   shape_text(p.shape) + " holds " + std::to_string(p.value.size()));
    for (Eigen::Index i = 0; i < p.value.size(); ++i) {
        const json& v = values[static_cast<std::size_t>(i)];
        if (!v.is_number()) refuse_file("weights", "\"" + name + "\" value " + std::to_string(i) + " is not a number");
        const double d = v.get<double>();
        if (!std::isfinite(d) || std::abs(d) > kMaxWeightMagnitude)
            refuse_file("weights", "\"" + name + "\" value " + std::to_string(i) + " is " + found(v) +
                                       ", but every weight must be a finite number of at most " +
                                       std::to_string(static_cast<long long>(kMaxWeightMagnitude)) + " in size");
        p.value.data()[i] = static_cast<float>(d);
    }
}

void read_parameter(const json& entry, Network<float>& net, const std::string& model, std::set<std::string>& seen) {
    if (!entry.is_object() || !entry.contains("name") || !entry["name"].is_string())
        refuse_file("weights", "every parameter needs a \"name\"");
    const std::string name = entry["name"];
    Param<float>* p = net.find_param(name);
    if (!p) refuse_file("weights", "\"" + name + "\" is not a tensor of " + model);
    if (!seen.insert(name).second) refuse_file("weights", "\"" + name + "\" appears twice");
    const std::vector<int> shape = read_shape(entry, name);
    if (shape != p->shape)
        refuse_file("weights", "\"" + name + "\" has shape " + shape_text(shape) + " but " + model + " needs " +
                                   shape_text(p->shape));
    read_values(entry, name, *p);
}

}  // namespace

std::unique_ptr<Network<float>> load_weights_json(const std::string& text) {
    const json doc = parse_file(text);
    check_header(doc);
    const std::string model = doc["model"];
    Rng unused(0);
    std::unique_ptr<Network<float>> net;
    try {
        net = make_network<float>(model, unused);
    } catch (const ParamError& e) {
        refuse_file("weights", e.what());
    }
    if (!doc.contains("parameters") || !doc["parameters"].is_array())
        refuse_file("weights", "\"parameters\" must be a list");
    std::set<std::string> seen;
    for (const json& entry : doc["parameters"]) read_parameter(entry, *net, model, seen);
    for (const Param<float>* p : net->params())
        if (!seen.count(p->name)) refuse_file("weights", "\"" + p->name + "\" is missing");
    return net;
}

}  // namespace attn::nn
