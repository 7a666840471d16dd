#include <algorithm>
#include <cmath>

#include "lessons/robot/demos.hpp"
#include "demo/prose.hpp"
#include "math/python_format.hpp"

namespace attn::lesson_robot {
namespace {

// 20 -> "twenty", 34 -> "thirty-four": the numbers of keys the demo allows (1 to 40), in words.
std::string number_word(int n) {
    static const char* const kOnes[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
                                        "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen",
                                        "sixteen", "seventeen", "eighteen", "nineteen"};
    static const char* const kTens[] = {"", "", "twenty", "thirty", "forty"};
    if (n < 0 || n >= 50) return std::to_string(n);
    if (n < 20) return kOnes[n];
    return std::string(kTens[n / 10]) + (n % 10 ? std::string("-") + kOnes[n % 10] : "");
}

json compute(const Params& p) {
    const LastGuess g = last_guess(p);
    const int keys = keys_of(p), patch = patch_of(p);
    const std::vector<double> divisors = p.vector("divisors");
    const robot::Looking raw = robot::attend(g.patches, 1.0);  // divisor 1: the scores are the dot products
    const double average = g.patches.values.mean();             // what a flat softmax gives [cm]
    Eigen::Index top = 0;
    raw.dots.maxCoeff(&top);
    const double best_single = g.patches.values(top);  // what a one-hot softmax gives [cm]

    Result r;
    const std::vector<double> dot_list(raw.dots.data(), raw.dots.data() + raw.dots.size());
    r.print("the dot products: " + python_rounded_list(dot_list, 1));
    // The program spells the count out ("all twenty values"); so does the demo, for any count.
    r.print("the average of all " + number_word(keys) + " values: " + python_rounded(average, 1));

    Matrix weights(divisors.size(), keys);
    std::vector<std::string> rows;
    json by_divisor = json::array(), largest = json::array(), guesses = json::array();
    for (std::size_t d = 0; d < divisors.size(); ++d) {
        const robot::Looking look = robot::attend(g.patches, divisors[d]);
        weights.row(d) = look.weights.transpose();
        // The program's divisors are floats (2.24, 0.5, 0.12): 10 prints as 10.0.
        const std::string name = "divide by " + python_repr(divisors[d]);
        rows.push_back(name);
        r.print(name + " : biggest weight " + python_rounded(look.weights.maxCoeff(), 3) + "  guess " +
                python_rounded(look.guess, 1) + "  truth " + std::to_string(g.truth));
        by_divisor.push_back({{"divisor", divisors[d]}, {"largest_weight", look.weights.maxCoeff()},
                              {"guess", look.guess}, {"error", std::abs(look.guess - g.truth)},
                              {"top_steps_back", keys - static_cast<int>(look.best)}});
        largest.push_back(look.weights.maxCoeff());
        guesses.push_back(look.guess);
    }
    r.table("weights", "The weights under each divisor, oldest key on the left", weights, rows,
            numbered("key", keys), true);
    r.figure(weight_strip("strips", "Weight of each key under each divisor", weights, rows, g.patches.values));

    Matrix dot_row(1, keys);
    dot_row.row(0) = raw.dots.transpose();
    r.table("dots", "The dot products, query · key", dot_row, {"dot product"}, numbered("key", keys), false);

    r.number("dots", dot_list).number("average_of_values", average);
    r.number("best_single_value", best_single).number("best_single_steps_back", keys - static_cast<int>(top));
    r.text("best_single_steps_back_text", prose::steps_back(keys - static_cast<int>(top)));
    r.number("truth", g.truth).number("divisors", divisors);
    r.number("largest_weights", largest).number("guesses", guesses).number("by_divisor", by_divisor);
    r.number("transformer_divisor", std::sqrt(static_cast<double>(patch)));  // √(key length)
    r.number("keys", keys).number("patch", patch);
    return std::move(r).to_json();
}

}  // namespace

Demo robot_sharpness() {
    std::vector<ParamSpec> params = spin_params(kLessonTicks);
    // The list of divisors below takes the place of the single divisor.
    const auto at = std::find_if(params.begin(), params.end(), [](const ParamSpec& s) { return s.name == "divisor"; });
    const auto where = params.erase(at);
    params.insert(where, vector_param("divisors", {2.24, 0.5, 0.12})
                                          .labelled("Divisors to compare")
                                          .helped("Each dot product is divided by each of these in turn. "
                                                  "2.24 is √5, what a transformer would use for 5-number keys.")
                                          .in(0.01, 100)
                                          .stepped(0.01)
                                          .length(1, 6));
    return {"robot_sharpness", "How sharp is the looking", params, compute, {"robot-attention", "softmax"}};
}

}  // namespace attn::lesson_robot
