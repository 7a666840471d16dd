#include <cmath>

#include "lessons/attention/demos.hpp"
#include "math/numpy_format.hpp"
#include "demo/result.hpp"
#include "math/softmax.hpp"

namespace attn::lesson_attention {
namespace {

constexpr int kSweepPoints = 61;  // points on the "scale factor" axis of the chart

RowVector softmax_of(const RowVector& scores) { return softmax_rows(Matrix(scores)).row(0); }

constexpr double kHardChoice = 0.99;  // one weight this large: in effect a choice of one score
constexpr double kEven = 0.01;        // weights within this of each other: an even split

// How a row of weights spreads, as the lesson's sentence says it: "hard", "even" or "blend".
// "split" when the largest is shared by two or more equal scores and the rest get almost nothing.
std::string spread_of(const RowVector& w) {
    if (w.maxCoeff() - w.minCoeff() < kEven) return "even";
    if (w.maxCoeff() >= kHardChoice) return "hard";
    double at_top = 0;
    for (Eigen::Index j = 0; j < w.size(); ++j)
        if (w.maxCoeff() - w(j) < kEven) at_top += w(j);
    return at_top >= kHardChoice ? "split" : "blend";
}
// Every word spread_of returns.
std::vector<std::string> spreads() { return {"even", "hard", "split", "blend"}; }

json compute(const Params& p) {
    const std::vector<double> raw = p.vector("scores");
    const RowVector scores = Eigen::Map<const RowVector>(raw.data(), static_cast<Eigen::Index>(raw.size()));
    const double scale = p.number("scale");
    const RowVector soft = softmax_of(scores);
    const RowVector sharp = softmax_of(scores * scale);

    Result r;
    r.print(format_row(soft)).print(format_row(sharp));
    Matrix both(2, scores.size());
    both << soft, sharp;
    r.table("weights", "Weights at scale 1 and at the chosen scale", both,
            {"scores × 1", "scores × " + format_number(scale)},
            numbered("score", scores.size()), true);

    // Sweep the scale on a log axis from 0.1 to 100 so soft-to-hard is visible
    // whatever scale the learner picked.
    std::vector<Series> series;
    for (Eigen::Index j = 0; j < scores.size(); ++j) series.push_back({"weight of score " + std::to_string(j), {}, {}});
    for (int k = 0; k < kSweepPoints; ++k) {
        const double s = std::pow(10.0, -1.0 + 3.0 * k / (kSweepPoints - 1));
        const RowVector w = softmax_of(scores * s);
        for (Eigen::Index j = 0; j < scores.size(); ++j) {
            series[j].x.push_back(s);
            series[j].y.push_back(w(j));
        }
    }
    r.chart("sweep", "Each weight as the scores are multiplied by a growing factor", "scale factor", "weight",
            series, true);
    r.number("scale", scale).number("soft_max_weight", soft.maxCoeff()).number("sharp_max_weight", sharp.maxCoeff());
    r.text("soft_weights", format_row(soft)).text("sharp_weights", format_row(sharp));
    r.claim("soft_kind", spread_of(soft)).claim("sharp_kind", spread_of(sharp));
    r.claim("scores", scores.size() == 1 ? "one" : "many");  // a lone score has nothing to share its weight with
    return std::move(r).to_json();
}

}  // namespace

Demo softmax_scaling() {
    return Demo{"softmax_scaling",
                "Why divide by √d: the same scores at two scales",
                {vector_param("scores", {1, 2, 3})
                     .labelled("Scores")
                     .helped("One to eight scores, as one query would give them.")
                     .in(-50, 50)
                     .stepped(0.1)
                     .length(1, 8),
                 number_param("scale", 10)
                     .labelled("Multiply the scores by")
                     .helped("Large factors make softmax pick one score; small ones blend them all.")
                     .in(0.01, 100)
                     .stepped(0.01)},
                compute,
                {"softmax"}}
        .claiming("soft_kind", spreads())
        .claiming("sharp_kind", spreads())
        .claiming("scores", {"one", "many"});
}

}  // namespace attn::lesson_attention
