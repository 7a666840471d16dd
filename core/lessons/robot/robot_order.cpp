#include <cmath>

#include "lessons/robot/demos.hpp"
#include "demo/prose.hpp"
#include "math/python_format.hpp"

namespace attn::lesson_robot {
namespace {

json compute(const Params& p) {
    const LastGuess g = last_guess(p);
    const int keys = keys_of(p);
    const double divisor = p.number("divisor");
    const std::vector<double> strengths = p.vector("strengths");

    // 1. The same keys and values, shuffled together: the guess cannot move.
    const robot::Looking plain = robot::attend(g.patches, divisor);
    const std::vector<int> order = robot::shuffled_order(keys, static_cast<std::uint64_t>(p.integer("shuffle_seed")));
    const robot::Looking mixed = robot::attend(robot::reordered(g.patches, order), divisor);

    Result r;
    r.print("in order: " + python_rounded(plain.guess, 4) + "  shuffled: " + python_rounded(mixed.guess, 4));

    // 2. A position number of growing strength on every key and on the query.
    Matrix table(strengths.size(), 3);
    std::vector<std::string> rows;
    Matrix strips(strengths.size() + 1, keys);  // the weights without a position number, then with each strength
    strips.row(0) = plain.weights.transpose();
    std::vector<std::string> strip_labels = {"no position"};
    json by_strength = json::array(), guesses = json::array(), steps_back = json::array();
    for (std::size_t s = 0; s < strengths.size(); ++s) {
        const robot::Looking look = robot::attend(robot::with_position(g.patches, strengths[s]), divisor);
        const int back = keys - static_cast<int>(look.best);
        // The program's strengths are floats (0.0, 0.6, ...), printed as Python prints them.
        const std::string name = "position worth " + python_repr(strengths[s]);
        r.print(name + " : guess " + python_rounded(look.guess, 1) + "  the key it leans on is " + prose::steps_back(back));
        table.row(s) << look.guess, back, look.weights.maxCoeff();
        rows.push_back(name);
        strips.row(s + 1) = look.weights.transpose();
        strip_labels.push_back(name);
        by_strength.push_back({{"strength", strengths[s]}, {"guess", look.guess}, {"steps_back", back},
                               {"top_weight", look.weights.maxCoeff()}, {"error", std::abs(look.guess - g.truth)}});
        guesses.push_back(look.guess);
        steps_back.push_back(back);
    }
    r.print("the truth was " + std::to_string(g.truth));
    r.table("positions", "The guess and the key it leans on, for each strength of the position number", table, rows,
            {"guess [cm]", "steps back of the top key", "its weight"}, false);
    r.figure(weight_strip("weights", "Weight of each key, without and with a position number", strips, strip_labels,
                          g.patches.values));

    r.number("plain_guess", plain.guess).number("shuffled_guess", mixed.guess);
    r.number("shuffle_difference", std::abs(plain.guess - mixed.guess));
    r.number("order", order).number("plain_steps_back", keys - static_cast<int>(plain.best));
    r.text("plain_steps_back_text", prose::steps_back(keys - static_cast<int>(plain.best)));
    r.number("truth", g.truth).number("strengths", strengths);
    r.number("guesses", guesses).number("steps_back", steps_back).number("by_strength", by_strength);
    r.number("keys", keys).number("divisor", divisor);
    return std::move(r).to_json();
}

}  // namespace

Demo robot_order() {
    std::vector<ParamSpec> params = spin_params(kLessonTicks);
    params.push_back(integer_param("shuffle_seed", 7)
                         .labelled("Shuffle seed")
                         .helped("Picks the jumbled order of the keys (each key keeps its own value).")
                         .in(0, 1000000)
                         .stepped(1));
    params.push_back(vector_param("strengths", {0, 0.6, 1.2, 1.8, 2.4})
                         .labelled("Strengths of the position number")
                         .helped("Key j gets strength × j / (keys − 1); the query gets the full strength, for now.")
                         .in(0, 10)
                         .stepped(0.1)
                         .length(1, 8));
    return {"robot_order", "Attention has no sense of order", params, compute, {"robot-order", "robot-attention"}};
}

}  // namespace attn::lesson_robot
